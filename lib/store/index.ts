import 'server-only';
import { serverConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { processOnce } from '@/lib/process-state';
import { createEmbeddedStore } from './embedded';
import { createSupabaseStore } from './supabase';
import type { LeadStore } from './types';

export type { LeadStore, StoreName } from './types';
export { isStoreError, StoreError } from './types';

/** The store for this process, chosen from the environment on first use and kept (the embedded one is opened once per process). */
export function getStore(): LeadStore {
  return processOnce('leadStore', selectStore);
}

/** Chooses the store and makes it ready (the embedded one takes its lock and opens its database). */
export async function prepareStore(): Promise<LeadStore> {
  const store = getStore();
  await store.prepare();
  return store;
}

function selectStore(): LeadStore {
  const config = serverConfig().store;
  if (config.kind === 'supabase') {
    logEvent('store.selected', { store: 'supabase', url: new URL(config.url).origin, timeoutMs: config.timeoutMs });
    return createSupabaseStore(config);
  }
  logEvent('store.selected', { store: 'embedded', dataDir: config.dataDir });
  return createEmbeddedStore(config.dataDir);
}
