import { formTexts } from '@/lib/form-fields';
import { readId } from '@/lib/query-params';
import { cutText, isStorableText } from '@/lib/storable-text';
import { CLAIM_FIELDS, TEXT_MAX, type ClaimRefusal, type ClaimValues } from './claim-state';
import type { Deposit } from './types';

// What the hold and reservation forms accept, as their actions check it, and what placing a hold answers (the claim
// forms' shared state is in ./claim-state.ts, which the browser loads). Pure: the day "today" is passed in, in the
// site's zone.

/** What placing or releasing a hold came to, as the page it goes back to says it (`?hold=`). */
export const HOLD_ANSWERS = ['held', 'released', 'taken', 'not_available', 'not_yours', 'limit', 'not_found', 'ended', 'invalid', 'unavailable'] as const;
export type HoldAnswer = (typeof HOLD_ANSWERS)[number];

export const readHoldAnswer = (value: unknown): HoldAnswer | null => HOLD_ANSWERS.find((answer) => answer === value) ?? null;

/**
 * A field as it was typed, for the page the form goes back to to show it again (`?holdHours=`): text only (a file is
 * nothing typed), at most `most` units cut between whole characters, written for an address. Cut through the middle
 * of an emoji, the half left made the address unwritable and the post a 500.
 */
export function typedInAddress(value: FormDataEntryValue | null, most: number): string {
  return encodeURIComponent(typeof value === 'string' ? cutText(value.toWellFormed(), most) : '');
}

/** A hold as the form posts it: the lot, and one client (a registration, or for the team a lead). */
export function readHoldPost(formData: FormData): { estateId: string; forWhom: { registrationId: string } | { leadId: string } } | null {
  const estateId = readId(formData.get('estate'));
  const registration = formData.get('registration');
  const lead = formData.get('lead');
  const registrationId = readId(registration);
  const leadId = readId(lead);
  if (!estateId) return null;
  if (registrationId && lead === null) return { estateId, forWhom: { registrationId } };
  if (leadId && registration === null) return { estateId, forWhom: { leadId } };
  return null;
}

// Control and direction-changing characters have no place in what the team and brokers read; line breaks do.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const tidy = (value: string) => value.normalize('NFC').replace(/\r\n?/g, '\n').trim();

/** A calendar day as a date field sends it, that exists. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '2000-01-01' && value <= '2199-12-31';
}

/** Dollars as people write them ("937,500", "$937,500.00"): a positive amount with at most two decimals, under a trillion. */
export function parseAmount(value: string): number | null {
  const plain = value.replace(/^\s*(US)?\$\s*/i, '').replace(/,(?=\d{3}(\D|$))/g, '').trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) return null;
  const amount = Number(plain);
  return amount > 0 ? amount : null;
}

/** A short text as typed: trimmed, null when empty; refused when too long or carrying control characters. */
function optionalText(value: string, most: number): { text: string | null } | { refused: 'long' | 'control' } {
  const text = tidy(value);
  if ([...text].length > most) return { refused: 'long' };
  if (CONTROL.test(text) || !isStorableText(text)) return { refused: 'control' };
  return { text: text || null };
}

/**
 * A deposit as the form sent it, checked against today (YYYY-MM-DD in the site's zone): an amount, a due day not yet
 * past (unless `keptDue`, the day already set, is sent again), a received day already come.
 */
export function checkDepositForm(values: ClaimValues, today: string, keptDue: string | null = null): { deposit: Deposit } | { refused: ClaimRefusal } {
  const amount = parseAmount(values.amount);
  if (amount === null) return { refused: 'amount' };
  const dueOn = values.dueOn.trim();
  if (!isDay(dueOn)) return { refused: 'due' };
  if (dueOn < today && dueOn !== keptDue) return { refused: 'due_past' };
  const receivedOn = values.receivedOn.trim();
  if (receivedOn && (!isDay(receivedOn) || receivedOn > today)) return { refused: 'received' };
  const method = optionalText(values.method, TEXT_MAX.method);
  if ('refused' in method) return method;
  const note = optionalText(values.note, TEXT_MAX.note);
  if ('refused' in note) return note;
  return { deposit: { amount, dueOn, receivedOn: receivedOn || null, method: method.text, note: note.text } };
}

/** A reason (an extension's, a cancellation's): required, at most 500 characters, no control characters. */
export function checkReason(value: string): { reason: string } | { refused: ClaimRefusal } {
  const reason = optionalText(value, TEXT_MAX.reason);
  if ('refused' in reason) return reason;
  return reason.text ? { reason: reason.text } : { refused: 'reason' };
}

/** A day in a zone, YYYY-MM-DD. */
export function dayInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The values the form sent, each as text and no longer than a little past what it takes (never a whole upload). */
export const claimValues = (formData: FormData): ClaimValues => formTexts(formData, CLAIM_FIELDS, 4000);
