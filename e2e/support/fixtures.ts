import { test as base, expect } from '@playwright/test';
import { startPostgrestStack, type PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { startNextServer } from '@/scripts/lib/next-server.mjs';

type NextServer = Awaited<ReturnType<typeof startNextServer>>;

interface WorkerFixtures {
  /** A local Supabase stand-in: PostgREST over a real Postgres, rows readable through `stack.query`. */
  stack: PostgrestStack;
  /** The production build, storing leads in `stack` through the Supabase store. */
  server: NextServer;
}

export const test = base.extend<{ rows: (table: 'prospect_inquiries' | 'broker_requests') => Promise<Record<string, unknown>[]> }, WorkerFixtures>({
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
  rows: async ({ stack }, use) => {
    await stack.reset();
    await use((table) => stack.query(`select * from ${table} order by created_at`));
  },
});

export { expect };
