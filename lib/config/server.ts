import 'server-only';
import { z } from 'zod';
import { processOnce } from '@/lib/process-state';

// An empty assignment in a .env file (`SUPABASE_URL=`) means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;

/** "5/10m" is five per ten minutes, "60/m" sixty a minute, "off" no limit. */
const rateLimit = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(off|\d+\s*\/\s*\d*\s*[smh])$/)
  .transform((value): RateLimit | null => {
    if (value === 'off') return null;
    const [, limit, amount, unit] = /^(\d+)\s*\/\s*(\d*)\s*([smh])$/.exec(value)!;
    return { limit: Number(limit), windowSeconds: Number(amount || 1) * UNIT_SECONDS[unit as keyof typeof UNIT_SECONDS] };
  });

const MESSAGES: Record<string, string> = {
  SUPABASE_URL: 'must be an http(s) URL',
  SUPABASE_TIMEOUT_MS: 'must be a whole number of milliseconds from 100 to 60000',
  RATE_LIMIT_PER_IP: 'must be "off" or a count per period, such as 5/10m',
  RATE_LIMIT_GLOBAL: 'must be "off" or a count per period, such as 60/1m',
  TRUST_PROXY: 'must name the header your proxy sets, such as x-real-ip or x-forwarded-for',
  ADMIN_PASSWORD: 'must be at least 12 characters',
  LEAD_WEBHOOK_URL: 'must be an http(s) URL',
  LEAD_WEBHOOK_FORMAT: 'must be json or slack',
};

const environmentSchema = z
  .object({
    SUPABASE_URL: optional(z.url({ protocol: /^https?$/ })),
    SUPABASE_SECRET_KEY: optional(z.string()),
    SUPABASE_SERVICE_ROLE_KEY: optional(z.string()),
    SUPABASE_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)),
    DATA_DIR: optional(z.string()),
    RATE_LIMIT_PER_IP: optional(rateLimit),
    RATE_LIMIT_GLOBAL: optional(rateLimit),
    TRUST_PROXY: optional(z.string().trim().toLowerCase().regex(/^[a-z0-9-]+$/)),
    ADMIN_PASSWORD: optional(z.string().min(12)),
    LEAD_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
    LEAD_WEBHOOK_FORMAT: optional(z.enum(['json', 'slack'])),
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

export interface GuardConfig {
  perClient: RateLimit | null;
  global: RateLimit | null;
  /** The request header a trusted proxy sets to the visitor's address; unset when no proxy is trusted. */
  clientAddressHeader: string | null;
}

export interface ServerConfig {
  store: StoreConfig;
  guards: GuardConfig;
  /** The inbox at /admin exists only when a password is set. */
  adminPassword: string | null;
  webhook: { url: string; format: 'json' | 'slack' } | null;
}

export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/**
 * The server's configuration, read from the environment once per process (the
 * site's public address is the build's: lib/config/site.ts).
 */
export function serverConfig(): ServerConfig {
  return processOnce('serverConfig', () => parseServerConfig(process.env));
}

/** The configuration an environment describes, or an EnvironmentError naming each offending variable (never its value). */
export function parseServerConfig(source: NodeJS.ProcessEnv): ServerConfig {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0]);
      return `${variable} ${issue.code === 'custom' ? issue.message : (MESSAGES[variable] ?? 'is invalid')}`;
    });
    throw new EnvironmentError(`Invalid environment: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const key = env.SUPABASE_SECRET_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY;
  const store: StoreConfig =
    env.SUPABASE_URL && key
      ? { kind: 'supabase', url: env.SUPABASE_URL, key, timeoutMs: env.SUPABASE_TIMEOUT_MS ?? 8000 }
      : { kind: 'embedded', dataDir: env.DATA_DIR ?? './.data' };
  return {
    store,
    guards: {
      perClient: env.RATE_LIMIT_PER_IP === undefined ? { limit: 5, windowSeconds: 600 } : env.RATE_LIMIT_PER_IP,
      global: env.RATE_LIMIT_GLOBAL === undefined ? { limit: 60, windowSeconds: 60 } : env.RATE_LIMIT_GLOBAL,
      clientAddressHeader: env.TRUST_PROXY ?? null,
    },
    adminPassword: env.ADMIN_PASSWORD ?? null,
    webhook: env.LEAD_WEBHOOK_URL ? { url: env.LEAD_WEBHOOK_URL, format: env.LEAD_WEBHOOK_FORMAT ?? 'json' } : null,
  };
}
