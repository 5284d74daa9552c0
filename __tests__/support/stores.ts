import type { LeadStore } from '@/lib/store';
import { createEmbeddedStore } from '@/lib/store/embedded';
import { createSupabaseStore } from '@/lib/store/supabase';
import { openForTests } from './open-for-tests';
import { startPostgrestStack } from './postgrest-stack';

/** A store under test, with a superuser's SQL beside it for what no API offers (time travel, old or forged rows, every table). */
export interface StoreUnderTest {
  store: LeadStore;
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
  /** The PostgreSQL server behind the store, where there is one (not PGlite, which takes one connection): for concurrent sessions. */
  databaseUrl?: string;
}

/** Both stores, so that every database behaviour is tested on each: PGlite in memory, and PostgREST on a PostgreSQL cluster. */
export const STORES: Record<'embedded' | 'supabase', () => Promise<StoreUnderTest>> = {
  embedded: async () => {
    const store = createEmbeddedStore('memory://');
    const db = await store.database();
    return { store, sql: async (text, params) => (await db.query(text, params)).rows as never, close: () => store.close() };
  },
  supabase: async () => {
    const stack = await startPostgrestStack();
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 });
    return { store, sql: (text, params) => stack.query(text, params) as never, close: () => stack.stop(), databaseUrl: stack.databaseUrl };
  },
};

export type StoreName = keyof typeof STORES;

/** Each store's name, for `describe.each`. */
export const STORE_NAMES = Object.keys(STORES) as StoreName[];

/** The store a describe block's tests use: opened before them, closed after. */
export const storeForTests = (name: StoreName) => openForTests(STORES[name], (subject) => subject.close());
