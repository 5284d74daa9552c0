import { test as base, expect } from '@playwright/test';
import { startPostgrestStack, type PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { startNextServer } from '@/__tests__/support/next-server.mjs';

type NextServer = Awaited<ReturnType<typeof startNextServer>>;

interface WorkerFixtures {
  /** A local Supabase stand-in: PostgREST over a real Postgres, rows readable through `stack.query`. */
  stack: PostgrestStack;
  /** The production build, storing leads in `stack` through the Supabase store. */
  server: NextServer;
}

interface TestFixtures {
  /** Empties the lead tables first; then reads one, oldest first. */
  rows: (table: 'prospect_inquiries' | 'broker_requests') => Promise<Record<string, unknown>[]>;
  /** Every test starts with PostgREST up and the gateway open, whatever the test before it did. */
  reachableStore: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    async ({}, use) => {
      const stack = await startPostgrestStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ stack }, use) => {
      const server = await startNextServer({ SUPABASE_URL: stack.url, SUPABASE_SECRET_KEY: stack.serviceRoleKey, SUPABASE_TIMEOUT_MS: '3000' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  reachableStore: [
    async ({ stack }, use) => {
      stack.setGateway('open');
      await stack.startPostgrest();
      await use();
    },
    { auto: true },
  ],
  rows: async ({ stack }, use) => {
    await stack.reset();
    await use((table) => stack.query(`select * from ${table} order by created_at`));
  },
});

export { expect };
