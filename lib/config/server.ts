import 'server-only';
import { z } from 'zod';
import { processOnce } from '@/lib/process-state';
import type { ClientAddressRules } from '@/lib/request';

/** Where private tours take place when TOUR_LOCATION does not say: the sales gallery, named without a street address. */
const DEFAULT_TOUR_LOCATION = 'Aldercrest Estates, Sales Gallery';

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

/** An address as the mail relay takes it: a display name and a mailbox, checked, with no control character anywhere. */
export interface MailAddress {
  name: string;
  address: string;
}

const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const isMailbox = (address: string) => !CONTROL.test(address) && z.email().safeParse(address).success;

/** `Name <box@example.com>` or `box@example.com`. */
const mailAddress = z
  .string()
  .trim()
  .transform((value, context): MailAddress => {
    const named = /^"?([^"<>]*?)"?\s*<([^<>\s]+)>$/.exec(value);
    const [name, address] = named ? [named[1]!.trim(), named[2]!] : ['', value];
    if (CONTROL.test(name) || !isMailbox(address)) {
      context.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return { name, address };
  });

/** One or more mailboxes, separated by commas. */
const mailboxList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .refine((addresses) => addresses.length > 0 && addresses.every(isMailbox));

/** A Standard Webhooks secret: whsec_ and at least 24 bytes of base64. */
const webhookSecret = z
  .string()
  .trim()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
  .refine((secret) => Buffer.from(secret.slice('whsec_'.length), 'base64').length >= 24);

const timeZone = z
  .string()
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  });

/** The variables the inbox's sign-in once read, before accounts: named at start-up, with what replaces them. */
const RETIRED = {
  ADMIN_PASSWORD: 'is no longer read: the inbox signs people in by email. Set ADMIN_EMAILS to the owners\' addresses instead (README, "Moving from ADMIN_USERS")',
  ADMIN_USERS: 'is no longer read: the inbox signs people in by email. Set ADMIN_EMAILS to the owners\' addresses, and invite the rest of the team from /admin/team (README, "Moving from ADMIN_USERS")',
  SALES_TEAM: 'is no longer read: the team is whoever is invited at /admin/team',
} as const;

const MESSAGES: Record<string, string> = {
  SUPABASE_URL: 'must be an http(s) URL',
  SUPABASE_TIMEOUT_MS: 'must be a whole number of milliseconds from 100 to 60000',
  RATE_LIMIT_PER_IP: 'must be "off" or a count per period, such as 5/10m',
  RATE_LIMIT_GLOBAL: 'must be "off" or a count per period, such as 60/1m',
  TRUST_PROXY: 'must name the header your proxy sets, such as x-real-ip or x-forwarded-for',
  RATE_LIMIT_IPV6_PREFIX: 'must be a prefix length from 16 to 128, such as 64',
  ADMIN_EMAILS: 'must be one or more email addresses, separated by commas',
  LEAD_RETENTION_DAYS: 'must be a whole number of days from 30 to 3650',
  PRIVACY_OPERATOR: 'must be a name of at most 120 characters, such as Aldercrest Estates LLC',
  PRIVACY_CONTACT: 'must be an email address',
  LEAD_WEBHOOK_URL: 'must be an http(s) URL',
  LEAD_WEBHOOK_FORMAT: 'must be json or slack',
  LEAD_WEBHOOK_SECRET: 'must be a Standard Webhooks secret: whsec_ followed by at least 24 bytes in base64',
  SMTP_URL: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@smtp.example.com:587',
  MAIL_FROM: 'must be an address, such as Aldercrest Estates <leads@aldercrest.example>',
  LEAD_NOTIFY_TO: 'must be one or more email addresses, separated by commas',
  LEAD_NOTIFY_TO_BROKER: 'must be one or more email addresses, separated by commas',
  MAIL_MAX_PER_HOUR: 'must be a whole number from 1 to 100000',
  SITE_TIME_ZONE: 'must be a time zone name, such as America/New_York',
  TOUR_LOCATION: 'must be an address on one line of at most 200 characters, such as Aldercrest Estates, Sales Gallery, 1 Alder Way',
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
    RATE_LIMIT_IPV6_PREFIX: optional(z.coerce.number().int().min(16).max(128)),
    ADMIN_EMAILS: optional(mailboxList),
    LEAD_RETENTION_DAYS: optional(z.coerce.number().int().min(30).max(3650)),
    PRIVACY_OPERATOR: optional(z.string().trim().min(1).max(120).refine((name) => !CONTROL.test(name))),
    PRIVACY_CONTACT: optional(z.string().trim().refine(isMailbox)),
    LEAD_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
    LEAD_WEBHOOK_FORMAT: optional(z.enum(['json', 'slack'])),
    LEAD_WEBHOOK_SECRET: optional(webhookSecret),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
    MAIL_FROM: optional(mailAddress),
    LEAD_NOTIFY_TO: optional(mailboxList),
    LEAD_NOTIFY_TO_BROKER: optional(mailboxList),
    MAIL_MAX_PER_HOUR: optional(z.coerce.number().int().min(1).max(100_000)),
    SITE_TIME_ZONE: optional(timeZone),
    // One line: it is written into every tour invitation's LOCATION and the tour emails.
    TOUR_LOCATION: optional(z.string().trim().min(1).max(200).refine((line) => !CONTROL.test(line))),
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
    if (env.SMTP_URL && !env.MAIL_FROM) {
      context.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set: the address mail is sent from' });
    }
    if (env.SMTP_URL && !env.LEAD_NOTIFY_TO) {
      context.addIssue({ code: 'custom', path: ['LEAD_NOTIFY_TO'], message: 'is required when SMTP_URL is set: the sales team\'s address' });
    }
    if (env.LEAD_WEBHOOK_URL && (env.LEAD_WEBHOOK_FORMAT ?? 'json') === 'json' && !env.LEAD_WEBHOOK_SECRET) {
      context.addIssue({ code: 'custom', path: ['LEAD_WEBHOOK_SECRET'], message: 'is required when LEAD_WEBHOOK_URL is set: each delivery is signed with it' });
    }
  });

