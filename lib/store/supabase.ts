import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import { StoreError, storedColumns, SUBMIT_OUTCOMES, submitLeadArguments, type LeadStore, type StoredLead, type SubmitOutcome } from './types';

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

  const submit: LeadStore['submit'] = async (form, lead, guard) => {
    client ??= connect();
    const { data, error, status } = await (await client)
      .rpc('submit_lead', submitLeadArguments(form, lead, guard))
      .abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) throw classify(error, status);
    if (!SUBMIT_OUTCOMES.includes(data as SubmitOutcome)) throw new StoreError('rejected', 'unexpected_outcome');
    return data as SubmitOutcome;
  };

  const list: LeadStore['list'] = async (form, { offset, limit, order = 'newest' }) => {
    client ??= connect();
    const { data, count, error, status } = await (await client)
      .from(form.table)
      .select(storedColumns(form).join(','), { count: 'exact' })
      .order('created_at', { ascending: order === 'oldest' })
      .order('id', { ascending: order === 'oldest' })
      .range(offset, offset + limit - 1)
      .abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) throw classify(error, status);
    // PostgREST writes timestamps as +00:00; the embedded store, like toISOString, as Z.
    const leads = ((data ?? []) as unknown as StoredLead<(typeof form)['name']>[]).map((lead) => ({ ...lead, created_at: new Date(lead.created_at).toISOString() }));
    return { leads, total: count ?? 0 };
  };

  const checkHealth: LeadStore['checkHealth'] = async () => {
    client ??= connect();
    const { error, status } = await (await client).rpc('check_lead_store').abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) throw classify(error, status);
  };

  return {
    name: 'supabase',
    list,
    checkHealth,
    // Loads the client, so the first visitor does not wait for it; connects nowhere, so that a Supabase
    // outage at start-up cannot keep the site down once Supabase recovers.
    prepare: async () => {
      client ??= connect();
      await client;
    },
    submit,
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
