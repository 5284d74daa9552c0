import type { Actor } from '@/lib/auth/types';
import type { BoardLot, ClaimChangeOutcome, Deposit, HoldOutcome, HoldSettings, LotBoard, LotClaim, StoredHoldSettings } from '@/lib/holds/types';
import { iso, json, utc, utcOrNull, type CallFunction } from './calls';
import { readEstate, type EstateRow } from './portal';
import type { HoldMethods } from './types';

// Holds and reservations, the same whichever store calls the functions (supabase/migrations/20261207000000_holds.sql).
// The functions answer in the shapes of lib/holds/types.ts; times are read again into UTC ISO strings, amounts into numbers.

export function holdMethods(call: CallFunction): HoldMethods {
  const change = async (name: string, args: Record<string, unknown>) => readChange(await call(name, args));
  const claims = async (name: string, args: Record<string, unknown>) => ((await json<unknown[] | null>(call, name, args)) ?? []).map(readClaim);
  const depositArguments = (deposit: Deposit, timeZone: string) => ({
    p_amount: deposit.amount,
    p_due_on: deposit.dueOn,
    p_received_on: deposit.receivedOn,
    p_method: deposit.method,
    p_note: deposit.note,
    p_time_zone: timeZone,
  });
  return {
    lotBoard: async (actor, at) => readBoard(await call('lot_board', { p_actor: actor.id, p_at: iso(at) })),
    saveHoldSettings: async (actor: Actor, settings: HoldSettings, at: Date) =>
      readSettings(await call('save_hold_settings', { p_actor: actor.id, p_hold_hours: settings.holdHours, p_broker_limit: settings.brokerLimit, p_at: iso(at) })),
    setEstateShape: async (actor, estateId, shape, at) =>
      (await call('set_estate_shape', { p_actor: actor.id, p_estate: estateId, p_shape: shape, p_at: iso(at) })) as 'done' | 'taken' | 'not_found',
    lotClaims: (actor, of, at) =>
      claims('lot_claims', { p_actor: actor.id, p_estate: of.estateId ?? null, p_registration: of.registrationId ?? null, p_lead: of.leadId ?? null, p_at: iso(at) }),
    overdueDeposits: (actor, at) => claims('deposits_overdue', { p_actor: actor.id, p_at: iso(at) }),
    async placeHold(actor, estateId, forWhom, at) {
      const answer = (await call('place_hold', {
        p_actor: actor.id,
        p_estate: estateId,
        p_registration: 'registrationId' in forWhom ? forWhom.registrationId : null,
        p_lead: 'leadId' in forWhom ? forWhom.leadId : null,
        p_at: iso(at),
      })) as { outcome: HoldOutcome['outcome']; claim?: unknown };
      return answer.outcome === 'held' ? { outcome: 'held', claim: readClaim(answer.claim) } : ({ outcome: answer.outcome } as HoldOutcome);
    },
    releaseHold: (actor, claimId, at) => change('release_hold', { p_actor: actor.id, p_claim: claimId, p_at: iso(at) }),
    extendHold: (actor, claimId, reason, at) => change('extend_hold', { p_actor: actor.id, p_claim: claimId, p_reason: reason, p_at: iso(at) }),
    reserveLot: (actor, claimId, deposit, timeZone, at) => change('reserve_lot', { p_actor: actor.id, p_claim: claimId, ...depositArguments(deposit, timeZone), p_at: iso(at) }),
    updateDeposit: (actor, claimId, deposit, timeZone, at) =>
      change('update_deposit', { p_actor: actor.id, p_claim: claimId, ...depositArguments(deposit, timeZone), p_at: iso(at) }),
    advanceReservation: (actor, claimId, stage, at) => change('advance_reservation', { p_actor: actor.id, p_claim: claimId, p_stage: stage, p_at: iso(at) }),
    cancelReservation: (actor, claimId, reason, at) => change('cancel_reservation', { p_actor: actor.id, p_claim: claimId, p_reason: reason, p_at: iso(at) }),
  };
}

function readSettings(row: unknown): StoredHoldSettings {
  const settings = row as StoredHoldSettings;
  return { holdHours: Number(settings.holdHours), brokerLimit: Number(settings.brokerLimit), changedAt: utcOrNull(settings.changedAt), changedBy: settings.changedBy ?? null };
}

function readBoard(row: unknown): LotBoard {
  const board = row as { settings: unknown; lots: (EstateRow & { shape: string | null; standing: BoardLot['standing']; claim: unknown })[] };
  return {
    settings: readSettings(board.settings),
    lots: board.lots.map((lot) => ({ ...readEstate(lot), shape: lot.shape ?? null, standing: lot.standing, claim: lot.claim ? readClaim(lot.claim) : null })),
  };
}

function readChange(row: unknown): ClaimChangeOutcome {
  const answer = row as { outcome: ClaimChangeOutcome['outcome']; claim?: unknown };
  return answer.outcome === 'done' ? { outcome: 'done', claim: readClaim(answer.claim) } : ({ outcome: answer.outcome } as ClaimChangeOutcome);
}

/** A claim as a function answers it (private.claim_json): its times in UTC, its amount a number. */
export function readClaim(row: unknown): LotClaim {
  const claim = row as LotClaim & { deposit: (Omit<Deposit, 'amount'> & { amount: number | string }) | null };
  return {
    ...claim,
    placedAt: utc(claim.placedAt),
    expiresAt: utc(claim.expiresAt),
    extendedAt: utcOrNull(claim.extendedAt),
    extendReason: claim.extendReason ?? null,
    endedAt: utcOrNull(claim.endedAt),
    cancelReason: claim.cancelReason ?? null,
    reservedAt: utcOrNull(claim.reservedAt),
    contractAt: utcOrNull(claim.contractAt),
    soldAt: utcOrNull(claim.soldAt),
    placedBy: claim.placedBy ?? null,
    broker: claim.broker ?? null,
    registrationId: claim.registrationId ?? null,
    leadId: claim.leadId ?? null,
    buyer: claim.buyer ?? null,
    deposit: claim.deposit
      ? { amount: Number(claim.deposit.amount), dueOn: claim.deposit.dueOn, receivedOn: claim.deposit.receivedOn ?? null, method: claim.deposit.method ?? null, note: claim.deposit.note ?? null }
      : null,
    depositOverdue: claim.depositOverdue === true,
  };
}

