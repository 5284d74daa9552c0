import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as rpc from './rpc';
import { StoreError, SUBMIT_OUTCOMES, type LeadStore, type SourceCount, type WorkedLead, type SubmitOutcome } from './types';

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

  /** Calls a database function through the data API (an RPC) with the service key; its answer. */
  async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
    client ??= connect();
    const { data, error, status } = await (await client).rpc(name, args).abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) throw classify(error, status);
    return data as T;
  }

  const submit: LeadStore['submit'] = async (form, lead, guard, notices) => {
    const outcome = await call<SubmitOutcome>('submit_lead', rpc.submitLead(form, lead, guard, notices));
    if (!SUBMIT_OUTCOMES.includes(outcome)) throw new StoreError('rejected', 'unexpected_outcome');
    return outcome;
  };

  const list: LeadStore['list'] = async (form, { offset, limit, order = 'newest' }) => {
    client ??= connect();
    const { data, count, error, status } = await (await client)
      .from(form.table)
      .select('*', { count: 'exact' })
      .order('created_at', { ascending: order === 'oldest' })
      .order('id', { ascending: order === 'oldest' })
      .range(offset, offset + limit - 1)
      .abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) throw classify(error, status);
    // The submission key is the database's own business; timestamps are read the same way whichever store.
    const leads = ((data ?? []) as Record<string, unknown>[]).map((row) => rpc.readWorkedLead(Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'submission_key'))));
    return { leads: leads as WorkedLead<(typeof form)['name']>[], total: count ?? 0 };
  };

  return {
    name: 'supabase',
    list,
    checkHealth: async () => rpc.readStoreHealth(await call('check_lead_store', {})),
    claimNotices: async (request) => rpc.readClaimedNotices(await call('claim_notices', rpc.claimNotices(request))),
    completeNotice: (report) => call<boolean>('complete_notice', rpc.completeNotice(report)),
    resendNotice: (id, now, actor) => call<boolean>('resend_notice', rpc.inbox.resend(id, now, actor)),
    leadNotices: async (leadIds) => rpc.readNoticeStates(await call('lead_notices', { p_lead_ids: [...leadIds] })),
    searchLeads: async (query) => rpc.readLeadPage(await call('inbox_leads', rpc.inbox.search(query))),
    leadDetail: async (id) => rpc.readLeadDetail(await call('inbox_lead', { p_id: id })),
    changeLead: (id, change, actor) => call<boolean>('change_lead', rpc.inbox.change(id, change, actor)),
    addNote: (id, body, actor) => call<boolean>('add_lead_note', rpc.inbox.note(id, body, actor)),
    decideBroker: (id, decision, actor, notify) => call<boolean>('decide_broker', rpc.inbox.decide(id, decision, actor, notify)),
    erasePerson: (email, actor) => call<number>('erase_person', rpc.inbox.erase(email, actor)),
    applyRetention: (days) => call<number>('apply_retention', { p_days: days }),
    leadsBySource: async (timeZone) => (await call<SourceCount[]>('leads_by_source', { p_time_zone: timeZone })) ?? [],
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
