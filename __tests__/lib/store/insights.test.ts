import type { Actor } from '@/lib/auth/types';
import type { Deposit } from '@/lib/holds/types';
import type { EstateFields } from '@/lib/portal/types';
import { authContextFor, openPortalTo, signInPeople } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const ZONE = 'America/New_York';
/** The app's clock as the tests set it: Wednesday 3 March 2027, 10:00 in New York. */
const AT = new Date('2027-03-03T15:00:00.000Z');
const LOT: EstateFields = { lot: 'Lot 2', lotAcres: 2.4, homeSqft: 9800, bedrooms: 6, bathrooms: 7.5, status: 'available', listPrice: 18_750_000 };
const DEPOSIT: Deposit = { amount: 937_500, dueOn: '2027-03-20', receivedOn: null, method: 'Wire transfer', note: null };
const at = (iso: string) => new Date(iso);

describe.each(STORE_NAMES)('the team’s figures on the %s store', (storeName) => {
  const subject = storeForTests(storeName);

  let ava: Actor, marcus: Actor, nadia: Actor;
  const leads: Record<string, string> = {};
  let lots: string[];
  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.outbox, private.lead_activity, private.lead_notes, private.accounts, private.estates, private.estate_changes, private.registrations, private.hold_settings, private.lot_claims, private.claim_notices, private.tours cascade',
    );
    ({ ava, marcus, nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'marcus', 'nadia']));
    await openPortalTo(subject, marcus, nadia);
    const inquiry = async (name: string, created: string, source: string | null) =>
      (leads[name] = (
        await subject.sql<{ id: string }>('insert into prospect_inquiries (full_name, email, created_at, utm_source) values ($1, $2, $3, $4) returning id', [
          name,
          `${name}@example.com`,
          at(created),
          source,
        ])
      )[0]!.id);
    // Four weeks from Monday 8 February (in New York); the last is this one, from Monday 1 March.
    await inquiry('old', '2027-01-10T15:00:00Z', 'instagram');
    await inquiry('iris', '2027-02-16T15:00:00Z', 'instagram');
    await inquiry('ivan', '2027-02-17T15:00:00Z', 'instagram');
    await inquiry('ines', '2027-02-23T15:00:00Z', 'instagram');
    await inquiry('dora', '2027-03-01T15:00:00Z', null);
    await inquiry('dirk', '2027-03-02T15:00:00Z', null);
    const request = async (name: string, created: string) =>
      (leads[name] = (
        await subject.sql<{ id: string }>("insert into broker_requests (full_name, email, brokerage, created_at, utm_source) values ($1, $2, 'Hale & Co', $3, 'newsletter') returning id", [
          name,
          `${name}@example.com`,
          at(created),
        ])
      )[0]!.id);
    await request('bea', '2027-02-22T16:00:00Z');
    await request('bob', '2027-02-24T16:00:00Z');
    // Bea answered in 2 hours (approved), Bob not yet.
    await subject.sql('update broker_requests set decided_at = $2 where id = $1', [leads.bea, at('2027-02-22T18:00:00Z')]);
    await subject.store.changeLead(ava, leads.bea!, { field: 'status', value: 'approved' }, false, at('2027-02-22T18:00:00Z'));
    // Iris answered in 1 hour, Ivan in 4, Ines in 30; Dora and Dirk not yet. Owner changes are not answers.
    await subject.store.changeLead(ava, leads.iris!, { field: 'status', value: 'contacted' }, false, at('2027-02-16T16:00:00Z'));
    await subject.store.changeLead(ava, leads.ivan!, { field: 'status', value: 'contacted' }, false, at('2027-02-17T19:00:00Z'));
    await subject.store.changeLead(ava, leads.ines!, { field: 'status', value: 'qualified' }, false, at('2027-02-24T21:00:00Z'));
    await subject.store.changeLead(ava, leads.dora!, { field: 'owner', value: ava.id }, false, at('2027-03-01T16:00:00Z'));
    // Tours: Iris toured (booked on the 16th, came on Saturday the 20th at 11:00); Ivan booked for next Saturday;
    // Ines booked and cancelled.
    const tour = async (lead: string, starts: string, booked: string, status: 'booked' | 'cancelled', seat = 1) =>
      subject.sql(
        "insert into private.tours (lead_id, starts_at, ends_at, blocked_until, time_zone, status, seat, created_at, changed_at) values ($1, $2, $2::timestamptz + interval '1 hour', $2::timestamptz + interval '90 minutes', $3, $4, $5, $6, $7)",
        [lead, at(starts), ZONE, status, seat, at(booked), status === 'cancelled' ? at('2027-02-25T15:00:00Z') : at(booked)],
      );
    await tour(leads.iris!, '2027-02-20T16:00:00Z', '2027-02-16T17:00:00Z', 'booked');
    await tour(leads.ivan!, '2027-03-06T16:00:00Z', '2027-02-18T17:00:00Z', 'booked');
    await tour(leads.ines!, '2027-02-27T16:00:00Z', '2027-02-24T17:00:00Z', 'cancelled', 2);
    // Iris holds Lot 2, reserves it, signs and buys; Ivan holds Lot 3. Lot 4 is sold by hand, Lot 5 stays.
    lots = [];
    for (const lot of ['Lot 2', 'Lot 3', 'Lot 4', 'Lot 5']) lots.push((await subject.store.createEstate(ava, { ...LOT, lot }, at('2027-01-01T15:00:00Z'))).id);
    const claim = await subject.store.placeHold(ava, lots[0]!, { leadId: leads.iris! }, at('2027-02-21T15:00:00Z'));
    if (claim.outcome !== 'held') throw new Error(claim.outcome);
    await subject.store.reserveLot(ava, claim.claim.id, DEPOSIT, ZONE, at('2027-02-22T15:00:00Z'));
    await subject.store.advanceReservation(ava, claim.claim.id, 'under_contract', at('2027-02-26T15:00:00Z'));
    await subject.store.advanceReservation(ava, claim.claim.id, 'sold', at('2027-03-02T15:00:00Z'));
    await subject.store.placeHold(ava, lots[1]!, { leadId: leads.ivan! }, at('2027-03-02T15:00:00Z'));
    await subject.store.updateEstate(ava, lots[2]!, { ...LOT, lot: 'Lot 4', status: 'sold' }, at('2027-02-10T15:00:00Z'));
  });

  test('the period is counted in weeks from Monday in the site’s zone, the last holding now; the year in months', async () => {
    expect(await subject.store.insightWindow(ava, '4w', ZONE, AT)).toEqual({
      period: '4w',
      bucket: 'week',
      from: '2027-02-08T05:00:00.000Z',
      to: '2027-03-08T05:00:00.000Z',
      starts: ['2027-02-08', '2027-02-15', '2027-02-22', '2027-03-01'],
    });
    const year = await subject.store.insightWindow(ava, '12m', ZONE, AT);
    expect(year).toMatchObject({ bucket: 'month', from: '2026-04-01T04:00:00.000Z', to: '2027-04-01T04:00:00.000Z' });
    expect(year.starts).toHaveLength(12);
    expect((await subject.store.insightWindow(ava, '26w', ZONE, AT)).starts).toHaveLength(26);
  });

  test('leads per week by form and by source agree with the inbox’s counts and its table of sources', async () => {
    const figures = await subject.store.leadInsights(ava, '4w', ZONE, AT);
    expect(figures.buckets).toEqual([
      { start: '2027-02-08', inquiry: 0, broker: 0, bySource: {} },
      { start: '2027-02-15', inquiry: 2, broker: 0, bySource: { instagram: 2 } },
      { start: '2027-02-22', inquiry: 1, broker: 2, bySource: { instagram: 1, newsletter: 2 } },
      { start: '2027-03-01', inquiry: 2, broker: 0, bySource: { direct: 2 } },
    ]);
    expect(figures.sources).toEqual(['instagram', 'direct', 'newsletter']);
    // The inbox, over the same leads (the one from January left aside): its totals per form, and per source.
    const inboxTotal = async (form: 'inquiry' | 'broker') => (await subject.store.searchLeads(ava, { form, status: null, owner: null, search: null, offset: 0, limit: 0 })).total;
    const sum = (form: 'inquiry' | 'broker') => figures.buckets.reduce((total, bucket) => total + bucket[form], 0);
    expect(sum('inquiry')).toBe((await inboxTotal('inquiry')) - 1);
    expect(sum('broker')).toBe(await inboxTotal('broker'));
    const inboxSources = (await subject.store.leadsBySource(ava, ZONE)).filter((row) => row.month >= '2027-02');
    for (const source of figures.sources) {
      const ours = figures.buckets.reduce((total, bucket) => total + (bucket.bySource[source] ?? 0), 0);
      expect(ours).toBe(inboxSources.filter((row) => row.source === source).reduce((total, row) => total + row.leads, 0));
    }
  });

  test('speed to lead: the median and 90th percentile of hours to the first answer per week; the promise to brokers as the inbox counts it', async () => {
    const speed = await subject.store.speedInsights(ava, '4w', ZONE, AT);
    expect(speed.buckets).toEqual([
      { start: '2027-02-08', arrived: 0, answered: 0, medianHours: null, p90Hours: null },
      { start: '2027-02-15', arrived: 2, answered: 2, medianHours: 2.5, p90Hours: 3.7 },
      { start: '2027-02-22', arrived: 3, answered: 2, medianHours: 16, p90Hours: 27.2 },
      { start: '2027-03-01', arrived: 2, answered: 0, medianHours: null, p90Hours: null },
    ]);
    expect(speed.promise).toEqual([{ month: '2027-02', arrived: 2, withinDay: 1, later: 0, waiting: 1 }]);
    expect(speed.promise).toEqual(await subject.store.brokerResponseMonths(ava, ZONE));
  });

  test('the way to a sale of the period’s inquiries, step by step and by source, agrees with the leads’ claims', async () => {
    const funnel = await subject.store.funnelInsights(ava, '4w', ZONE, AT);
    expect(funnel.steps).toEqual({ inquiry: 5, tour_booked: 3, toured: 1, hold: 2, reserved: 1, under_contract: 1, sold: 1 });
    expect(funnel.bySource).toEqual([
      { source: 'instagram', steps: { inquiry: 3, tour_booked: 3, toured: 1, hold: 2, reserved: 1, under_contract: 1, sold: 1 } },
      { source: 'direct', steps: { inquiry: 2, tour_booked: 0, toured: 0, hold: 0, reserved: 0, under_contract: 0, sold: 0 } },
    ]);
    let held = 0;
    for (const name of ['iris', 'ivan', 'ines', 'dora', 'dirk']) if ((await subject.store.lotClaims(ava, { leadId: leads[name]! }, AT)).length > 0) held++;
    expect(funnel.steps.hold).toBe(held);
    // A week earlier, Iris had not yet signed, nor bought.
    expect((await subject.store.funnelInsights(ava, '4w', ZONE, at('2027-02-24T15:00:00Z'))).steps).toMatchObject({ inquiry: 3, toured: 1, reserved: 1, under_contract: 0, sold: 0 });
  });

  test('tours booked and cancelled per week, and when in the week the booked ones come', async () => {
    const tours = await subject.store.tourInsights(ava, '4w', ZONE, AT);
    expect(tours.buckets).toEqual([
      { start: '2027-02-08', booked: 0, cancelled: 0 },
      { start: '2027-02-15', booked: 2, cancelled: 0 },
      { start: '2027-02-22', booked: 1, cancelled: 1 },
      { start: '2027-03-01', booked: 0, cancelled: 0 },
    ]);
    expect(tours.when).toEqual([{ weekday: 6, hour: 11, tours: 2 }]);
  });

  test('brokers: what each brought in the period; the estate by standing now and week by week, with its list value', async () => {
    const registration = await subject.store.registerBuyer(marcus, { fullName: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, note: null }, at('2027-02-23T15:00:00Z'));
    await subject.store.placeHold(marcus, lots[3]!, { registrationId: registration.id }, at('2027-03-02T16:00:00Z'));
    const brokers = await subject.store.brokerInsights(ava, '4w', ZONE, AT);
    expect(brokers.map(({ name, registrations, tours, holds, reservations }) => ({ name, registrations, tours, holds, reservations }))).toEqual([
      { name: 'Marcus Hale', registrations: 1, tours: 0, holds: 1, reservations: 0 },
      { name: 'Nadia North', registrations: 0, tours: 0, holds: 0, reservations: 0 },
    ]);
    const estate = await subject.store.estateInsights(ava, '4w', ZONE, AT);
    expect(estate.now).toEqual({
      available: { lots: 0, listValue: 0 },
      on_hold: { lots: 2, listValue: 37_500_000 },
      reserved: { lots: 0, listValue: 0 },
      under_contract: { lots: 0, listValue: 0 },
      sold: { lots: 2, listValue: 37_500_000 },
    });
    expect(estate.buckets.map((bucket) => bucket.lots)).toEqual([
      { available: 3, on_hold: 0, reserved: 0, under_contract: 0, sold: 1 },
      { available: 2, on_hold: 1, reserved: 0, under_contract: 0, sold: 1 },
      { available: 2, on_hold: 0, reserved: 0, under_contract: 1, sold: 1 },
      { available: 0, on_hold: 2, reserved: 0, under_contract: 0, sold: 2 },
    ]);
    // The board says the same now.
    const board = (await subject.store.lotBoard(ava, AT)).lots.map((lot) => lot.standing).sort();
    expect(board).toEqual(['on_hold', 'on_hold', 'sold', 'sold']);
  });

  test('in a zone half an hour off the hour, tours are counted by its own hours; a lot read before its first change stood as that change found it', async () => {
    // Both tours start at 16:00 UTC on a Saturday: half past nine in the evening in Kolkata.
    expect((await subject.store.tourInsights(ava, '4w', 'Asia/Kolkata', AT)).when).toEqual([{ weekday: 6, hour: 21, tours: 2 }]);
    // Lot 5 is marked sold on Wednesday 17 February: at the end of the week before, it was still available.
    await subject.store.updateEstate(ava, lots[3]!, { ...LOT, lot: 'Lot 5', status: 'sold' }, at('2027-02-17T15:00:00Z'));
    const estate = await subject.store.estateInsights(ava, '4w', ZONE, AT);
    expect(estate.buckets.map((bucket) => bucket.lots)).toEqual([
      { available: 3, on_hold: 0, reserved: 0, under_contract: 0, sold: 1 },
      { available: 1, on_hold: 1, reserved: 0, under_contract: 0, sold: 2 },
      { available: 1, on_hold: 0, reserved: 0, under_contract: 1, sold: 2 },
      { available: 0, on_hold: 1, reserved: 0, under_contract: 0, sold: 3 },
    ]);
  });

  test('only the team reads them, for a period it knows', async () => {
    await expect(subject.store.leadInsights(marcus, '4w', ZONE, AT)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.estateInsights(marcus, '13w', ZONE, AT)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.leadInsights(ava, '5w' as '4w', ZONE, AT)).rejects.toMatchObject({ code: '22023' });
  });
});
