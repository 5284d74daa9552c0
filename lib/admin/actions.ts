'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actingAccount } from '@/lib/auth/guard';
import { authContext } from '@/lib/auth/session';
import { logInvitation, newInvitation } from '@/lib/auth/sign-in';
import { KEEP_TYPED } from '@/lib/admin/owners';
import { deliveryWorker } from '@/lib/delivery';
import { parseFields } from '@/lib/form-fields';
import { isDay } from '@/lib/holds/forms';
import { LEAD_FORMS } from '@/lib/leads/forms';
import { logEvent } from '@/lib/log';
import { readId, recordId } from '@/lib/query-params';
import { getStore, isStoreError } from '@/lib/store';
import { LEAD_REFUSALS, type LeadChange } from '@/lib/leads/types';

// The inbox's changes. Each is a form posted to one of these (so it works before any script has loaded),
// signed in and from this site, validated, recorded with the name of who made it, and answered by going
// back to the page it came from with a word on what happened.

const id = recordId;
const text = (most: number) =>
  z
    .string()
    .transform((value) => value.normalize('NFC').replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(most))
    .refine((value) => !/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.test(value));

const changeSchema = z.discriminatedUnion('field', [
  z.object({ id, field: z.literal('status'), value: z.string() }),
  // An account of the team, by its id, or nobody; the store refuses anyone not on the team.
  z.object({ id, field: z.literal('owner'), value: z.union([z.literal('').transform(() => null), z.literal(KEEP_TYPED), recordId]) }),
  z.object({
    id,
    field: z.literal('follow_up_on'),
    // A day the store keeps (year 0 it cannot: the post was a 500).
    value: z.union([z.literal('').transform(() => null), z.iso.date().refine(isDay)]),
  }),
]);

/** Who may change the inbox: a team member signed in, from a page of this site; anyone else is refused before anything is read. */
const INBOX = { role: 'team', refusedTo: '/admin', log: 'inbox.refused' } as const;

const leadPath = (lead: string, outcome: string) => `/admin/leads/${lead}?${outcome}`;

/** A change not made: logged with why, and back to the lead's page saying so (or to the inbox, without a lead). */
function refuse(reason: string, lead: string | null, field = 'work'): never {
  logEvent('inbox.refused', { field, reason }, 'warn');
  redirect(lead ? leadPath(lead, 'refused') : '/admin');
}

export async function changeLeadWork(formData: FormData) {
  const actor = await actingAccount(INBOX);
  const parsed = parseFields(changeSchema, Object.fromEntries(['id', 'field', 'value'].map((key) => [key, formData.get(key) ?? ''])));
  if (!parsed.success) refuse('invalid', readId(formData.get('id')));
  const store = getStore();
  const detail = await store.leadDetail(actor, parsed.data.id);
  if (!detail) refuse('not_found', null);
  // A name typed in before owners were accounts, saved as it was: nothing changes.
  if (parsed.data.field === 'owner' && parsed.data.value === KEEP_TYPED) redirect(leadPath(parsed.data.id, 'saved=ownerQuiet'));
  const change = parsed.data as LeadChange & { id: string };
  // A status must be one of its own form's; brokers' decisions have their own action, which emails them.
  const statuses: readonly string[] = LEAD_FORMS[detail.form].statuses;
  if (change.field === 'status' && (!statuses.includes(change.value) || (detail.form === 'broker' && change.value !== 'pending'))) {
    refuse('status', change.id);
  }
  const context = authContext();
  let changed = false;
  try {
    changed = await store.changeLead(actor, change.id, change, context.mail, new Date(context.now()));
  } catch (error) {
    if (!isStoreError(error) || error.code !== LEAD_REFUSALS.notAnOwner) throw error;
    logEvent('inbox.refused', { field: change.field, reason: 'not_an_owner' }, 'warn');
    redirect(leadPath(change.id, 'refused=owner'));
  }
  logEvent('inbox.changed', { field: change.field, form: detail.form });
  // Someone else given the lead is emailed, where mail is set up; whoever takes it themselves is not.
  const told = changed && change.field === 'owner' && change.value !== null && change.value !== actor.id && context.mail;
  if (told) deliveryWorker().wake();
  redirect(leadPath(change.id, `saved=${change.field === 'owner' && !told ? 'ownerQuiet' : change.field}`));
}

