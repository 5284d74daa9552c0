import 'server-only';
import { readConfig } from '@/lib/env';
import { logEvent } from '@/lib/log';
import { createEmbeddedStore } from './embedded';
import { createSupabaseStore } from './supabase';
import type { LeadStore } from './types';

export type { LeadStore, StoreName } from './types';
export { isStoreError, StoreError } from './types';

/**
 * Next bundles the start-up hook, each route and the Server Actions apart,
 * and each bundle gets its own copy of this module; a module-level variable
 * would give each its own store, and the embedded store must be opened once
 * per process. The one store therefore lives on the process's global object.
 */
const STORE = Symbol.for('aldercrest.leadStore');
const processWide = globalThis as typeof globalThis & { [STORE]?: LeadStore };

/** The store for this process, chosen from the environment on first use and kept. */
export function getStore(): LeadStore {
  processWide[STORE] ??= selectStore();
  return processWide[STORE];
}

/** Chooses the store and makes it ready (the embedded one takes its lock and opens its database). */
export async function prepareStore(): Promise<LeadStore> {
  const store = getStore();
  await store.prepare();
  return store;
}

function selectStore(): LeadStore {
  const config = readConfig().store;
  if (config.kind === 'supabase') {
    logEvent('store.selected', { store: 'supabase', url: new URL(config.url).origin, timeoutMs: config.timeoutMs });
    return createSupabaseStore(config);
  }
  logEvent('store.selected', { store: 'embedded', dataDir: config.dataDir });
  return createEmbeddedStore(config.dataDir);
}
