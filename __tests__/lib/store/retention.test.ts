import type { Actor } from '@/lib/auth/types';
import type { BuyerRegistration } from '@/lib/portal/types';
import { authContextFor, signInPeople, openPortalTo } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const DAY = 86_400_000;
/** The app's clock as the tests set it; retention counts back from it, never from the database's. */
const AT = new Date('2027-06-01T09:00:00.000Z');
const daysBefore = (days: number, from = AT) => new Date(from.getTime() - days * DAY);
const PERIOD = 365;

const buyer = (name: string): BuyerRegistration => ({ fullName: name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`, phone: null, note: null });

describe.each(STORE_NAMES)('retention of what the portal keeps, on the %s store', (storeName) => {
  const subject = storeForTests(storeName);

  let ava: Actor, marcus: Actor, nadia: Actor;
  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.outbox, private.lead_notes, private.lead_activity, private.sign_in_requests, private.terms_acceptances, private.terms_versions, private.portal_downloads, private.accounts cascade',
    );
    ({ ava, marcus, nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'marcus', 'nadia']));
  });

  const count = async (table: string, where = 'true', values: unknown[] = []) =>
    (await subject.sql<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, values))[0]!.n;

  test('a registration goes a period after it ended, or after it was made when never decided; one still running stays whatever its age', async () => {
    await openPortalTo(subject, marcus, nadia);
    // Registered 500 days back: expired 410 days back, past the period.
    await subject.store.registerBuyer(marcus, buyer('Old Expired'), daysBefore(500));
    // Registered 300 days back: expired 210 days back, inside the period.
    const recent = await subject.store.registerBuyer(marcus, buyer('Recently Expired'), daysBefore(300));
    // Registered 40 days back: still running.
    const running = await subject.store.registerBuyer(marcus, buyer('Still Running'), daysBefore(40));
    // Nadia after the same buyer 480 days back: under review, never decided — it goes a period after it was made.
    const held = await subject.store.registerBuyer(nadia, buyer('Old Expired'), daysBefore(480));
    expect(held.status).toBe('under_review');
    // Declined 400 days back, with its email to the broker still in the outbox.
    const declined = await subject.store.registerBuyer(nadia, buyer('Still Running'), daysBefore(420));
    expect(await subject.store.decideRegistration(ava, declined.id, { status: 'declined', reason: 'Known to us.' }, true, daysBefore(400))).toBe(true);
    expect(await count('private.outbox', 'about_id = $1', [declined.id])).toBe(1);

    // A day inside the period for the declined one: the long-expired registration and the undecided one go.
    expect(await subject.store.applyRetention(PERIOD, daysBefore(36))).toMatchObject({ registrations: 2, leads: 0, brokers: 0 });
    const left = async () => (await subject.sql<{ id: string }>('select id from private.registrations order by created_at')).map(({ id }) => id);
    expect(await left()).toEqual([declined.id, recent.id, running.id]);

    expect(await subject.store.applyRetention(PERIOD, AT)).toMatchObject({ registrations: 1 });
    expect(await left()).toEqual([recent.id, running.id]);
    expect(await count('private.outbox', 'about_id = $1', [declined.id])).toBe(0);
  });

  test('a registration forgets the inquiry it met when retention deletes that inquiry', async () => {
    await openPortalTo(subject, marcus, nadia);
    const [inquiry] = await subject.sql<{ id: string }>(
      "insert into prospect_inquiries (full_name, email, created_at) values ('A Prospect', 'stillrunning@example.com', $1) returning id",
      [daysBefore(170)],
    );
    const registration = await subject.store.registerBuyer(marcus, buyer('Still Running'), daysBefore(10));
    expect(registration.status).toBe('under_review');
    expect(await subject.store.applyRetention(150, AT)).toMatchObject({ leads: 1, registrations: 0 });
    expect(await subject.sql('select conflict_inquiry_id from private.registrations where id = $1', [registration.id])).toEqual([{ conflict_inquiry_id: null }]);
    expect(inquiry!.id).toBeTruthy();
  });

  test('downloads go a period after they were made; acceptances too, except each broker’s latest', async () => {
    const v1 = await subject.store.publishTerms(ava, 'Three per cent to the introducing broker.', daysBefore(800));
    expect(await subject.store.acceptTerms(marcus, v1, daysBefore(799))).toBe(true);
    expect(await subject.store.acceptTerms(nadia, v1, daysBefore(700))).toBe(true);
    const v2 = await subject.store.publishTerms(ava, 'Two and a half per cent to the introducing broker.', daysBefore(600));
    expect(await subject.store.acceptTerms(marcus, v2, daysBefore(590))).toBe(true);
    await subject.store.recordDownload(marcus, 'price_list', daysBefore(400));
    await subject.store.recordDownload(marcus, 'brochure', daysBefore(366));
    // Nadia's before version 2, which closed the portal to her until she accepts it, as written then.
    await subject.sql("insert into private.portal_downloads (account_id, kind, at) values ($1, 'brochure', $2)", [nadia.id, daysBefore(364)]);

    expect(await subject.store.applyRetention(PERIOD, AT)).toMatchObject({ downloads: 2, acceptances: 1 });
    expect(await subject.sql('select kind from private.portal_downloads')).toEqual([{ kind: 'brochure' }]);
    // Marcus keeps version 2 (his latest, old as it is); Nadia keeps version 1, her only one.
    expect(await subject.sql('select account_id, version from private.terms_acceptances order by version, account_id')).toEqual(
      [
        { account_id: nadia.id, version: v1 },
        { account_id: marcus.id, version: v2 },
      ].sort((a, b) => a.version - b.version || a.account_id.localeCompare(b.account_id)),
    );
    expect(await subject.store.applyRetention(PERIOD, AT)).toMatchObject({ downloads: 0, acceptances: 0 });
  });

  test('a broker whose access ended a period ago goes, with everything of theirs; one revoked lately, or active, stays', async () => {
    await openPortalTo(subject, marcus, nadia);
    await subject.store.registerBuyer(marcus, buyer('Eleanor Whitfield'), daysBefore(30));
    await subject.store.registerBuyer(nadia, buyer('Theodore Crane'), daysBefore(30));
    await subject.store.recordDownload(marcus, 'brochure', daysBefore(20));
    const revoke = (account: Actor, at: Date) =>
      subject.sql(
        "with changed as (update private.accounts set status = 'revoked' where id = $1 returning id) insert into private.account_activity (account_id, at, actor, action) select id, $2, 'Ava Laurent', 'revoked' from changed",
        [account.id, at],
      );
    await revoke(marcus, daysBefore(PERIOD + 1));
    await revoke(nadia, daysBefore(PERIOD - 1));

    expect(await subject.store.applyRetention(PERIOD, AT)).toMatchObject({ brokers: 1, registrations: 1 });
    expect(await subject.sql('select email from private.accounts order by email')).toEqual([{ email: 'ava@aldercrest.example' }, { email: 'nadia@north.realty' }]);
    for (const table of ['private.sessions', 'private.account_activity', 'private.portal_downloads', 'private.registrations']) {
      expect({ table, marcus: await count(table, table === 'private.registrations' ? 'broker_id = $1' : 'account_id = $1', [marcus.id]) }).toEqual({ table, marcus: 0 });
    }
    expect(await count('private.registrations', 'broker_id = $1', [nadia.id])).toBe(1);
  });

  test('the period and the time are required', async () => {
    await expect(subject.store.applyRetention(0, AT)).rejects.toMatchObject({ name: 'StoreError', code: '22023' });
    await expect(subject.sql('select public.apply_retention(365, null)')).rejects.toMatchObject({ code: '22023' });
  });
});