export async function addLeadNote(formData: FormData) {
  const actor = await actingAccount(INBOX);
  const parsed = parseFields(z.object({ id, body: text(4000).pipe(z.string().min(1)) }), { id: formData.get('id'), body: formData.get('body') ?? '' });
  if (!parsed.success) refuse('invalid', readId(formData.get('id')), 'note');
  if (!(await getStore().addNote(actor, parsed.data.id, parsed.data.body))) refuse('not_found', null, 'note');
  logEvent('inbox.changed', { field: 'note' });
  redirect(`${leadPath(parsed.data.id, 'saved=note')}#notes`);
}

export async function decideBrokerRequest(formData: FormData) {
  const actor = await actingAccount(INBOX);
  const parsed = z.object({ id, decision: z.enum(['approved', 'declined']) }).safeParse({ id: formData.get('id'), decision: formData.get('decision') });
  if (!parsed.success) refuse('invalid', readId(formData.get('id')), 'decision');
  const context = authContext();
  const { invitation, link } = newInvitation(context);
  const decided = await context.store.decideBroker(actor, parsed.data.id, parsed.data.decision, context.mail, invitation, new Date(context.now()));
  logEvent('inbox.changed', { field: 'decision', form: 'broker', changed: decided });
  if (decided && parsed.data.decision === 'approved') logInvitation(context, link, 'broker');
  // Decided already, or no broker's request by that id: nothing was sent, and the page says nothing changed.
  if (!decided) redirect(leadPath(parsed.data.id, 'refused'));
  if (context.mail) deliveryWorker().wake();
  redirect(leadPath(parsed.data.id, context.mail ? 'saved=decision' : 'saved=decisionQuiet'));
}

/**
 * Ends a broker's portal access (their sessions at once), or gives it back with a new invitation; from the
 * request's page, or from the brokers' page (`back=brokers`), which it returns to, naming the request.
 */
export async function changeBrokerAccess(formData: FormData) {
  const actor = await actingAccount(INBOX);
  const parsed = z
    .object({ id, change: z.enum(['revoke', 'restore']), back: z.enum(['brokers']).nullable() })
    .safeParse({ id: formData.get('id'), change: formData.get('change'), back: formData.get('back') });
  if (!parsed.success) refuse('invalid', readId(formData.get('id')), 'access');
  const context = authContext();
  const { invitation, link } = newInvitation(context);
  const changed = await context.store.changeBrokerAccess(actor, parsed.data.id, parsed.data.change, context.mail, invitation, new Date(context.now()));
  logEvent('inbox.changed', { field: 'access', change: parsed.data.change, changed });
  if (changed && parsed.data.change === 'restore') logInvitation(context, link, 'broker');
  if (changed && context.mail) deliveryWorker().wake();
  const outcome = changed ? `saved=${parsed.data.change}` : 'refused';
  redirect(parsed.data.back === 'brokers' ? `/admin/brokers?${outcome}&lead=${parsed.data.id}` : leadPath(parsed.data.id, outcome));
}

export async function resendLeadNotice(formData: FormData) {
  const actor = await actingAccount(INBOX);
  const parsed = z.object({ id, notice: z.guid() }).safeParse({ id: formData.get('id'), notice: formData.get('notice') });
  if (!parsed.success) refuse('invalid', readId(formData.get('id')), 'resend');
  const resent = await getStore().resendNotice(actor, parsed.data.notice, new Date());
  logEvent('inbox.changed', { field: 'resend', changed: resent });
  // No such notice, or not one that may be sent again: nothing goes out, and the page says so.
  if (!resent) redirect(`${leadPath(parsed.data.id, 'refused')}#delivery`);
  deliveryWorker().wake();
  redirect(`${leadPath(parsed.data.id, 'saved=resend')}#delivery`);
}

export async function erasePerson(formData: FormData) {
  const actor = await actingAccount(INBOX);
  const parsed = z
    .object({ email: z.string().trim().pipe(z.email()), confirm: z.literal('yes') })
    .safeParse({ email: formData.get('email') ?? '', confirm: formData.get('confirm') });
  if (!parsed.success) {
    logEvent('inbox.refused', { field: 'erase', reason: 'invalid' }, 'warn');
    redirect('/admin/erase?refused');
  }
  const erased = await getStore().erasePerson(actor, parsed.data.email, new Date());
  // That it happened and how many went; never whose.
  logEvent('inbox.erased', { leads: erased });
  redirect(`/admin/erase?erased=${erased}`);
}
