import 'server-only';
import type { Actor } from '@/lib/auth/types';
import { logEvent } from '@/lib/log';
import { readId } from '@/lib/query-params';
import { isStoreError, type LeadStore } from '@/lib/store';
import { CLAIM_INTENTS, type ClaimFormState, type ClaimRefusal } from './claim-state';
import { checkDepositForm, checkReason, claimValues, dayInZone, readHoldPost, type HoldAnswer } from './forms';
import type { ClaimChangeOutcome, HoldSettings } from './types';

// What the holds' Server Actions do, with the server's store and clock (lib/holds/actions.ts) or a test's. Each
// outcome is one log line of ids, codes and outcomes alone: never a buyer's name, an amount or a reason typed.

export interface HoldsContext {
  store: LeadStore;
  /** The time, in milliseconds since the epoch. */
  now: () => number;
  /** The site's zone: a deposit's days are its days. */
  timeZone: string;
}

const answerId = () => crypto.randomUUID();

/** A store's refusal as the forms say it: the database's own bounds (22023), text it cannot keep (22021), or not at all. */
function storeRefusal(error: unknown): 'invalid' | 'control' | 'not_allowed' | 'unavailable' {
  if (!isStoreError(error)) throw error;
  if (error.code === '22023') return 'invalid';
  if (error.code === '22021') return 'control';
  if (error.code === '42501') return 'not_allowed';
  return 'unavailable';
}

/** A hold on a lot for a client: the broker's for their registration, the team's for a lead or a registration. */
export async function placeHoldForm(context: HoldsContext, actor: Actor, formData: FormData): Promise<{ answer: HoldAnswer; estateId: string | null }> {
  const post = readHoldPost(formData);
  if (!post) {
    logEvent('holds.place', { outcome: 'invalid', role: actor.role }, 'warn');
    return { answer: 'invalid', estateId: null };
  }
  try {
    const placed = await context.store.placeHold(actor, post.estateId, post.forWhom, new Date(context.now()));
    const answer = placed.outcome;
    logEvent('holds.place', { outcome: answer, role: actor.role, estate: post.estateId, ...(placed.outcome === 'held' ? { claim: placed.claim.id } : {}) }, answer === 'held' ? 'info' : 'warn');
    return { answer, estateId: post.estateId };
  } catch (error) {
    const refusal = storeRefusal(error);
    const answer = refusal === 'unavailable' ? 'unavailable' : refusal === 'not_allowed' ? 'not_yours' : 'invalid';
    logEvent('holds.place', { outcome: answer, role: actor.role, estate: post.estateId }, answer === 'unavailable' ? 'error' : 'warn');
    return { answer, estateId: post.estateId };
  }
}

/** Its holder releases a hold (a broker from the portal, the team from the lot's page). */
export async function releaseHoldForm(context: HoldsContext, actor: Actor, formData: FormData): Promise<HoldAnswer> {
  const claim = readId(formData.get('claim'));
  if (!claim) {
    logEvent('holds.release', { outcome: 'invalid', role: actor.role }, 'warn');
    return 'invalid';
  }
  try {
    const released = await context.store.releaseHold(actor, claim, new Date(context.now()));
    const answer: HoldAnswer = released.outcome === 'done' ? 'released' : released.outcome === 'not_found' ? 'not_found' : 'ended';
    logEvent('holds.release', { outcome: answer, role: actor.role, claim }, answer === 'released' ? 'info' : 'warn');
    return answer;
  } catch (error) {
    const refusal = storeRefusal(error);
    logEvent('holds.release', { outcome: refusal, role: actor.role, claim }, refusal === 'unavailable' ? 'error' : 'warn');
    return refusal === 'unavailable' ? 'unavailable' : 'not_found';
  }
}

