'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeadFormState } from '@/lib/leads/form-state';
import { SUBMISSION_KEY_FIELD, type LeadFormName } from '@/lib/leads/forms';
import { OUTBOX_CHANGED, OUTBOX_SYNC_TAG, openOutbox, sendSaved, shownValues, type SavedSubmission } from '@/lib/offline/outbox';
import { keepPageOffline } from '@/lib/offline/keep-page';

type Action<Field extends string> = (state: LeadFormState<Field>, formData: FormData) => Promise<LeadFormState<Field>>;
type Sent = Awaited<ReturnType<ReturnType<typeof openOutbox>['flush']>>;

/** One send of the outbox at a time in this page, shared by both forms: each reads its own results. */
let sending: Promise<Sent> | null = null;
function sendOutbox(): Promise<Sent> {
  sending ??= openOutbox()
    .flush((submission) => sendSaved(submission))
    .catch((): Sent => [])
    .finally(() => (sending = null));
  return sending;
}

/** Asks the browser to send the outbox from the service worker once it has a connection, page open or not. */
async function askForBackgroundSync() {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG);
}

const answerId = () => crypto.randomUUID();

function savedState<Field extends string>(submission: Pick<SavedSubmission, 'fields'>): LeadFormState<Field> {
  return { status: 'saved', values: shownValues(submission) as LeadFormState<Field>['values'], errors: {}, answerId: answerId() };
}

/**
 * A lead form's submissions through a lost signal. `submit` is the form's action: the Server Action, or, when
 * it cannot reach the site (offline, or the connection failed before an answer came), the submission saved on
 * the device with its submission key, and the form in its `saved` state. A saved submission is sent to the
 * site's lead address (which outlives a build, where a Server Action does not) when the connection returns
 * with the page open, when the site is next opened, or by the service worker; `late` is its answer, shown in
 * place of the action's until the visitor sends the form again. The server stores a key once, so a submission
 * whose first attempt did arrive is not stored twice.
 */
export function useSavedSubmission<Field extends string>(form: LeadFormName, action: Action<Field>) {
  const [late, setLate] = useState<LeadFormState<Field> | null>(null);
  // The submission this form shows as saved, until it has been sent.
  const waiting = useRef<string | null>(null);

  const submit = useCallback<Action<Field>>(
    async (previous, formData) => {
      const save = async () => {
        const key = String(formData.get(SUBMISSION_KEY_FIELD) || '') || answerId();
        formData.set(SUBMISSION_KEY_FIELD, key);
        const fields = [...formData].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[0].startsWith('$ACTION'));
        await openOutbox().save({ key, form, fields });
        waiting.current = key;
        askForBackgroundSync().catch(() => undefined);
        return savedState<Field>({ fields });
      };
      if (!navigator.onLine) return save();
      try {
        return await action(previous, formData);
      } catch {
        // No answer came: the post may or may not have arrived. Its key makes a second arrival a duplicate.
        return save();
      }
    },
    [action, form],
  );

  // A new answer of the action's own replaces a late one.
  const forgetLate = useCallback(() => setLate(null), []);

  useEffect(() => {
    let live = true;
    const outbox = openOutbox();
    const show = (next: LeadFormState<Field>) => live && setLate(next);

    // What the outbox holds for this form: a refusal the worker received while no page was open, shown with
    // the values back; or a submission still waiting, shown as saved.
    const read = async () => {
      const kept = await outbox.pending(form);
      for (const submission of kept) {
        if (submission.answer) {
          const taken = await outbox.take(submission.key);
          if (taken?.answer) show({ ...(taken.answer as LeadFormState<Field>), values: shownValues(taken) as LeadFormState<Field>['values'] });
        } else if (waiting.current !== submission.key) {
          waiting.current = submission.key;
          show(savedState(submission));
        }
      }
      // Sent meanwhile by another page or the service worker.
      if (waiting.current && !kept.some((submission) => submission.key === waiting.current)) {
        waiting.current = null;
        show({ status: 'success', values: {}, errors: {}, answerId: answerId() });
      }
    };

    const send = async () => {
      if (!navigator.onLine) return;
      for (const { submission, result } of await sendOutbox()) {
        if (submission.form !== form || result.kind !== 'answered') continue;
        if (submission.key === waiting.current) waiting.current = null;
        if (result.state.status === 'success') show({ ...(result.state as LeadFormState<Field>), values: {} });
        else if (await outbox.take(submission.key)) show({ ...(result.state as LeadFormState<Field>), values: shownValues(submission) as LeadFormState<Field>['values'] });
      }
      await read();
    };

    const fromWorker = (event: MessageEvent) => event.data?.type === OUTBOX_CHANGED && void read().catch(() => undefined);
    const online = () => void send().catch(() => undefined);
    addEventListener('online', online);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    keepPageOffline();
    read()
      .then(send)
      .catch(() => undefined);
    return () => {
      live = false;
      removeEventListener('online', online);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [form]);

  return { submit, late, forgetLate };
}
