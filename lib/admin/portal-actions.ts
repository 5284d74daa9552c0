'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actingAccount } from '@/lib/auth/guard';
import { formText, formTexts, parseFields } from '@/lib/form-fields';
import { logEvent } from '@/lib/log';
import { recordId } from '@/lib/query-params';
import { getStore, isStoreError } from '@/lib/store';
import { PORTAL_REFUSALS, type EstateFields } from '@/lib/portal/types';
import { type Actor } from '@/lib/auth/types';
import { estateSchema } from './estate-schema';
import { checkTerms, ESTATE_FIELD_NAMES, type EstateFieldName, type EstateFormState, type TermsFormState } from './portal-forms';

// The estates and the co-brokerage terms of the broker portal, kept by the team: each action asks who is
// acting itself, and the store refuses anyone else too (42501), whatever reached it.

/** A team member, from a page of this site, or sent back to the page of the estates or of the terms. */
const teamOn = (page: '/admin/estates' | '/admin/terms') => ({ role: 'team', refusedTo: page, log: 'portal.refused' }) as const;

const idSchema = recordId;

/** The entries of an estate form, as typed (each cut short, so that a huge one is not sent back whole). */
const typedValues = (formData: FormData) => formTexts(formData, ESTATE_FIELD_NAMES, 200);

const answer = (outcome: EstateFormState['outcome'], values: EstateFormState['values'], errors: EstateFieldName[] = []): EstateFormState => ({
  outcome,
  values,
  errors,
  answerId: crypto.randomUUID(),
});

type Checked = { fields: EstateFields } | { refusal: EstateFormState };

function checkEstate(formData: FormData, action: string, names: readonly EstateFieldName[] = ESTATE_FIELD_NAMES): Checked {
  const values = typedValues(formData);
  // The whole entries are checked, not the shortened copies kept to show again.
  const parsed = parseFields(estateSchema.pick(Object.fromEntries(names.map((name) => [name, true])) as Record<EstateFieldName, true>), formTexts(formData, names));
  if (parsed.success) return { fields: parsed.data as EstateFields };
  const invalid = new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as EstateFieldName));
  const errors = ESTATE_FIELD_NAMES.filter((name) => invalid.has(name));
  logEvent('portal.refused', { action, reason: 'invalid', fields: errors.join(',') }, 'warn');
  return { refusal: answer('refused', values, errors) };
}

/** What a store's refusal of an estate form means to the person who sent it; anything else is thrown on. */
function storeRefusal(error: unknown, action: string, values: EstateFormState['values']): EstateFormState {
  if (!isStoreError(error)) throw error;
  if (error.code === '23505') {
    logEvent('portal.refused', { action, reason: 'duplicate_lot' }, 'warn');
    return answer('duplicate', values, ['lot']);
  }
  if (error.code === PORTAL_REFUSALS.estateClaimed) {
    logEvent('portal.refused', { action, reason: 'claimed' }, 'warn');
    return answer('claimed', values, ['status']);
  }
  if (error.code === '23514' || error.code === '22003' || error.code === '22P02') {
    logEvent('portal.refused', { action, reason: 'invalid', code: error.code }, 'warn');
    return answer('refused', values, []);
  }
  logEvent('portal.unavailable', { action, reason: error.reason, code: error.code }, 'error');
  return answer('unavailable', values);
}

export async function createEstate(_previous: EstateFormState, formData: FormData): Promise<EstateFormState> {
  const actor = await actingAccount(teamOn('/admin/estates'));
  const checked = checkEstate(formData, 'estate_create');
  if ('refusal' in checked) return checked.refusal;
  try {
    await getStore().createEstate(actor, checked.fields, new Date());
  } catch (error) {
    return storeRefusal(error, 'estate_create', typedValues(formData));
  }
  logEvent('portal.estate_created', { status: checked.fields.status });
  redirect('/admin/estates?saved=added');
}

/** After a change the store did not make: the estate is gone, or it already read so. */
async function unchangedOrGone(actor: Actor, id: string, action: string, values: EstateFormState['values']): Promise<EstateFormState> {
  const still = (await getStore().listEstates(actor, null)).some((estate) => estate.id === id);
  if (!still) {
    logEvent('portal.refused', { action, reason: 'not_found' }, 'warn');
    return answer('gone', values);
  }
  redirect('/admin/estates?saved=unchanged');
}

