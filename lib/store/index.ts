import 'server-only';
import { readConfig } from '@/lib/env';
import { logEvent } from '@/lib/log';
import { createEmbeddedStore } from './embedded';
import { createSupabaseStore } from './supabase';
import type { LeadStore } from './types';

export type { LeadStore, StoreName } from './types';
export { StoreError } from './types';

let selected: LeadStore | undefined;

/** The store for this process, chosen from the environment on first use and kept. */
export function getStore(): LeadStore {
  selected ??= selectStore();
  return selected;
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
