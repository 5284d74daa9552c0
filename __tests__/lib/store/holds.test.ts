import { Client } from 'pg';
import type { Actor } from '@/lib/auth/types';
import { DEFAULT_HOLD_SETTINGS, type Deposit, type HoldOutcome, type LotClaim } from '@/lib/holds/types';
import { PORTAL_REFUSALS, type EstateFields } from '@/lib/portal/types';
import { authContextFor, openPortalTo, signInPeople } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const HOUR = 3_600_000;
const ZONE = 'America/New_York';
/** The app's clock as the tests set it: Monday 1 March 2027, 05:00 in New York. */
const AT = new Date('2027-03-01T10:00:00.000Z');
const later = (ms: number, from = AT) => new Date(from.getTime() + ms);
const LOT: EstateFields = { lot: 'Lot 2', lotAcres: 2.4, homeSqft: 9800, bedrooms: 6, bathrooms: 7.5, status: 'available', listPrice: 18_750_000 };
const DEPOSIT: Deposit = { amount: 937_500, dueOn: '2027-03-10', receivedOn: null, method: 'Wire transfer', note: 'Ten per cent of the first payment' };

describe.each(STORE_NAMES)('holds and reservations on the %s store', (storeName) => {
  const subject = storeForTests(storeName);

  let ava: Actor, lena: Actor, marcus: Actor, nadia: Actor;
  let lot2: string, lot3: string, lot4: string;
  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.outbox, private.lead_activity, private.accounts, private.estates, private.estate_changes, private.registrations, private.hold_settings, private.lot_claims, private.claim_notices cascade',
    );
    ({ ava, lena, marcus, nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'lena', 'marcus', 'nadia']));
    await openPortalTo(subject, marcus, nadia);
    lot2 = (await subject.store.createEstate(ava, LOT, AT)).id;
    lot3 = (await subject.store.createEstate(ava, { ...LOT, lot: 'Lot 3' }, AT)).id;
    lot4 = (await subject.store.createEstate(ava, { ...LOT, lot: 'Lot 4' }, AT)).id;
  });

  const register = async (broker: Actor, email: string, fullName = 'Eleanor Whitfield') => {
    const registration = await subject.store.registerBuyer(broker, { fullName, email, phone: null, note: 'Prefers mornings' }, later(-HOUR));
    // A buyer who wrote to us first goes to the team, who register them to the broker.
    if (registration.status === 'under_review') await subject.store.decideRegistration(ava, registration.id, { status: 'registered' }, false, later(-HOUR));
    return registration.id;
  };
  const inquiry = async (email: string, fullName = 'Theodore Crane') =>
    (await subject.sql<{ id: string }>('insert into prospect_inquiries (full_name, email, created_at) values ($1, $2, $3) returning id', [fullName, email, later(-HOUR)]))[0]!.id;
  const held = async (outcome: Promise<HoldOutcome>): Promise<LotClaim> => {
    const answer = await outcome;
    if (answer.outcome !== 'held') throw new Error(`expected held, got ${answer.outcome}`);
    return answer.claim;
  };
  const standing = async (actor: Actor, at: Date) => Object.fromEntries((await subject.store.lotBoard(actor, at)).lots.map((lot) => [lot.lot, lot.standing]));
  const outbox = () =>
    subject.sql<{ kind: string; status: string; due: Date; recipient: string; step: string | null }>(
      'select o.kind, o.status, o.next_attempt_at as due, n.recipient, n.step from private.outbox o join private.claim_notices n on n.id = o.about_id order by o.next_attempt_at, o.kind, n.recipient',
    );
  /** The notices the worker would claim at `now`, each with whether it is still worth sending. */
  const claimAt = async (now: Date) =>
    (await subject.store.claimNotices({ now, limit: 50, leaseSeconds: 60, mailPerHour: 1000 }))
      .filter((notice) => ['hold_reminder', 'hold_ended', 'reservation_step', 'deposit_overdue'].includes(notice.kind))
      .map((notice) => {
        const about = notice.about as { recipient: string; live: boolean; step: string | null; to: { email: string } | null; claim: { lot: string } };
        return { kind: notice.kind, recipient: about.recipient, live: about.live, step: about.step, to: about.to?.email ?? null, lot: about.claim.lot };
      });

  test('settings: the defaults until the team saves; the team’s alone; out of range refused', async () => {
    expect((await subject.store.lotBoard(marcus, AT)).settings).toEqual({ ...DEFAULT_HOLD_SETTINGS, changedAt: null, changedBy: null });
    expect(await subject.store.saveHoldSettings(lena, { holdHours: 48, brokerLimit: 3 }, AT)).toEqual({ holdHours: 48, brokerLimit: 3, changedAt: AT.toISOString(), changedBy: 'Lena Brooks' });
    await expect(subject.store.saveHoldSettings(marcus, { holdHours: 48, brokerLimit: 3 }, AT)).rejects.toMatchObject({ code: '42501' });
    for (const wrong of [{ holdHours: 0, brokerLimit: 2 }, { holdHours: 721, brokerLimit: 2 }, { holdHours: 72, brokerLimit: 0 }]) {
      await expect(subject.store.saveHoldSettings(ava, wrong, AT)).rejects.toMatchObject({ code: '22023' });
    }
    // A hold placed after a change lasts the new length.
    const claim = await held(subject.store.placeHold(marcus, lot2, { registrationId: await register(marcus, 'e@example.com') }, AT));
    expect(claim.expiresAt).toBe(later(48 * HOUR).toISOString());
  });

  test('a broker holds a lot for their client: every broker sees it on hold, only the holder and the team see whose', async () => {
    const registrationId = await register(marcus, 'eleanor@example.com');
    const claim = await held(subject.store.placeHold(marcus, lot2, { registrationId }, AT));
    expect(claim).toMatchObject({
      lot: 'Lot 2',
      stage: 'hold',
      state: 'active',
      placedAt: AT.toISOString(),
      expiresAt: later(72 * HOUR).toISOString(),
      placedBy: { name: 'Marcus Hale' },
      broker: { name: 'Marcus Hale' },
      registrationId,
      buyer: { name: 'Eleanor Whitfield', email: 'eleanor@example.com' },
      deposit: null,
    });
    const other = await subject.store.lotBoard(nadia, later(HOUR));
    expect(other.lots.map((lot) => [lot.lot, lot.standing, lot.claim])).toEqual([
      ['Lot 2', 'on_hold', null],
      ['Lot 3', 'available', null],
      ['Lot 4', 'available', null],
    ]);
    expect((await subject.store.lotBoard(marcus, later(HOUR))).lots[0]!.claim).toMatchObject({ id: claim.id, buyer: { name: 'Eleanor Whitfield' } });
    expect((await subject.store.lotBoard(lena, later(HOUR))).lots[0]!.claim).toMatchObject({ id: claim.id });
    // Another broker reads none of its claims; the holder their own.
    expect(await subject.store.lotClaims(nadia, { estateId: lot2 }, AT)).toEqual([]);
    expect(await subject.store.lotClaims(marcus, { registrationId }, AT)).toHaveLength(1);
    // The lot is taken: a second hold is told so.
    expect(await subject.store.placeHold(nadia, lot2, { registrationId: await register(nadia, 'ruth@example.com', 'Ruth Ames') }, later(HOUR))).toEqual({ outcome: 'taken' });
  });

  test('every odd hold is refused with its reason and changes nothing', async () => {
    const mine = await register(marcus, 'eleanor@example.com');
    const nadias = await register(nadia, 'ruth@example.com', 'Ruth Ames');
    const lead = await inquiry('theo@example.com');
    await subject.store.setEstateStatus(ava, lot4, 'sold', 18_000_000, AT);
    expect(await subject.store.placeHold(marcus, lot4, { registrationId: mine }, AT)).toEqual({ outcome: 'not_available' });
    expect(await subject.store.placeHold(marcus, lot2, { registrationId: nadias }, AT)).toEqual({ outcome: 'not_yours' });
    expect(await subject.store.placeHold(marcus, lot2, { leadId: lead }, AT)).toEqual({ outcome: 'not_yours' });
    expect(await subject.store.placeHold(marcus, '00000000-0000-4000-8000-000000000000', { registrationId: mine }, AT)).toEqual({ outcome: 'not_found' });
    expect(await subject.store.placeHold(ava, lot2, { leadId: '00000000-0000-4000-8000-000000000000' }, AT)).toEqual({ outcome: 'not_found' });
    // A registration that has ended protects nothing, and holds nothing.
    await subject.sql('update private.registrations set expires_at = $1 where id = $2', [later(-1), mine]);
    expect(await subject.store.placeHold(marcus, lot2, { registrationId: mine }, AT)).toEqual({ outcome: 'not_yours' });
    await subject.sql("update private.registrations set status = 'declined', expires_at = null, reason = 'Known to us' where id = $1", [nadias]);
    expect(await subject.store.placeHold(nadia, lot2, { registrationId: nadias }, AT)).toEqual({ outcome: 'not_yours' });
    expect(await subject.sql('select count(*)::int as n from private.lot_claims')).toEqual([{ n: 0 }]);
    expect(await outbox()).toEqual([]);
  });

  test('a broker holds at most the limit at once; a hold that ran out or was released frees a place', async () => {
    const clients = [await register(marcus, 'a@example.com'), await register(marcus, 'b@example.com'), await register(marcus, 'c@example.com')];
    const first = await held(subject.store.placeHold(marcus, lot2, { registrationId: clients[0]! }, AT));
    await held(subject.store.placeHold(marcus, lot3, { registrationId: clients[1]! }, AT));
    expect(await subject.store.placeHold(marcus, lot4, { registrationId: clients[2]! }, AT)).toEqual({ outcome: 'limit' });
    expect((await subject.store.releaseHold(marcus, first.id, later(HOUR))).outcome).toBe('done');
    await held(subject.store.placeHold(marcus, lot4, { registrationId: clients[2]! }, later(HOUR)));
    // The team holds for a broker's client beyond the broker's limit.
    await held(subject.store.placeHold(lena, lot2, { registrationId: clients[0]! }, later(HOUR)));
  });

  test('while a lot is held its status is the hold’s: set by hand it is refused, whatever else of the lot can still change', async () => {
    const claim = await held(subject.store.placeHold(marcus, lot2, { registrationId: await register(marcus, 'h@example.com') }, AT));
    await expect(subject.store.setEstateStatus(ava, lot2, 'sold', 18_000_000, later(HOUR))).rejects.toMatchObject({ code: PORTAL_REFUSALS.estateClaimed });
    await expect(subject.store.updateEstate(ava, lot2, { ...LOT, status: 'reserved' }, later(HOUR))).rejects.toMatchObject({ code: PORTAL_REFUSALS.estateClaimed });
    // Its price and its details, with the status as it is, still change.
    expect(await subject.store.setEstateStatus(ava, lot2, 'available', 19_000_000, later(HOUR))).toBe(true);
    expect(await subject.store.updateEstate(ava, lot2, { ...LOT, homeSqft: LOT.homeSqft + 100, listPrice: 19_000_000 }, later(HOUR))).toBe(true);
    // Once the hold is released, the status is the team's again; and nothing was set by hand that the release undid.
    expect((await subject.store.releaseHold(marcus, claim.id, later(2 * HOUR))).outcome).toBe('done');
    expect((await standing(nadia, later(2 * HOUR)))['Lot 2']).toBe('available');
    expect(await subject.store.setEstateStatus(ava, lot2, 'sold', 19_000_000, later(3 * HOUR))).toBe(true);
  });

  test('a hold ends by itself at its time, with no job run: the lot is available again and can be held at once', async () => {
    const claim = await held(subject.store.placeHold(marcus, lot2, { registrationId: await register(marcus, 'e@example.com') }, AT));
    const end = new Date(claim.expiresAt);
    expect((await standing(nadia, later(-1, end)))['Lot 2']).toBe('on_hold');
    expect((await standing(nadia, end))['Lot 2']).toBe('available');
    expect((await subject.store.lotClaims(ava, { estateId: lot2 }, end))[0]).toMatchObject({ state: 'expired', endedAt: null });
    expect((await subject.store.releaseHold(marcus, claim.id, end)).outcome).toBe('ended');
    expect((await subject.store.extendHold(ava, claim.id, 'Buyer abroad', end)).outcome).toBe('ended');
    await held(subject.store.placeHold(nadia, lot2, { registrationId: await register(nadia, 'r@example.com') }, end));
  });

  test('the holder is reminded 24 hours before; holder and team are told when it ends; a release or an extension overtakes them', async () => {
    const claim = await held(subject.store.placeHold(marcus, lot2, { registrationId: await register(marcus, 'e@example.com') }, AT));
    const end = new Date(claim.expiresAt);
    expect(await outbox()).toEqual([
      { kind: 'hold_reminder', status: 'pending', due: later(-24 * HOUR, end), recipient: 'holder', step: null },
      { kind: 'hold_ended', status: 'pending', due: end, recipient: 'holder', step: null },
      { kind: 'hold_ended', status: 'pending', due: end, recipient: 'team', step: null },
    ]);
    expect(await claimAt(later(-24 * HOUR - 1, end))).toEqual([]);
    expect(await claimAt(later(-24 * HOUR, end))).toEqual([{ kind: 'hold_reminder', recipient: 'holder', live: true, step: null, to: 'marcus@hale.realty', lot: 'Lot 2' }]);
    // (The reminder, claimed above and never reported, is claimed again once its lease ran out: no longer worth sending.)
    expect((await claimAt(end)).filter((notice) => notice.live)).toEqual([
      { kind: 'hold_ended', recipient: 'holder', live: true, step: null, to: 'marcus@hale.realty', lot: 'Lot 2' },
      { kind: 'hold_ended', recipient: 'team', live: true, step: null, to: null, lot: 'Lot 2' },
    ]);

    // Extended once, with a reason, by the team: the new end's notices replace the old; a broker may not; never twice.
    await subject.sql('truncate private.outbox, private.claim_notices');
    const second = await held(subject.store.placeHold(lena, lot3, { leadId: await inquiry('theo@example.com') }, AT));
    await expect(subject.store.extendHold(marcus, second.id, 'Buyer abroad', AT)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.extendHold(ava, second.id, '  ', AT)).rejects.toMatchObject({ code: '22023' });
    const extended = await subject.store.extendHold(ava, second.id, 'Buyer abroad until Friday', later(HOUR));
    expect(extended).toMatchObject({ outcome: 'done', claim: { expiresAt: later(144 * HOUR).toISOString(), extendReason: 'Buyer abroad until Friday' } });
    expect((await subject.store.extendHold(ava, second.id, 'Again', later(2 * HOUR))).outcome).toBe('extended_before');
    expect((await claimAt(later(72 * HOUR))).filter((notice) => notice.live)).toEqual([]);
    expect((await claimAt(later(144 * HOUR))).filter((notice) => notice.live)).toEqual([
      { kind: 'hold_ended', recipient: 'holder', live: true, step: null, to: 'lena@aldercrest.example', lot: 'Lot 3' },
      { kind: 'hold_ended', recipient: 'team', live: true, step: null, to: null, lot: 'Lot 3' },
    ]);

    // Released: told at once, and the waiting reminder is dropped.
    await subject.sql('truncate private.outbox, private.claim_notices');
    const third = await held(subject.store.placeHold(marcus, lot4, { registrationId: await register(marcus, 'f@example.com') }, AT));
    expect(await subject.store.releaseHold(nadia, third.id, later(HOUR))).toEqual({ outcome: 'not_found' });
    expect(await subject.store.releaseHold(marcus, third.id, later(HOUR))).toMatchObject({ outcome: 'done', claim: { state: 'released', endedAt: later(HOUR).toISOString() } });
    expect((await outbox()).map((row) => [row.kind, row.status, row.recipient])).toEqual([
      ['hold_ended', 'pending', 'holder'],
      ['hold_ended', 'pending', 'team'],
      ['hold_reminder', 'dropped', 'holder'],
      ['hold_ended', 'dropped', 'holder'],
      ['hold_ended', 'dropped', 'team'],
    ]);
    expect((await standing(nadia, later(HOUR)))['Lot 4']).toBe('available');
  });

  test('the team turns a hold into a reservation with its deposit, on to contract and sale; each step to the broker and in the lead’s history', async () => {
    const lead = await inquiry('eleanor@example.com', 'Eleanor Whitfield');
    const registrationId = await register(marcus, 'eleanor@example.com');
    const claim = await held(subject.store.placeHold(marcus, lot2, { registrationId }, AT));
    expect(claim.leadId).toBe(lead);
    await expect(subject.store.reserveLot(marcus, claim.id, DEPOSIT, ZONE, AT)).rejects.toMatchObject({ code: '42501' });
    for (const wrong of [{ ...DEPOSIT, amount: 0 }, { ...DEPOSIT, amount: -5 }, { ...DEPOSIT, amount: 1.005 }, { ...DEPOSIT, dueOn: '2027-02-28' }, { ...DEPOSIT, receivedOn: '2027-03-02' }]) {
      await expect(subject.store.reserveLot(ava, claim.id, wrong, ZONE, later(HOUR))).rejects.toMatchObject({ code: '22023' });
    }
    const reserved = await subject.store.reserveLot(ava, claim.id, DEPOSIT, ZONE, later(HOUR));
    expect(reserved).toMatchObject({ outcome: 'done', claim: { stage: 'reserved', state: 'active', reservedAt: later(HOUR).toISOString(), deposit: DEPOSIT, depositOverdue: false } });
    expect((await standing(nadia, later(HOUR)))['Lot 2']).toBe('reserved');
    // A reservation does not run out with the hold's time.
    expect((await standing(nadia, later(1000 * HOUR)))['Lot 2']).toBe('reserved');
    expect((await subject.store.listEstates(ava, 'reserved')).map((estate) => estate.lot)).toEqual(['Lot 2']);

    // Overdue from the start of the day after its due day in the site's zone: marked, and emailed to the team once.
    const overdueFrom = new Date('2027-03-11T05:00:00.000Z');
    expect(await subject.store.overdueDeposits(ava, later(-1, overdueFrom))).toEqual([]);
    expect((await subject.store.overdueDeposits(ava, overdueFrom)).map((row) => [row.lot, row.depositOverdue])).toEqual([['Lot 2', true]]);
    await expect(subject.store.overdueDeposits(marcus, overdueFrom)).rejects.toMatchObject({ code: '42501' });
    expect((await claimAt(overdueFrom)).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'deposit_overdue', recipient: 'team', live: true, step: null, to: null, lot: 'Lot 2' },
      { kind: 'reservation_step', recipient: 'broker', live: true, step: 'reserved', to: 'marcus@hale.realty', lot: 'Lot 2' },
    ]);
    const paid = await subject.store.updateDeposit(ava, claim.id, { ...DEPOSIT, receivedOn: '2027-03-11' }, ZONE, later(HOUR, overdueFrom));
    expect(paid).toMatchObject({ outcome: 'done', claim: { depositOverdue: false, deposit: { receivedOn: '2027-03-11' } } });

    expect((await subject.store.advanceReservation(ava, claim.id, 'sold', overdueFrom)).outcome).toBe('not_allowed');
    expect((await subject.store.advanceReservation(ava, claim.id, 'under_contract', later(2 * HOUR, overdueFrom))).outcome).toBe('done');
    expect(await subject.store.advanceReservation(ava, claim.id, 'sold', later(3 * HOUR, overdueFrom))).toMatchObject({ outcome: 'done', claim: { stage: 'sold' } });
    expect((await standing(nadia, overdueFrom))['Lot 2']).toBe('sold');
    expect((await subject.store.cancelReservation(ava, claim.id, 'Changed mind', overdueFrom)).outcome).toBe('not_allowed');
    await expect(subject.store.deleteEstate(ava, lot2, overdueFrom)).rejects.toMatchObject({ code: 'AC001' });
    expect((await outbox()).filter((row) => row.kind === 'reservation_step').map((row) => row.step)).toEqual(['reserved', 'under_contract', 'sold']);

    const history = await subject.sql<{ action: string; from_value: string; actor: string }>(
      'select action, from_value, actor from private.lead_activity where lead_id = $1 order by at, action',
      [lead],
    );
    expect(history.map((line) => line.action)).toEqual(['hold_placed', 'reserved', 'deposit_received', 'under_contract', 'sold']);
    expect(history.every((line) => line.from_value === 'Lot 2')).toBe(true);
    expect(await subject.store.lotClaims(ava, { leadId: lead }, overdueFrom)).toHaveLength(1);
  });

  test('a reservation cancelled with a reason frees the lot; the deposit email no longer goes', async () => {
    const claim = await held(subject.store.placeHold(ava, lot3, { leadId: await inquiry('theo@example.com') }, AT));
    await subject.store.reserveLot(ava, claim.id, DEPOSIT, ZONE, AT);
    await expect(subject.store.cancelReservation(ava, claim.id, '', later(HOUR))).rejects.toMatchObject({ code: '22023' });
    expect(await subject.store.cancelReservation(ava, claim.id, 'Financing fell through', later(HOUR))).toMatchObject({
      outcome: 'done',
      claim: { state: 'cancelled', cancelReason: 'Financing fell through' },
    });
    expect((await standing(marcus, later(HOUR)))['Lot 3']).toBe('available');
    expect((await subject.store.listEstates(ava, 'available')).map((estate) => estate.lot)).toContain('Lot 3');
    expect((await claimAt(new Date('2027-03-12T00:00:00Z'))).filter((notice) => notice.live)).toEqual([]);
    await held(subject.store.placeHold(ava, lot3, { leadId: await inquiry('ruth@example.com') }, later(2 * HOUR)));
  });

  test('erasing the buyer keeps the reservation’s amounts and dates, not who it was nor what was written of them', async () => {
    const lead = await inquiry('eleanor@example.com', 'Eleanor Whitfield');
    const claim = await held(subject.store.placeHold(ava, lot2, { leadId: lead }, AT));
    await subject.store.reserveLot(ava, claim.id, { ...DEPOSIT, receivedOn: '2027-03-01' }, ZONE, later(HOUR));
    await subject.store.erasePerson(ava, 'eleanor@example.com', later(2 * HOUR));
    const [kept] = await subject.store.lotClaims(ava, { estateId: lot2 }, later(2 * HOUR));
    expect(kept).toMatchObject({ stage: 'reserved', state: 'active', leadId: null, registrationId: null, buyer: null, deposit: { amount: 937_500, dueOn: '2027-03-10', receivedOn: '2027-03-01', method: null, note: null } });
    expect(JSON.stringify(await subject.sql('select * from private.lot_claims'))).not.toMatch(/Eleanor|eleanor|Wire|Ten per cent/);
  });

  test('erasing a buyer ends their hold still running, and its emails: the lot is free at once; a broker erased, so do their clients’ holds', async () => {
    await held(subject.store.placeHold(marcus, lot2, { registrationId: await register(marcus, 'eleanor@example.com') }, AT));
    await held(subject.store.placeHold(ava, lot3, { leadId: await inquiry('theo@example.com') }, AT));
    const erasedAt = later(HOUR);
    await subject.store.erasePerson(ava, 'eleanor@example.com', erasedAt);
    expect(await standing(nadia, erasedAt)).toMatchObject({ 'Lot 2': 'available', 'Lot 3': 'on_hold' });
    const [ended] = await subject.store.lotClaims(ava, { estateId: lot2 }, erasedAt);
    expect(ended).toMatchObject({ stage: 'hold', state: 'released', registrationId: null, buyer: null });
    // Its emails waiting no longer go (none goes about a person erased), neither the reminder nor the word that it ended.
    expect((await claimAt(later(80 * HOUR))).filter((notice) => notice.lot === 'Lot 2')).toEqual([]);
    expect(await subject.sql("select o.status from private.outbox o join private.claim_notices n on n.id = o.about_id join private.lot_claims c on c.id = n.claim_id join private.estates e on e.id = c.estate_id where e.lot = 'Lot 2'")).toEqual([
      { status: 'dropped' },
      { status: 'dropped' },
      { status: 'dropped' },
    ]);
    await held(subject.store.placeHold(ava, lot2, { leadId: await inquiry('ruth@example.com') }, erasedAt));

    // A hold for a registration also carries the inquiry its buyer was matched to (place_hold copies it), which may be
    // of another address: erasing that address leaves the buyer, and their hold.
    const julia = await held(subject.store.placeHold(marcus, lot4, { registrationId: await register(marcus, 'julia@example.com', 'Julia Park') }, erasedAt));
    await subject.sql('update private.lot_claims set lead_id = $1 where id = $2', [await inquiry('julia.old@example.com', 'Julia Park'), julia.id]);
    await subject.store.erasePerson(ava, 'julia.old@example.com', erasedAt);
    expect((await standing(nadia, erasedAt))['Lot 4']).toBe('on_hold');
    // A lead's hold ends with the lead.
    await subject.store.erasePerson(ava, 'theo@example.com', erasedAt);
    expect((await standing(nadia, erasedAt))['Lot 3']).toBe('available');

    // A broker erased: their clients' registrations go with them, and their holds end (Julia's too, her old inquiry
    // gone with its address above); the team's hold for Ruth stays.
    await held(subject.store.placeHold(marcus, lot3, { registrationId: await register(marcus, 'oscar@example.com', 'Oscar Lind') }, erasedAt));
    await subject.store.erasePerson(ava, 'marcus@hale.realty', later(2 * HOUR));
    expect(await standing(nadia, later(2 * HOUR))).toMatchObject({ 'Lot 2': 'on_hold', 'Lot 3': 'available', 'Lot 4': 'available' });
  });

  test('retention deletes the buyer’s lead in its time; the reservation stays, without them', async () => {
    const lead = await inquiry('eleanor@example.com', 'Eleanor Whitfield');
    const claim = await held(subject.store.placeHold(ava, lot2, { leadId: lead }, AT));
    await subject.store.reserveLot(ava, claim.id, DEPOSIT, ZONE, AT);
    await subject.store.applyRetention(30, later(40 * 24 * HOUR));
    const [kept] = await subject.store.lotClaims(ava, { estateId: lot2 }, later(40 * 24 * HOUR));
    expect(kept).toMatchObject({ stage: 'reserved', leadId: null, buyer: null, deposit: { amount: 937_500, method: null, note: null } });
    expect((await standing(nadia, later(40 * 24 * HOUR)))['Lot 2']).toBe('reserved');
  });

  test('retention spares what a hold still running names, and takes it at the first run after the hold ends', async () => {
    const old = later(-40 * 24 * HOUR);
    const lead = (await subject.sql<{ id: string }>("insert into prospect_inquiries (full_name, email, created_at) values ('Theodore Crane', 'theo@example.com', $1) returning id", [old]))[0]!.id;
    const gone = await inquiry('ruth@example.com', 'Ruth Adler');
    await subject.sql('update prospect_inquiries set created_at = $1 where id = $2', [old, gone]);
    await held(subject.store.placeHold(ava, lot2, { leadId: lead }, AT));
    // A registration that ran out long ago, its broker's hold for it still running.
    const registration = await register(marcus, 'julia@example.com', 'Julia Park');
    await held(subject.store.placeHold(marcus, lot3, { registrationId: registration }, AT));
    await subject.sql('update private.registrations set expires_at = $1 where id = $2', [later(-35 * 24 * HOUR), registration]);

    const during = later(HOUR);
    await subject.store.applyRetention(30, during);
    expect(await subject.sql('select id from prospect_inquiries where id = any($1::uuid[]) order by full_name', [[lead, gone]])).toEqual([{ id: lead }]);
    expect(await subject.sql('select id from private.registrations where id = $1', [registration])).toEqual([{ id: registration }]);
    const running = await subject.store.lotClaims(ava, { estateId: lot2 }, during);
    expect(running[0]).toMatchObject({ stage: 'hold', state: 'active', leadId: lead, buyer: { name: 'Theodore Crane' } });

    // Once the holds have run out, the next run takes both; the holds stay, as ended, without them.
    const after = later(30 * 24 * HOUR);
    await subject.store.applyRetention(30, after);
    expect(await subject.sql('select id from prospect_inquiries where id = $1', [lead])).toEqual([]);
    expect(await subject.sql('select id from private.registrations where id = $1', [registration])).toEqual([]);
    expect((await subject.store.lotClaims(ava, { estateId: lot2 }, after))[0]).toMatchObject({ stage: 'hold', leadId: null, buyer: null });
    expect(await standing(nadia, after)).toMatchObject({ 'Lot 2': 'available', 'Lot 3': 'available' });
  });

  test('of 20 holds asked at once on one lot, exactly one is placed and the others are told it was taken', async () => {
    const leads = await Promise.all([...Array(20).keys()].map((index) => inquiry(`buyer${index}@example.com`)));
    const outcomes = await Promise.all(leads.map((leadId, index) => subject.store.placeHold(index % 2 ? ava : lena, lot2, { leadId }, AT)));
    expect(outcomes.map((answer) => answer.outcome).sort()).toEqual(['held', ...Array(19).fill('taken')]);
    expect(await subject.sql('select count(*)::int as n from private.lot_claims')).toEqual([{ n: 1 }]);
  });

  // PGlite takes one connection, so only the server can show sessions at once.
  (storeName === 'supabase' ? test : test.skip)('on the PostgreSQL server, 20 sessions at once: one hold per lot, and a broker never past the limit', async () => {
    const sessions = [...Array(20).keys()].map(() => new Client({ connectionString: subject.databaseUrl }));
    await Promise.all(sessions.map((session) => session.connect()));
    try {
      await Promise.all(sessions.map((session) => session.query('set role service_role')));
      const place = (session: Client, actor: Actor, estate: string, forWhom: { registration?: string; lead?: string }) =>
        session
          .query<{ value: { outcome: string } }>('select public.place_hold($1, $2, $3, $4, $5) as value', [actor.id, estate, forWhom.registration ?? null, forWhom.lead ?? null, AT])
          .then(({ rows }) => rows[0]!.value.outcome);
      for (const [round, estate] of [lot2, lot3].entries()) {
        const leads = await Promise.all(sessions.map((_, index) => inquiry(`r${round}-${index}@example.com`)));
        const outcomes = await Promise.all(sessions.map((session, index) => place(session, index % 2 ? ava : lena, estate, { lead: leads[index]! })));
        expect(outcomes.sort()).toEqual(['held', ...Array(19).fill('taken')]);
      }
      // One broker, four lots asked at once in four sessions (Lot 4 and three more): never past the limit of two.
      const more = await Promise.all(['Lot 5', 'Lot 6', 'Lot 7'].map(async (lot) => (await subject.store.createEstate(ava, { ...LOT, lot }, AT)).id));
      const clients = await Promise.all([0, 1, 2, 3].map((index) => register(marcus, `m${index}@example.com`)));
      const asked = await Promise.all([lot4, ...more].map((estate, index) => place(sessions[index]!, marcus, estate, { registration: clients[index]! })));
      expect(asked.sort()).toEqual(['held', 'held', 'limit', 'limit']);
      expect(
        await subject.sql(
          'select count(*)::int as n from private.lot_claims a join private.lot_claims b on a.id < b.id and a.estate_id = b.estate_id and tstzrange(a.placed_at, a.claimed_until) && tstzrange(b.placed_at, b.claimed_until)',
        ),
      ).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all(sessions.map((session) => session.end()));
    }
  });
});
