// What a claim's outbox notice is about (private.claim_notice), read back from its JSON when it is delivered.
// Either store may answer times in the database's own offset and a numeric amount as a string: read into UTC and numbers.
import { utc } from '@/lib/store/calls';
import { CLAIM_STAGES, type ClaimPerson, type ClaimRecipient, type ClaimState, type Deposit, type LotClaim, type NoticeClaim, type ReservationStep } from './types';

const STATES: readonly ClaimState[] = ['active', 'expired', 'released', 'cancelled'];
const RECIPIENTS: readonly ClaimRecipient[] = ['holder', 'team', 'broker'];
const STEPS: readonly ReservationStep[] = ['reserved', 'under_contract', 'sold', 'cancelled'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Thrown inside the reader only: the JSON is not a claim's notice. */
class Malformed extends Error {}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string {
  if (typeof value !== 'string') throw new Malformed();
  return value;
}
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : text(value));
function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new Malformed();
  return value as T;
}

function instant(value: unknown): string {
  // PostgreSQL may write an offset as "+00", which JavaScript reads only as "+00:00".
  const written = typeof value === 'string' ? value.replace(/(:\d{2}(?:\.\d+)?[+-]\d{2})$/, '$1:00') : value;
  if (!(typeof written === 'string' || written instanceof Date) || Number.isNaN(new Date(written).getTime())) throw new Malformed();
  return utc(written);
}
const instantOrNull = (value: unknown) => (value === null || value === undefined ? null : instant(value));

function day(value: unknown): string {
  if (typeof value !== 'string' || !DAY.test(value)) throw new Malformed();
  return value;
}

/** A numeric column arrives as a JSON number or, kept exact, as a string. */
function amount(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new Malformed();
  return number;
}

function person(value: unknown): ClaimPerson | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) throw new Malformed();
  return { id: text(value.id), name: text(value.name), email: text(value.email), brokerage: textOrNull(value.brokerage) };
}

function nameAndEmail(value: unknown): { name: string; email: string } | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) throw new Malformed();
  return { name: text(value.name), email: text(value.email) };
}

function deposit(value: unknown): Deposit | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) throw new Malformed();
  return {
    amount: amount(value.amount),
    dueOn: day(value.dueOn),
    receivedOn: value.receivedOn === null || value.receivedOn === undefined ? null : day(value.receivedOn),
    method: textOrNull(value.method),
    note: textOrNull(value.note),
  };
}

function claim(value: unknown): LotClaim {
  if (!isObject(value)) throw new Malformed();
  return {
    id: text(value.id),
    estateId: text(value.estateId),
    lot: text(value.lot),
    stage: oneOf(value.stage, CLAIM_STAGES),
    state: oneOf(value.state, STATES),
    placedAt: instant(value.placedAt),
    expiresAt: instant(value.expiresAt),
    extendedAt: instantOrNull(value.extendedAt),
    extendReason: textOrNull(value.extendReason),
    endedAt: instantOrNull(value.endedAt),
    cancelReason: textOrNull(value.cancelReason),
    reservedAt: instantOrNull(value.reservedAt),
    contractAt: instantOrNull(value.contractAt),
    soldAt: instantOrNull(value.soldAt),
    placedBy: person(value.placedBy),
    broker: person(value.broker),
    registrationId: textOrNull(value.registrationId),
    leadId: textOrNull(value.leadId),
    buyer: nameAndEmail(value.buyer),
    deposit: deposit(value.deposit),
    depositOverdue: value.depositOverdue === true,
  };
}

/** A claim's notice as the worker sends it; null when its claim is gone, or the JSON is not a claim's notice. */
export function readNoticeClaim(about: unknown): NoticeClaim | null {
  if (!isObject(about) || !isObject(about.claim)) return null;
  try {
    return {
      claim: claim(about.claim),
      recipient: oneOf(about.recipient, RECIPIENTS),
      to: nameAndEmail(about.to),
      step: about.step === null || about.step === undefined ? null : oneOf(about.step, STEPS),
      live: about.live === true,
    };
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}