export async function updateEstate(_previous: EstateFormState, formData: FormData): Promise<EstateFormState> {
  const actor = await actingAccount(teamOn('/admin/estates'));
  const id = idSchema.safeParse(formData.get('id'));
  if (!id.success) {
    logEvent('portal.refused', { action: 'estate_update', reason: 'invalid_id' }, 'warn');
    return answer('gone', typedValues(formData));
  }
  const checked = checkEstate(formData, 'estate_update');
  if ('refusal' in checked) return checked.refusal;
  let changed: boolean;
  try {
    changed = await getStore().updateEstate(actor, id.data, checked.fields, new Date());
  } catch (error) {
    return storeRefusal(error, 'estate_update', typedValues(formData));
  }
  if (!changed) return unchangedOrGone(actor, id.data, 'estate_update', typedValues(formData));
  logEvent('portal.estate_updated', { status: checked.fields.status });
  redirect('/admin/estates?saved=updated');
}

export async function setEstateStatus(_previous: EstateFormState, formData: FormData): Promise<EstateFormState> {
  const actor = await actingAccount(teamOn('/admin/estates'));
  const id = idSchema.safeParse(formData.get('id'));
  if (!id.success) {
    logEvent('portal.refused', { action: 'estate_set_status', reason: 'invalid_id' }, 'warn');
    return answer('gone', typedValues(formData));
  }
  const checked = checkEstate(formData, 'estate_set_status', ['status', 'listPrice']);
  if ('refusal' in checked) return checked.refusal;
  let changed: boolean;
  try {
    changed = await getStore().setEstateStatus(actor, id.data, checked.fields.status, checked.fields.listPrice, new Date());
  } catch (error) {
    return storeRefusal(error, 'estate_set_status', typedValues(formData));
  }
  if (!changed) return unchangedOrGone(actor, id.data, 'estate_set_status', typedValues(formData));
  logEvent('portal.estate_status_set', { status: checked.fields.status });
  redirect('/admin/estates?saved=status');
}

export async function deleteEstate(formData: FormData): Promise<void> {
  const actor = await actingAccount(teamOn('/admin/estates'));
  const parsed = z.object({ id: recordId, confirm: z.literal('yes') }).safeParse({ id: formData.get('id'), confirm: formData.get('confirm') });
  if (!parsed.success) {
    logEvent('portal.refused', { action: 'estate_delete', reason: 'invalid' }, 'warn');
    redirect('/admin/estates?refused');
  }
  let deleted: boolean;
  try {
    deleted = await getStore().deleteEstate(actor, parsed.data.id, new Date());
  } catch (error) {
    if (!isStoreError(error)) throw error;
    if (error.code === PORTAL_REFUSALS.estateSold) {
      logEvent('portal.refused', { action: 'estate_delete', reason: 'sold' }, 'warn');
      redirect('/admin/estates?refused=sold');
    }
    logEvent('portal.unavailable', { action: 'estate_delete', reason: error.reason, code: error.code }, 'error');
    redirect('/admin/estates?refused');
  }
  if (!deleted) {
    logEvent('portal.refused', { action: 'estate_delete', reason: 'not_found' }, 'warn');
    redirect('/admin/estates?refused=gone');
  }
  logEvent('portal.estate_deleted');
  redirect('/admin/estates?saved=deleted');
}

export async function publishTerms(_previous: TermsFormState, formData: FormData): Promise<TermsFormState> {
  const actor = await actingAccount(teamOn('/admin/terms'));
  const typed = formText(formData, 'body');
  // Shown again as typed, up to a little past what fits, so that a long text can be shortened rather than lost.
  const kept = typed.slice(0, 40_000);
  const checked = checkTerms(typed);
  const refuse = (outcome: TermsFormState['outcome'], length = 0): TermsFormState => ({ outcome, body: kept, length, answerId: crypto.randomUUID() });
  if ('refused' in checked) {
    logEvent('portal.refused', { action: 'terms_publish', reason: checked.refused }, 'warn');
    return refuse(checked.refused, checked.length);
  }
  let version: number;
  try {
    // A version like the last would ask every broker to accept again for nothing.
    if ((await getStore().currentTerms(actor))?.body === checked.body) {
      logEvent('portal.refused', { action: 'terms_publish', reason: 'same' }, 'warn');
      return refuse('same');
    }
    version = await getStore().publishTerms(actor, checked.body, new Date());
  } catch (error) {
    if (!isStoreError(error)) throw error;
    if (error.code === '23514') {
      // The database's check is the last word on markup; anything else it refuses here is markup too.
      logEvent('portal.refused', { action: 'terms_publish', reason: 'markup', code: error.code }, 'warn');
      return refuse('markup');
    }
    logEvent('portal.unavailable', { action: 'terms_publish', reason: error.reason, code: error.code }, 'error');
    return refuse('unavailable');
  }
  logEvent('portal.terms_published', { version });
  redirect(`/admin/terms?saved=${version}`);
}