/** The team's change to a claim from the lot's page: release, extend, reserve, the deposit, a step on, or cancel. */
export async function changeClaimForm(context: HoldsContext, actor: Actor, formData: FormData): Promise<ClaimFormState> {
  const values = claimValues(formData);
  const intent = CLAIM_INTENTS.find((option) => option === formData.get('intent')) ?? null;
  const claim = readId(formData.get('claim'));
  const answer = (outcome: ClaimFormState['outcome']): ClaimFormState => {
    logEvent('holds.change', { outcome, intent, ...(claim ? { claim } : {}) }, outcome === 'done' ? 'info' : outcome === 'unavailable' ? 'error' : 'warn');
    return { outcome, intent, values: outcome === 'done' ? { ...values, reason: '' } : values, answerId: answerId() };
  };
  if (!intent || !claim) return answer('invalid');
  const at = new Date(context.now());
  const today = dayInZone(at, context.timeZone);
  let change: () => Promise<ClaimChangeOutcome>;
  if (intent === 'reserve' || intent === 'deposit') {
    const keptDue = typeof formData.get('keptDue') === 'string' ? String(formData.get('keptDue')) : null;
    const checked = checkDepositForm(values, today, intent === 'deposit' ? keptDue : null);
    if ('refused' in checked) return answer(checked.refused);
    change = intent === 'reserve'
      ? () => context.store.reserveLot(actor, claim, checked.deposit, context.timeZone, at)
      : () => context.store.updateDeposit(actor, claim, checked.deposit, context.timeZone, at);
  } else if (intent === 'extend' || intent === 'cancel') {
    const checked = checkReason(values.reason);
    if ('refused' in checked) return answer(checked.refused);
    change = intent === 'extend' ? () => context.store.extendHold(actor, claim, checked.reason, at) : () => context.store.cancelReservation(actor, claim, checked.reason, at);
  } else if (intent === 'release') {
    change = () => context.store.releaseHold(actor, claim, at);
  } else {
    change = () => context.store.advanceReservation(actor, claim, intent, at);
  }
  try {
    const changed = await change();
    return answer(changed.outcome === 'done' ? 'done' : (changed.outcome satisfies ClaimRefusal));
  } catch (error) {
    return answer(storeRefusal(error));
  }
}

/** What the team's hold settings form came to (`?settings=`). */
export type HoldSettingsAnswer = 'saved' | 'invalid' | 'unavailable';

/** The team sets how long a hold lasts and how many lots a broker may hold at once. */
export async function saveHoldSettingsForm(context: HoldsContext, actor: Actor, formData: FormData): Promise<HoldSettingsAnswer> {
  const whole = (name: string, most: number) => {
    const value = formData.get(name);
    return typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= most ? Number(value) : null;
  };
  const settings: HoldSettings | null = (() => {
    const holdHours = whole('holdHours', 720);
    const brokerLimit = whole('brokerLimit', 50);
    return holdHours && brokerLimit ? { holdHours, brokerLimit } : null;
  })();
  if (!settings) {
    logEvent('holds.settings', { outcome: 'invalid' }, 'warn');
    return 'invalid';
  }
  try {
    await context.store.saveHoldSettings(actor, settings, new Date(context.now()));
  } catch (error) {
    const refusal = storeRefusal(error);
    logEvent('holds.settings', { outcome: refusal }, refusal === 'unavailable' ? 'error' : 'warn');
    return refusal === 'unavailable' ? 'unavailable' : 'invalid';
  }
  logEvent('holds.settings', { outcome: 'saved', holdHours: settings.holdHours, brokerLimit: settings.brokerLimit });
  return 'saved';
}

/** What linking an estate to a shape of the plan came to (`?shape=`). */
export type ShapeAnswer = 'linked' | 'unlinked' | 'taken' | 'invalid' | 'not_found' | 'unavailable';

export async function linkShapeForm(context: HoldsContext, actor: Actor, formData: FormData, isShape: (id: string) => boolean): Promise<{ answer: ShapeAnswer; estateId: string | null }> {
  const estateId = readId(formData.get('estate'));
  const shape = formData.get('shape');
  if (!estateId || typeof shape !== 'string' || (shape !== '' && !isShape(shape))) {
    logEvent('holds.shape', { outcome: 'invalid' }, 'warn');
    return { answer: 'invalid', estateId };
  }
  try {
    const linked = await context.store.setEstateShape(actor, estateId, shape || null, new Date(context.now()));
    const answer: ShapeAnswer = linked === 'done' ? (shape ? 'linked' : 'unlinked') : linked;
    logEvent('holds.shape', { outcome: answer, estate: estateId }, linked === 'done' ? 'info' : 'warn');
    return { answer, estateId };
  } catch (error) {
    const refusal = storeRefusal(error);
    logEvent('holds.shape', { outcome: refusal, estate: estateId }, refusal === 'unavailable' ? 'error' : 'warn');
    return { answer: refusal === 'unavailable' ? 'unavailable' : 'invalid', estateId };
  }
}
