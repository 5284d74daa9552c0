import { expect } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import type { TestRelay } from '@/__tests__/support/smtp';

// Every configuration the browser tests run the production build in on the worker's store. A server is started the
// first time a test asks for its kind and serves every later test of that kind, whatever its file, until the worker ends.

export type NextServer = Awaited<ReturnType<typeof startNextServer>>;

/** The owner ADMIN_EMAILS names on the servers that have a team. */
export const OWNER_EMAIL = 'ava@aldercrest.example';

const KINDS = {
  /** Leads only, with the forms' usual limits and a store timeout short enough to wait for. */
  plain: () => ({ SUPABASE_TIMEOUT_MS: '3000' }),
  /** The team's inbox and sign-in with a mail relay, and no limit on the forms. */
  mail: (relay: TestRelay) => ({
    ADMIN_EMAILS: OWNER_EMAIL,
    SMTP_URL: relay.url,
    MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>',
    LEAD_NOTIFY_TO: 'sales@aldercrest.example',
    RATE_LIMIT_GLOBAL: 'off',
    RATE_LIMIT_PER_IP: 'off',
  }),
  /** The team's inbox without mail, behind a proxy, with no limit on the forms. */
  team: () => ({ ADMIN_EMAILS: OWNER_EMAIL, TRUST_PROXY: 'x-real-ip', RATE_LIMIT_GLOBAL: 'off', RATE_LIMIT_PER_IP: 'off' }),
  /** Behind a proxy, with a global cap of one a minute: the second lead of the minute is asked for a proof of work. */
  capped: () => ({ RATE_LIMIT_GLOBAL: '1/1m', RATE_LIMIT_PER_IP: '5/10m', TRUST_PROXY: 'x-real-ip' }),
  /** Exposed directly (no TRUST_PROXY), two leads per client and no global cap. */
  direct: () => ({ RATE_LIMIT_GLOBAL: 'off', RATE_LIMIT_PER_IP: '2/10m' }),
  /** Behind a proxy with the limits a deployment keeps: what a flood meets. */
  guarded: () => ({ RATE_LIMIT_GLOBAL: '60/1m', RATE_LIMIT_PER_IP: '5/10m', TRUST_PROXY: 'x-real-ip' }),
} satisfies Record<string, (relay: TestRelay) => Record<string, string>>;

export type ServerKind = keyof typeof KINDS;

/** A running server as one test sees it. */
export interface TestServer {
  url: string;
  /** What the server has printed since this test began. */
  output(): string;
  /** What it printed as it started: how it read its configuration. */
  startUp: string;
}

/** The environment a server of this kind starts with on the stack. */
export const serverEnvironment = (kind: ServerKind, stack: PostgrestStack, relay: TestRelay): Record<string, string> => ({
  SUPABASE_URL: stack.url,
  SUPABASE_SECRET_KEY: stack.serviceRoleKey,
  ...KINDS[kind](relay),
});

export interface ServerPool {
  get(kind: ServerKind): Promise<TestServer>;
  /** Stops a kind's server (the next test of that kind starts another): for a test that needs the store's outbox to itself. */
  stop(kind: ServerKind): Promise<void>;
  stopAll(): Promise<void>;
}

export function startServers(stack: PostgrestStack, relay: TestRelay): ServerPool {
  const running = new Map<ServerKind, Promise<{ server: NextServer; startUp: string }>>();

  const launch = async (kind: ServerKind) => {
    // The owners are made as a server starts: the store must be reachable then, whatever the test before did.
    stack.setGateway('open');
    await stack.startPostgrest();
    const server = await startNextServer(serverEnvironment(kind, stack, relay));
    // Ready once its store answers too: a busy host's first calls through PostgREST can outlast a store timeout.
    await expect.poll(async () => (await fetch(`${server.url}/api/health`)).status, { timeout: 60_000 }).toBe(200);
    return { server, startUp: server.output() };
  };

  const stop = async (kind: ServerKind) => {
    const started = running.get(kind);
    running.delete(kind);
    await (await started?.catch(() => undefined))?.server.stop();
  };

  return {
    async get(kind) {
      if (!running.has(kind)) running.set(kind, launch(kind));
      const started = running.get(kind)!;
      const { server, startUp } = await started.catch((error: unknown) => {
        running.delete(kind);
        throw error;
      });
      const from = server.output().length;
      return { url: server.url, output: () => server.output().slice(from), startUp };
    },
    stop,
    stopAll: async () => void (await Promise.all([...running.keys()].map(stop))),
  };
}
