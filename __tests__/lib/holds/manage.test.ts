import type { Actor } from '@/lib/auth/types';
import { changeClaimForm, linkShapeForm, placeHoldForm, releaseHoldForm, saveHoldSettingsForm, type HoldsContext } from '@/lib/holds/manage';
import type { EstateFields } from '@/lib/portal/types';
import { authContextFor, openPortalTo, signInPeople } from '../../support/accounts';
import { captureLogLines, formData } from '../../support/form-data';
import { storeForTests } from '../../support/stores';

// The holds' Server Actions as they run (lib/holds/actions.ts passes the server's store and clock): every odd post is
// an answer with the values kept, one log line of outcomes and ids (never a buyer, an amount or a reason), and no change.

const ZONE = 'America/New_York';
/** Monday 1 March 2027, 05:00 in New York. */
const AT = Date.parse('2027-03-01T10:00:00.000Z');
const LOT: EstateFields = { lot: 'Lot 2', lotAcres: 2.4, homeSqft: 9800, bedrooms: 6, bathrooms: 7.5, status: 'available', listPrice: 18_750_000 };
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('holds’ actions', () => {
  const subject = storeForTests('embedded');
  let context: HoldsContext;
  let ava: Actor, marcus: Actor, nadia: Actor;
  let lot: string, client: string;

  beforeEach(async () => {
    await subject.sql('truncate prospect_inquiries, private.outbox, private.lead_activity, private.accounts, private.estates, private.registrations, private.hold_settings, private.lot_claims cascade');
    ({ ava, marcus, nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'marcus', 'nadia']));
    await openPortalTo(subject, marcus, nadia);
    context = { store: subject.store, now: () => AT, timeZone: ZONE };
    lot = (await subject.store.createEstate(ava, LOT, new Date(AT))).id;
    client = (await subject.store.registerBuyer(marcus, { fullName: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, note: null }, new Date(AT - 3_600_000))).id;
  });

  const claims = async () => (await subject.sql<{ n: number }>('select count(*)::int as n from private.lot_claims'))[0]!.n;
  const logged = (lines: Record<string, unknown>[]) => JSON.stringify(lines);

  test('a broker’s hold, and every odd post of one: an answer, one line, nothing placed', async () => {
    for (const fields of [{}, { estate: lot }, { estate: 'Lot 2', registration: client }, { estate: lot, registration: client, lead: client }, { estate: lot, registration: `${client}'--` }]) {
      const { result, lines } = await captureLogLines(() => placeHoldForm(context, marcus, formData(fields as Record<string, string>)));
      expect(result.answer).toBe('invalid');
      expect(lines).toEqual([expect.objectContaining({ event: 'holds.place', outcome: 'invalid', level: 'warn' })]);
    }
    expect((await placeHoldForm(context, nadia, formData({ estate: lot, registration: client }))).answer).toBe('not_yours');
    expect((await placeHoldForm(context, marcus, formData({ estate: NOBODY, registration: client }))).answer).toBe('not_found');
    expect(await claims()).toBe(0);

    const placed = await captureLogLines(() => placeHoldForm(context, marcus, formData({ estate: lot, registration: client })));
    expect(placed.result).toEqual({ answer: 'held', estateId: lot });
    expect(placed.lines).toEqual([expect.objectContaining({ event: 'holds.place', outcome: 'held', role: 'broker', estate: lot, claim: expect.any(String) })]);
    expect(logged(placed.lines)).not.toMatch(/Eleanor|eleanor/);
    // The same post again (a replay, a second tap): told the lot is taken, nothing more placed.
    expect((await placeHoldForm(context, marcus, formData({ estate: lot, registration: client }))).answer).toBe('taken');
    expect(await claims()).toBe(1);
  });

  test('releasing: only its holder or the team, once', async () => {
    await placeHoldForm(context, marcus, formData({ estate: lot, registration: client }));
    const [{ id }] = (await subject.sql<{ id: string }>('select id from private.lot_claims')) as [{ id: string }];
    expect(await releaseHoldForm(context, marcus, formData({ claim: 'x' }))).toBe('invalid');
    expect(await releaseHoldForm(context, nadia, formData({ claim: id! }))).toBe('not_found');
    expect(await releaseHoldForm(context, marcus, formData({ claim: id! }))).toBe('released');
    expect(await releaseHoldForm(context, marcus, formData({ claim: id! }))).toBe('ended');
  });

  test('the team’s changes: each refusal keeps what was typed and says what to change; the log names no amount nor reason', async () => {
    await placeHoldForm(context, marcus, formData({ estate: lot, registration: client }));
    const [{ id: claim }] = (await subject.sql<{ id: string }>('select id from private.lot_claims')) as [{ id: string }];
    const reserve = (fields: Record<string, string>) => captureLogLines(() => changeClaimForm(context, ava, formData({ claim: claim!, intent: 'reserve', ...fields })));
    const typed = { amount: '937,500', dueOn: '2027-03-10', receivedOn: '', method: 'Wire', note: 'Ten per cent' };
    for (const [fields, outcome] of [
      [{ ...typed, amount: 'nine hundred' }, 'amount'],
      [{ ...typed, dueOn: '2027-02-30' }, 'due'],
      [{ ...typed, dueOn: '2027-02-28' }, 'due_past'],
      [{ ...typed, receivedOn: '2027-03-02' }, 'received'],
      [{ ...typed, note: 'x'.repeat(2001) }, 'long'],
    ] as const) {
      const { result, lines } = await reserve(fields);
      expect(result).toMatchObject({ outcome, intent: 'reserve', values: fields });
      expect(lines).toEqual([expect.objectContaining({ event: 'holds.change', outcome, intent: 'reserve', claim })]);
    }
    expect((await changeClaimForm(context, ava, formData({ claim: claim!, intent: 'destroy' }))).outcome).toBe('invalid');
    expect((await changeClaimForm(context, ava, formData({ claim: claim!, intent: 'extend', reason: '' }))).outcome).toBe('reason');
    // A broker's post reaches the store, which refuses it.
    expect((await changeClaimForm(context, marcus, formData({ claim: claim!, intent: 'reserve', ...typed }))).outcome).toBe('not_allowed');
    expect(await subject.sql("select count(*)::int as n from private.lot_claims where stage <> 'hold'")).toEqual([{ n: 0 }]);

    const done = await reserve(typed);
    expect(done.result).toMatchObject({ outcome: 'done', intent: 'reserve' });
    // The claim's id is random hex and may hold any digits: it is taken out before the look for the amount.
    expect(logged(done.lines).replaceAll(claim!, '<claim>')).not.toMatch(/937|Wire|Ten per cent/);
    expect((await changeClaimForm(context, ava, formData({ claim: claim!, intent: 'extend', reason: 'Abroad' }))).outcome).toBe('not_a_hold');
    expect((await changeClaimForm(context, ava, formData({ claim: claim!, intent: 'sold' }))).outcome).toBe('not_allowed');
    expect((await changeClaimForm(context, ava, formData({ claim: claim!, intent: 'under_contract' }))).outcome).toBe('done');
    // A due day already set may be sent again once past; a new one may not.
    const later: HoldsContext = { ...context, now: () => Date.parse('2027-03-20T12:00:00Z') };
    expect((await changeClaimForm(later, ava, formData({ claim: claim!, intent: 'deposit', keptDue: '2027-03-10', ...typed, receivedOn: '2027-03-19' }))).outcome).toBe('done');
    expect((await changeClaimForm(later, ava, formData({ claim: claim!, intent: 'deposit', keptDue: '2027-03-10', ...typed, dueOn: '2027-03-12' }))).outcome).toBe('due_past');
    expect((await changeClaimForm(later, ava, formData({ claim: claim!, intent: 'cancel', reason: 'Financing fell through' }))).outcome).toBe('done');
    expect((await subject.store.lotBoard(nadia, new Date(Date.parse('2027-03-20T12:00:00Z')))).lots[0]!.standing).toBe('available');
  });

  test('settings and the plan’s shape: out of range refused, in range saved', async () => {
    for (const [holdHours, brokerLimit] of [['0', '2'], ['721', '2'], ['72', '0'], ['72', '51'], ['1e2', '2'], ['', '']]) {
      expect(await saveHoldSettingsForm(context, ava, formData({ holdHours: holdHours!, brokerLimit: brokerLimit! }))).toBe('invalid');
    }
    expect(await saveHoldSettingsForm(context, ava, formData({ holdHours: '48', brokerLimit: '3' }))).toBe('saved');
    expect(await saveHoldSettingsForm(context, marcus, formData({ holdHours: '48', brokerLimit: '3' }))).toBe('invalid');
    const isShape = (id: string) => ['heron-pond', 'the-orchard'].includes(id);
    expect(await linkShapeForm(context, ava, formData({ estate: lot, shape: 'nowhere' }), isShape)).toEqual({ answer: 'invalid', estateId: lot });
    expect(await linkShapeForm(context, ava, formData({ estate: lot, shape: 'heron-pond' }), isShape)).toEqual({ answer: 'linked', estateId: lot });
    const other = (await subject.store.createEstate(ava, { ...LOT, lot: 'Lot 3' }, new Date(AT))).id;
    expect(await linkShapeForm(context, ava, formData({ estate: other, shape: 'heron-pond' }), isShape)).toEqual({ answer: 'taken', estateId: other });
    expect(await linkShapeForm(context, ava, formData({ estate: lot, shape: '' }), isShape)).toEqual({ answer: 'unlinked', estateId: lot });
  });
});