export type StoreConfig =
  | { kind: 'supabase'; url: string; key: string; timeoutMs: number }
  | { kind: 'embedded'; dataDir: string };

export interface GuardConfig {
  perClient: RateLimit | null;
  global: RateLimit | null;
  /** How clients are told apart (lib/request.ts): a trusted proxy's header, or the connection's address. */
  clients: ClientAddressRules;
}

export interface MailConfig {
  /** The relay, as SMTP_URL gives it (it may hold a password: never logged). */
  smtpUrl: string;
  from: MailAddress;
  /** The sales team's addresses, per form. */
  teamTo: Record<'inquiry' | 'broker', string[]>;
  maxPerHour: number;
}

export interface WebhookConfig {
  url: string;
  format: 'json' | 'slack';
  /** Signs every delivery (Standard Webhooks); optional for Slack, which ignores signatures. */
  secret: string | null;
}

export interface ServerConfig {
  store: StoreConfig;
  guards: GuardConfig;
  /** The owners who may always sign in (ADMIN_EMAILS), lower-cased, so that a new deployment can be entered. */
  ownerEmails: string[];
  /** Leads older than this many days are deleted, daily; null keeps them. */
  retentionDays: number | null;
  /** Who the privacy notice names: the operator of the site (null: the site's own name) and where to write. */
  privacy: { operator: string | null; contact: string | null };
  webhook: WebhookConfig | null;
  /** Email to the team and receipts to visitors; null without SMTP_URL. */
  mail: MailConfig | null;
  /** Where the sales team reads times: emails and the inbox. */
  timeZone: string;
  /** Where private tours take place: the LOCATION of their invitations and the "where" of their emails. */
  tourLocation: string;
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
  const retired = Object.entries(RETIRED)
    .filter(([variable]) => source[variable])
    .map(([variable, message]) => `${variable} ${message}`);
  if (!parsed.success || retired.length) {
    const problems = (parsed.error?.issues ?? []).map((issue) => {
      const variable = String(issue.path[0]);
      // The rules between variables say what they need ("is required when ..."); a variable's own rule has its message above.
      const between = issue.code === 'custom' && issue.message.startsWith('is ');
      return `${variable} ${between ? issue.message : (MESSAGES[variable] ?? 'is invalid')}`;
    });
    throw new EnvironmentError(`Invalid environment: ${[...retired, ...problems].join('; ')}`);
  }
  const env = parsed.data!;
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
      clients: { trustedHeader: env.TRUST_PROXY ?? null, ipv6Prefix: env.RATE_LIMIT_IPV6_PREFIX ?? 64 },
    },
    ownerEmails: [...new Set((env.ADMIN_EMAILS ?? []).map((address) => address.toLowerCase()))],
    retentionDays: env.LEAD_RETENTION_DAYS ?? null,
    privacy: { operator: env.PRIVACY_OPERATOR ?? null, contact: env.PRIVACY_CONTACT ?? env.MAIL_FROM?.address ?? null },
    webhook: env.LEAD_WEBHOOK_URL
      ? { url: env.LEAD_WEBHOOK_URL, format: env.LEAD_WEBHOOK_FORMAT ?? 'json', secret: env.LEAD_WEBHOOK_SECRET ?? null }
      : null,
    mail:
      env.SMTP_URL && env.MAIL_FROM && env.LEAD_NOTIFY_TO
        ? {
            smtpUrl: env.SMTP_URL,
            from: env.MAIL_FROM,
            teamTo: { inquiry: env.LEAD_NOTIFY_TO, broker: env.LEAD_NOTIFY_TO_BROKER ?? env.LEAD_NOTIFY_TO },
            maxPerHour: env.MAIL_MAX_PER_HOUR ?? 200,
          }
        : null,
    timeZone: env.SITE_TIME_ZONE ?? 'America/New_York',
    tourLocation: env.TOUR_LOCATION ?? DEFAULT_TOUR_LOCATION,
  };
}
