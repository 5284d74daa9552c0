import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CallFunction } from './calls';
import { databaseMethods } from './database';
import { StoreError, type LeadStore } from './types';

interface SupabaseStoreOptions {
  url: string;
  key: string;
  timeoutMs: number;
}

interface PostgrestFailure {
  code: string;
  message: string;
}

export function createSupabaseStore({ url, key, timeoutMs }: SupabaseStoreOptions): LeadStore {
  // Loaded on first use: a server on the embedded store never loads the Supabase client at all.
  let client: Promise<SupabaseClient> | undefined;
  const connect = async () => {
    const [{ createClient }, { default: WebSocket }] = await Promise.all([import('@supabase/supabase-js'), import('ws')]);
    return createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Realtime is never used, but on Node 20 the client refuses to start without a WebSocket implementation.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  };

  /** Calls public.<name>() through the data API (an RPC) with the service key; its answer. */
  const call: CallFunction = async (name, args) => {
    client ??= connect();
    const { data, error, status } = await (await client).rpc(name, args).abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) throw classify(error, status);
    return data;
  };
  const { health, ...methods } = databaseMethods(call);

  return {
    name: 'supabase',
    ...methods,
    checkHealth: health,
    // Loads the client, so the first visitor does not wait for it; connects nowhere, so that a Supabase
    // outage at start-up cannot keep the site down once Supabase recovers.
    prepare: async () => {
      client ??= connect();
      await client;
    },
  };
}

/** supabase-js reports transport failures as status 0 with the thrown error's name in the message. */
function classify(error: PostgrestFailure, status: number): StoreError {
  if (status === 0) {
    const timedOut = /^(TimeoutError|AbortError)\b/.test(error.message);
    return new StoreError(timedOut ? 'timeout' : 'unreachable');
  }
  return new StoreError(status >= 500 ? 'unavailable' : 'rejected', error.code || `http_${status}`);
}
