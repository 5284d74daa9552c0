/**
 * The outbox: lead forms submitted with no signal, kept on the phone (in
 * IndexedDB) and sent later — by the open page when the connection returns,
 * by the next page opened, or by the service worker's Background Sync with no
 * page open. The server stores a submission once per submission key, so
 * sending one again is harmless; the lock below only spares it the work.
 *
 * Bundled into both the page and the service worker: no React, no Next, and
 * nothing here touches IndexedDB or `navigator` until it is called.
 */
import { createStore, del, promisifyRequest, set, values, type UseStore } from 'idb-keyval';
import type { LeadFormState } from '@/lib/leads/form-state';
import { CHALLENGE_FIELD, HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from '@/lib/leads/forms';
import { OUTBOX_WAITING_MARK } from '@/lib/wake-marks.mjs';

/** Background Sync's tag, and the name of the Web Lock that lets one sender at a time through. */
export const OUTBOX_SYNC_TAG = 'lead-outbox';

/** The service worker's word to the pages that it has sent some of the outbox: each form reads it again. */
export const OUTBOX_CHANGED = 'lead-outbox-changed';

/** A saved submission not sent within a week is dropped: its visitor has moved on. */
export const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export type SavedForm = 'inquiry' | 'broker';

export interface SavedSubmission {
  /** The submission key (also the IndexedDB key). */
  key: string;
  form: SavedForm;
  /** The form's text fields as posted (FormData entries, strings only). */
  fields: [string, string][];
  /** When it was saved, in ms since the epoch. */
  savedAt: number;
  /** The server's refusal (error or challenge), kept until a page shows it with the values back. */
  answer?: LeadFormState;
}

/**
 * `answered`: the site answered (a success, or a refusal to show the visitor).
 * `unreachable`: nothing usable came back — no network, a timeout, a captive
 * portal's page, a redirect, a busy or restarting server — so it is kept and
 * tried again later.
 */
export type SendResult = { kind: 'answered'; state: LeadFormState } | { kind: 'unreachable' };

export interface Outbox {
  /** Keeps a submission to send later; the same key again replaces it (and forgets any answer). */
  save(submission: { key: string; form: SavedForm; fields: [string, string][] }): Promise<void>;
  /** Everything kept (answered or not), oldest first; anything KEEP_FOR_MS old or older is deleted and not returned. */
  pending(form?: SavedForm): Promise<SavedSubmission[]>;
  /** Reads and deletes one, in one transaction: of two pages taking it, one gets it. */
  take(key: string): Promise<SavedSubmission | undefined>;
  /**
   * Sends every kept submission without an answer, oldest first, one at a
   * time, under one lock shared by the pages and the service worker (a Web
   * Lock where there is one; a promise chain in this module otherwise), so a
   * submission is never being sent twice at once. Stops at the first
   * `unreachable`, keeping it and the rest. A success is deleted; a refusal is
   * kept with `answer` set and not sent again. Returns what happened to each
   * one it sent.
   */
  flush(send: (submission: SavedSubmission) => Promise<SendResult>): Promise<{ submission: SavedSubmission; result: SendResult }[]>;
}

/** The one part of the Web Locks API used here. */
export interface LockRequester {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface OutboxOptions {
  now?: () => number;
  store?: UseStore;
  /** Defaults to `navigator.locks` where it exists; `null` forces the in-module chain. */
  locks?: LockRequester | null;
}

let defaultStore: UseStore | undefined;
/** Opened on first use, so that importing this module opens nothing. */
function outboxStore(): UseStore {
  defaultStore ??= createStore('aldercrest-outbox', 'submissions');
  return defaultStore;
}

/** Where no Web Locks exist: flushes from this module's copy run one after another. */
let chain: Promise<unknown> = Promise.resolve();
const chainLocks: LockRequester = {
  request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
    const run = chain.then(callback, callback);
    chain = run.catch(() => undefined);
    return run;
  },
};

function defaultLocks(): LockRequester | null {
  const nav = (globalThis as { navigator?: { locks?: LockRequester } }).navigator;
  return nav?.locks ?? null;
}

/**
 * Says in the page's `localStorage` whether a submission waits to be sent: the next page opened on this device
 * then wakes at once to send it (scripts/first-paint.mjs), where it otherwise waits for the visitor to come near
 * a form. A worker has no `localStorage`, and a mark it leaves behind only wakes one page early, which clears it.
 */
function markWaiting(waiting: boolean) {
  try {
    // None in a worker; reading it throws where the browser refuses storage.
    const storage = (globalThis as { localStorage?: { setItem(key: string, value: string): void; removeItem(key: string): void } }).localStorage;
    if (!storage) return;
    if (waiting) storage.setItem(OUTBOX_WAITING_MARK, '1');
    else storage.removeItem(OUTBOX_WAITING_MARK);
  } catch {
    // Storage refused (a private window, a full quota): the next page wakes as any other does.
  }
}

function isSavedSubmission(value: unknown): value is SavedSubmission {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SavedSubmission>;
  return typeof v.key === 'string' && (v.form === 'inquiry' || v.form === 'broker') && Array.isArray(v.fields) && typeof v.savedAt === 'number';
}

export function openOutbox(options: OutboxOptions = {}): Outbox {
  const now = options.now ?? Date.now;
  const store = options.store ?? outboxStore();
  const locks = options.locks === undefined ? defaultLocks() : options.locks;

  async function pending(form?: SavedForm): Promise<SavedSubmission[]> {
    const all = (await values<unknown>(store)).filter(isSavedSubmission);
    const cutoff = now() - KEEP_FOR_MS;
    const kept: SavedSubmission[] = [];
    for (const submission of all) {
      if (submission.savedAt <= cutoff) await del(submission.key, store);
      else if (form === undefined || submission.form === form) kept.push(submission);
    }
    return kept.sort((a, b) => a.savedAt - b.savedAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * After a send: deletes a success, or keeps the refusal with the record —
   * unless the visitor saved it again meanwhile (a newer savedAt) or a page
   * took it, in which case the record as it now stands is left alone.
   */
  function settle(sent: SavedSubmission, state: LeadFormState): Promise<void> {
    return store('readwrite', (objects) => {
      // Decided in the request's own callback, while the transaction is sure to be active.
      const read = objects.get(sent.key);
      read.onsuccess = () => {
        const current: unknown = read.result;
        if (!isSavedSubmission(current) || current.savedAt !== sent.savedAt) return;
        if (state.status === 'success') objects.delete(sent.key);
        else objects.put({ ...current, answer: state } satisfies SavedSubmission, sent.key);
      };
      return promisifyRequest(objects.transaction);
    });
  }

  return {
    async save({ key, form, fields }) {
      const submission: SavedSubmission = { key, form, fields: fields.map(([name, value]) => [name, value]), savedAt: now() };
      await set(key, submission, store);
      markWaiting(true);
    },

    pending,

    take(key) {
      return store('readwrite', async (objects) => {
        const read = objects.get(key);
        read.onsuccess = () => {
          if (read.result !== undefined) objects.delete(key);
        };
        await promisifyRequest(objects.transaction);
        const taken: unknown = read.result;
        return isSavedSubmission(taken) ? taken : undefined;
      });
    },

    flush(send) {
      const run = async () => {
        const done: { submission: SavedSubmission; result: SendResult }[] = [];
        for (const submission of await pending()) {
          if (submission.answer) continue;
          const result = await send(submission);
          done.push({ submission, result });
          if (result.kind === 'unreachable') break;
          await settle(submission, result.state);
        }
        markWaiting((await pending()).some((submission) => !submission.answer));
        return done;
      };
      return (locks ?? chainLocks).request(OUTBOX_SYNC_TAG, run);
    },
  };
}

/** The hidden fields are not the visitor's to see again. */
const HIDDEN_FIELDS = new Set([SUBMISSION_KEY_FIELD, CHALLENGE_FIELD, HONEYPOT_FIELD]);

function randomId(): string {
  return globalThis.crypto.randomUUID();
}

/** The values a saved submission puts back in its form's fields. */
export function shownValues(submission: Pick<SavedSubmission, 'fields'>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of submission.fields) if (!HIDDEN_FIELDS.has(name)) shown[name] = value;
  return shown;
}

/** A refusal by the front door (plain text, no form state) as the form shows it: an error, with the values back. */
function refusal(submission: SavedSubmission): LeadFormState {
  return { status: 'error', values: shownValues(submission), errors: {}, answerId: randomId() };
}

function isFormState(value: unknown): value is LeadFormState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<LeadFormState>;
  return (
    (v.status === 'success' || v.status === 'error' || v.status === 'challenge') &&
    typeof v.values === 'object' && v.values !== null &&
    typeof v.errors === 'object' && v.errors !== null &&
    typeof v.answerId === 'string'
  );
}

/** How long one attempt may take before it counts as unreachable (a sync event is cut short after a few minutes). */
export const SEND_TIMEOUT_MS = 30_000;

/**
 * The real sender: POSTs the fields as multipart FormData to
 * `/api/leads/{form}`, same origin, uncached.
 *
 * - no network, a timeout, a redirect (a captive portal), a 2xx that is not
 *   a form state (a portal's page), 408, 429 or 5xx (busy, restarting) →
 *   `unreachable`: kept and tried later; sending again is harmless;
 * - a 2xx form state → `answered` with it;
 * - any other refusal (403, 413, …; plain text) → `answered` with an error
 *   carrying the values back.
 */
export async function sendSaved(
  submission: SavedSubmission,
  fetchImpl: typeof fetch = fetch,
): Promise<SendResult> {
  const body = new FormData();
  for (const [name, value] of submission.fields) body.append(name, value);
  const url = `/api/leads/${submission.form}`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      body,
      cache: 'no-store',
      credentials: 'same-origin',
      redirect: 'manual',
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const { status } = response;
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400) || status === 408 || status === 429 || status >= 500 || status === 0) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'unreachable' };
  }
  if (status >= 200 && status < 300) {
    let state: unknown;
    try {
      state = await response.json();
    } catch {
      return { kind: 'unreachable' };
    }
    return isFormState(state) ? { kind: 'answered', state } : { kind: 'unreachable' };
  }
  await response.body?.cancel().catch(() => undefined);
  return { kind: 'answered', state: refusal(submission) };
}
