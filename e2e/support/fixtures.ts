import { expect, type Page } from '@playwright/test';
import { startPostgrestStack, type PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { startRelay, type TestRelay } from '@/__tests__/support/smtp';
import { signedInPage, type Person } from './accounts';
import { startServers, type ServerKind, type ServerPool, type TestServer } from './servers';
import { test as base, notCounted } from './turns';

interface WorkerFixtures {
  /** A local Supabase stand-in: PostgREST over a real Postgres, rows readable through `stack.query`. */
  stack: PostgrestStack;
  /** The worker's mail relay, which the `mail` servers send to; tests read it as `relay`. */
  workerRelay: TestRelay;
  /** The production builds running on `stack`, one per kind, each started when a test first asks for it. */
  servers: ServerPool;
}

interface TestFixtures {
  /** Which of the servers the test's `server`, `baseURL`, `page` and `request` are: `test.use({ serverKind })`. */
  serverKind: ServerKind;
  /** The production build of `serverKind`, storing leads in `stack` through the Supabase store. */
  server: TestServer;
  /** The mail relay, emptied and accepting when the test starts. */
  relay: TestRelay;
  /** A page on the test's server signed in as this person, at a phone's or a desk's width. */
  signedIn: (person: Person, width?: number) => Promise<Page>;
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
  workerRelay: [
    async ({}, use) => {
      const relay = await startRelay();
      await use(relay);
      await relay.stop();
    },
    { scope: 'worker' },
  ],
  servers: [
    async ({ stack, workerRelay }, use) => {
      const servers = startServers(stack, workerRelay);
      await use(servers);
      await servers.stopAll();
    },
    { scope: 'worker' },
  ],
  serverKind: ['plain', { option: true }],
  server: async ({ servers, serverKind, reachableStore }, use, testInfo) => {
    void reachableStore;
    const asked = Date.now();
    const server = await servers.get(serverKind);
    notCounted(testInfo, Date.now() - asked);
    await use(server);
  },
  baseURL: async ({ server }, use) => use(server.url),
  relay: async ({ workerRelay }, use) => {
    workerRelay.received.length = 0;
    workerRelay.setMode('accept');
    await use(workerRelay);
  },
  signedIn: async ({ browser, server, stack }, use) => use((person, width = 1440) => signedInPage(browser, server.url, stack, person, width)),
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
