import 'server-only';
import { z } from 'zod';

// An empty assignment in a .env file (`SUPABASE_URL=`) means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const environmentSchema = z
  .object({
    SUPABASE_URL: optional(z.url({ protocol: /^https?$/ })),
    SUPABASE_SECRET_KEY: optional(z.string()),
    SUPABASE_SERVICE_ROLE_KEY: optional(z.string()),
    SUPABASE_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)),
    DATA_DIR: optional(z.string()),
  })
  .superRefine((env, context) => {
    const key = env.SUPABASE_SECRET_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY;
    if (env.SUPABASE_URL && !key) {
      context.addIssue({
        code: 'custom',
        path: ['SUPABASE_SECRET_KEY'],
        message: 'is required when SUPABASE_URL is set (SUPABASE_SERVICE_ROLE_KEY is accepted too)',
      });
    }
    if (key && !env.SUPABASE_URL) {
      context.addIssue({ code: 'custom', path: ['SUPABASE_URL'], message: 'is required when a Supabase key is set' });
    }
  });

export type StoreConfig =
  | { kind: 'supabase'; url: string; key: string; timeoutMs: number }
  | { kind: 'embedded'; dataDir: string };

export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/** Reads the store configuration, failing with a message that names each offending variable (never its value). */
export function readStoreConfig(source: NodeJS.ProcessEnv = process.env): StoreConfig {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${describe(issue)}`);
    throw new EnvironmentError(`Invalid environment: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const key = env.SUPABASE_SECRET_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY;
  if (env.SUPABASE_URL && key) {
    return { kind: 'supabase', url: env.SUPABASE_URL, key, timeoutMs: env.SUPABASE_TIMEOUT_MS ?? 8000 };
  }
  return { kind: 'embedded', dataDir: env.DATA_DIR ?? './.data' };
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return issue.message;
  if (issue.code === 'invalid_format') return 'must be an http(s) URL';
  return 'is invalid';
}
