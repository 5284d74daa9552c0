import { PORTAL_REFUSALS, type EstateFields } from '@/lib/portal/types';
import { type Actor } from '@/lib/auth/types';
import { STORE_NAMES, storeForTests } from '../../support/stores';
import { authContextFor, signInPeople, openPortalTo } from '../../support/accounts';

/** The clock the tests pass in: 1 December 2026, 10:00 UTC, and so many minutes on. */
const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 10, minutes));
const lot7: EstateFields = { lot: 'Lot 7', lotAcres: 1.25, homeSqft: 4200, bedrooms: 5, bathrooms: 4.5, status: 'available', listPrice: 2_450_000 };
const refused = (code: string) => ({ name: 'StoreError', reason: 'rejected', code });

describe.each(STORE_NAMES)('the broker portal on the %s store', (storeName) => {
  const subject = storeForTests(storeName);

  let ava: Actor, julien: Actor, marcus: Actor;
  beforeEach(async () => {
    await subject.sql(
      'truncate private.estates, private.estate_changes, private.terms_acceptances, private.terms_versions, private.portal_downloads, broker_requests, private.sign_in_requests, private.accounts cascade',
    );
    ({ ava, julien, marcus } = await signInPeople(subject, authContextFor(subject, Date.now), ['ava', 'julien', 'marcus']));
  });

  test('a broker lists the estates by lot, and may change none of them; the team may', async () => {
    await openPortalTo(subject, marcus);
    const created = await subject.store.createEstate(julien, lot7, at(0));
    expect(created).toEqual({ id: expect.any(String), ...lot7, changedAt: at(0).toISOString(), createdAt: at(0).toISOString() });
    await subject.store.createEstate(ava, { ...lot7, lot: 'Lot 10', listPrice: null, status: 'reserved' }, at(1));
    await subject.store.createEstate(ava, { ...lot7, lot: 'The Orchard', lotAcres: 2.4, bathrooms: 3 }, at(2));
    await subject.store.createEstate(ava, { ...lot7, lot: 'Lot 2' }, at(3));

    // "Lot 2" before "Lot 10", as the price list reads; a price on request is null.
    const listed = await subject.store.listEstates(marcus, null);
    expect(listed.map((estate) => [estate.lot, estate.listPrice])).toEqual([
      ['Lot 2', 2_450_000],
      ['Lot 7', 2_450_000],
      ['Lot 10', null],
      ['The Orchard', 2_450_000],
    ]);
    expect(listed[3]).toMatchObject({ lotAcres: 2.4, bathrooms: 3, homeSqft: 4200, bedrooms: 5, createdAt: at(2).toISOString() });
    expect(await subject.store.listEstates(julien, null)).toEqual(listed);

    await expect(subject.store.createEstate(marcus, { ...lot7, lot: 'Lot 8' }, at(4))).rejects.toMatchObject(refused('42501'));
    await expect(subject.store.updateEstate(marcus, created.id, { ...lot7, bedrooms: 6 }, at(4))).rejects.toMatchObject(refused('42501'));
    await expect(subject.store.setEstateStatus(marcus, created.id, 'sold', 1, at(4))).rejects.toMatchObject(refused('42501'));
    await expect(subject.store.deleteEstate(marcus, created.id, at(4))).rejects.toMatchObject(refused('42501'));
    await expect(subject.store.estateHistory(marcus, created.id)).rejects.toMatchObject(refused('42501'));
    expect(await subject.store.listEstates(ava, null)).toEqual(listed);

    // A lot is listed once; and an account that was removed may no longer even look.
    await expect(subject.store.createEstate(ava, lot7, at(5))).rejects.toMatchObject(refused('23505'));
    await subject.sql("update private.accounts set status = 'revoked' where id = $1", [marcus.id]);
    await expect(subject.store.listEstates(marcus, null)).rejects.toMatchObject(refused('42501'));
  });

  test('the list filters by status', async () => {
    await openPortalTo(subject, marcus);
    await subject.store.createEstate(ava, lot7, at(0));
    await subject.store.createEstate(ava, { ...lot7, lot: 'Lot 3', status: 'sold' }, at(0));
    await subject.store.createEstate(ava, { ...lot7, lot: 'Lot 1', status: 'sold' }, at(0));
    expect((await subject.store.listEstates(marcus, 'sold')).map((estate) => estate.lot)).toEqual(['Lot 1', 'Lot 3']);
    expect((await subject.store.listEstates(marcus, 'available')).map((estate) => estate.lot)).toEqual(['Lot 7']);
    expect(await subject.store.listEstates(marcus, 'under_contract')).toEqual([]);
  });

  test('each change to an estate is kept: who, when, and the fields before and after', async () => {
    const { id } = await subject.store.createEstate(julien, lot7, at(0));
    expect(await subject.store.updateEstate(ava, id, { ...lot7, bedrooms: 6, homeSqft: 4400 }, at(10))).toBe(true);
    // The same values (1.25 acres however written) are no change, and nothing is recorded.
    expect(await subject.store.updateEstate(ava, id, { ...lot7, bedrooms: 6, homeSqft: 4400, lotAcres: 1.25 }, at(11))).toBe(false);
    expect(await subject.store.setEstateStatus(julien, id, 'under_contract', null, at(20))).toBe(true);
    expect(await subject.store.setEstateStatus(julien, id, 'under_contract', null, at(21))).toBe(false);
    expect(await subject.store.updateEstate(ava, '00000000-0000-4000-8000-000000000000', lot7, at(22))).toBe(false);

    const [estate] = await subject.store.listEstates(ava, null);
    expect(estate).toMatchObject({ bedrooms: 6, homeSqft: 4400, status: 'under_contract', listPrice: null, changedAt: at(20).toISOString(), createdAt: at(0).toISOString() });
    expect(await subject.store.estateHistory(ava, id)).toEqual([
      { at: at(0).toISOString(), actorId: julien.id, actor: 'Julien Marchetti', before: null, after: lot7 },
      { at: at(10).toISOString(), actorId: ava.id, actor: 'Ava Laurent', before: { bedrooms: 5, homeSqft: 4200 }, after: { bedrooms: 6, homeSqft: 4400 } },
      {
        at: at(20).toISOString(),
        actorId: julien.id,
        actor: 'Julien Marchetti',
        before: { status: 'available', listPrice: 2_450_000 },
        after: { status: 'under_contract', listPrice: null },
      },
    ]);

    // Deleted: gone from the list, its history kept with the deletion last.
    expect(await subject.store.deleteEstate(ava, id, at(30))).toBe(true);
    expect(await subject.store.deleteEstate(ava, id, at(31))).toBe(false);
    expect(await subject.store.listEstates(ava, null)).toEqual([]);
    const history = await subject.store.estateHistory(julien, id);
    expect(history).toHaveLength(4);
    expect(history[3]).toEqual({
      at: at(30).toISOString(),
      actorId: ava.id,
      actor: 'Ava Laurent',
      before: { ...lot7, bedrooms: 6, homeSqft: 4400, status: 'under_contract', listPrice: null },
      after: null,
    });
    // Values the table refuses are refused, and nothing of them is recorded.
    const { id: other } = await subject.store.createEstate(ava, { ...lot7, lot: 'Lot 9' }, at(40));
    await expect(subject.store.updateEstate(ava, other, { ...lot7, lot: 'Lot 9', homeSqft: 0 }, at(41))).rejects.toMatchObject(refused('23514'));
    await expect(subject.store.setEstateStatus(ava, other, 'withdrawn' as never, null, at(41))).rejects.toMatchObject(refused('22023'));
    expect(await subject.store.estateHistory(ava, other)).toHaveLength(1);
  });

  test('a sold estate cannot be deleted', async () => {
    const { id } = await subject.store.createEstate(ava, lot7, at(0));
    expect(await subject.store.setEstateStatus(ava, id, 'sold', 2_390_000, at(1))).toBe(true);
    await expect(subject.store.deleteEstate(ava, id, at(2))).rejects.toMatchObject(refused(PORTAL_REFUSALS.estateSold));
    expect((await subject.store.listEstates(ava, 'sold')).map((estate) => [estate.lot, estate.listPrice])).toEqual([['Lot 7', 2_390_000]]);
    expect(await subject.store.estateHistory(ava, id)).toHaveLength(2);
  });

  test('terms are numbered as published; a broker accepts the latest only, and a new version asks again', async () => {
    expect(await subject.store.currentTerms(marcus)).toBeNull();
    await expect(subject.store.acceptTerms(marcus, 1, at(0))).rejects.toMatchObject(refused(PORTAL_REFUSALS.termsStale));
    await expect(subject.store.publishTerms(marcus, 'A broker may not write the terms.', at(0))).rejects.toMatchObject(refused('42501'));

    expect(await subject.store.publishTerms(ava, 'Commission: 2.5% of the sale price.\r\n\r\nPaid at closing.', at(1))).toBe(1);
    expect(await subject.store.currentTerms(marcus)).toEqual({
      version: 1,
      body: 'Commission: 2.5% of the sale price.\n\nPaid at closing.',
      publishedAt: at(1).toISOString(),
      accepted: false,
      acceptedAt: null,
      acceptedBefore: false,
    });
    // The team has nothing to accept.
    expect(await subject.store.currentTerms(julien)).toMatchObject({ version: 1, accepted: true, acceptedAt: null });
    await expect(subject.store.acceptTerms(julien, 1, at(2))).rejects.toMatchObject(refused('42501'));

    expect(await subject.store.acceptTerms(marcus, 1, at(2))).toBe(true);
    expect(await subject.store.acceptTerms(marcus, 1, at(3))).toBe(false);
    expect(await subject.store.currentTerms(marcus)).toMatchObject({ version: 1, accepted: true, acceptedAt: at(2).toISOString() });

    expect(await subject.store.publishTerms(julien, 'Commission: 3% of the sale price.', at(4))).toBe(2);
    expect(await subject.store.currentTerms(marcus)).toMatchObject({ version: 2, body: 'Commission: 3% of the sale price.', accepted: false, acceptedAt: null, acceptedBefore: true });
    await expect(subject.store.acceptTerms(marcus, 1, at(5))).rejects.toMatchObject(refused(PORTAL_REFUSALS.termsStale));
    await expect(subject.store.acceptTerms(marcus, 3, at(5))).rejects.toMatchObject(refused(PORTAL_REFUSALS.termsStale));
    expect(await subject.store.acceptTerms(marcus, 2, at(6))).toBe(true);
    expect(await subject.store.currentTerms(marcus)).toMatchObject({ version: 2, accepted: true, acceptedAt: at(6).toISOString() });

    expect(await subject.store.termsAcceptances(ava, marcus.id)).toEqual([
      { version: 2, acceptedAt: at(6).toISOString() },
      { version: 1, acceptedAt: at(2).toISOString() },
    ]);
    expect(await subject.store.termsAcceptances(ava, julien.id)).toEqual([]);
    await expect(subject.store.termsAcceptances(marcus, marcus.id)).rejects.toMatchObject(refused('42501'));

    // Plain text only, and something to read: markup and blank bodies are refused, and take no number.
    await expect(subject.store.publishTerms(ava, '<p>Commission</p>', at(7))).rejects.toMatchObject(refused('23514'));
    await expect(subject.store.publishTerms(ava, ' \n ', at(7))).rejects.toMatchObject(refused('23514'));
    await expect(subject.store.publishTerms(ava, 'x'.repeat(20_001), at(7))).rejects.toMatchObject(refused('23514'));
    expect(await subject.store.publishTerms(ava, 'x'.repeat(20_000), at(8))).toBe(3);

    // The team lists every version, newest first, with who published it; a broker may not.
    expect(await subject.store.termsVersions(julien)).toEqual([
      { version: 3, publishedAt: at(8).toISOString(), publishedBy: 'Ava Laurent' },
      { version: 2, publishedAt: at(4).toISOString(), publishedBy: 'Julien Marchetti' },
      { version: 1, publishedAt: at(1).toISOString(), publishedBy: 'Ava Laurent' },
    ]);
    await expect(subject.store.termsVersions(marcus)).rejects.toMatchObject(refused('42501'));
  });

  test('closed to a broker until they accept the latest terms, and so before any are published; open to the team', async () => {
    const lead = { fullName: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, note: null };
    const closed = refused(PORTAL_REFUSALS.closed);
    const everyWayIn: (() => Promise<unknown>)[] = [
      () => subject.store.listEstates(marcus, null),
      () => subject.store.recordDownload(marcus, 'price_list', at(1)),
      () => subject.store.registerBuyer(marcus, lead, at(1)),
      () => subject.store.brokerRegistrations(marcus),
      () => subject.store.brokerRegistration(marcus, '00000000-0000-4000-8000-000000000000'),
      () => subject.store.renewRegistration(marcus, '00000000-0000-4000-8000-000000000000', at(1)),
      () => subject.store.bookTourForRegistration(marcus, '00000000-0000-4000-8000-000000000000', at(60), 'America/New_York', at(1)),
      () => subject.store.brokerTours(marcus),
    ];
    await subject.store.createEstate(ava, lot7, at(0));
    // No terms yet: nothing answers the broker; the team sees the portal as it stands.
    for (const call of everyWayIn) await expect(call()).rejects.toMatchObject(closed);
    expect(await subject.store.listEstates(julien, null)).toHaveLength(1);
    // Published but not accepted: still closed. Accepted: open.
    await subject.store.publishTerms(ava, 'Commission: 2.5% of the sale price.', at(2));
    await expect(subject.store.listEstates(marcus, null)).rejects.toMatchObject(closed);
    await subject.store.acceptTerms(marcus, 1, at(3));
    expect(await subject.store.listEstates(marcus, null)).toHaveLength(1);
    expect(await subject.store.brokerRegistrations(marcus)).toEqual([]);
    // A new version closes it again until that one is accepted.
    await subject.store.publishTerms(ava, 'Commission: 3% of the sale price.', at(4));
    for (const call of everyWayIn) await expect(call()).rejects.toMatchObject(closed);
    expect(await subject.sql('select count(*)::int as n from private.portal_downloads')).toEqual([{ n: 0 }]);
    expect(await subject.sql('select count(*)::int as n from private.registrations')).toEqual([{ n: 0 }]);
  });

  test('downloads are recorded for whoever made them, and listed to the team newest first', async () => {
    await openPortalTo(subject, marcus);
    await subject.store.recordDownload(marcus, 'price_list', at(0));
    await subject.store.recordDownload(julien, 'brochure', at(1));
    await subject.store.recordDownload(marcus, 'brochure', at(2));
    await expect(subject.store.recordDownload(marcus, 'floor_plans' as never, at(3))).rejects.toMatchObject(refused('23514'));

    expect(await subject.store.listDownloads(ava, null, 100)).toEqual([
      { accountId: marcus.id, name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', role: 'broker', kind: 'brochure', at: at(2).toISOString() },
      { accountId: julien.id, name: 'Julien Marchetti', email: 'julien@aldercrest.example', brokerage: null, role: 'member', kind: 'brochure', at: at(1).toISOString() },
      { accountId: marcus.id, name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', role: 'broker', kind: 'price_list', at: at(0).toISOString() },
    ]);
    expect((await subject.store.listDownloads(julien, marcus.id, 100)).map(({ kind, at: when }) => [kind, when])).toEqual([
      ['brochure', at(2).toISOString()],
      ['price_list', at(0).toISOString()],
    ]);
    expect((await subject.store.listDownloads(ava, null, 1)).map((download) => download.at)).toEqual([at(2).toISOString()]);
    await expect(subject.store.listDownloads(marcus, marcus.id, 100)).rejects.toMatchObject(refused('42501'));
  });

  test("a broker's contact is the team member who owns their request: the one they were approved from, else the latest with their address", async () => {
    await subject.sql("update private.accounts set phone = '+1 555 0142' where id = $1", [julien.id]);
    const request = async (owner: Actor | null, minutes: number, email = 'Marcus@Hale.Realty') =>
      (
        await subject.sql<{ id: string }>(
          'insert into broker_requests (full_name, email, brokerage, owner_id, created_at) values ($1, $2, $3, $4, $5) returning id',
          ['Marcus Hale', email, 'Hale Realty', owner?.id ?? null, at(minutes)],
        )
      )[0]!.id;

    expect(await subject.store.brokerContact(marcus)).toBeNull();
    // No link to a request: the latest with the broker's address, whatever its capitals.
    await request(ava, 0);
    await request(julien, 5);
    await request(ava, 9, 'someone.else@hale.realty');
    expect(await subject.store.brokerContact(marcus)).toEqual({ name: 'Julien Marchetti', email: 'julien@aldercrest.example', phone: '+1 555 0142' });
    // A name typed in before owners were accounts is nobody the portal can show, even a team member's.
    const typed = await request(null, 7);
    await subject.sql("update broker_requests set legacy_owner = 'Julien Marchetti' where id = $1", [typed]);
    expect(await subject.store.brokerContact(marcus)).toBeNull();

    // The request they were approved from wins, even when older; a request nobody owns gives no contact.
    const approvedFrom = await request(null, -10);
    await subject.sql('update private.accounts set broker_request_id = $2 where id = $1', [marcus.id, approvedFrom]);
    expect(await subject.store.brokerContact(marcus)).toBeNull();
    await subject.sql('update broker_requests set owner_id = $2 where id = $1', [approvedFrom, ava.id]);
    expect(await subject.store.brokerContact(marcus)).toEqual({ name: 'Ava Laurent', email: 'ava@aldercrest.example', phone: null });

    // An owner who has left the team is nobody's contact; the team has none of its own.
    await subject.sql("update private.accounts set status = 'removed' where id = $1", [ava.id]);
    expect(await subject.store.brokerContact(marcus)).toBeNull();
    expect(await subject.store.brokerContact(julien)).toBeNull();
  });

  test("a broker's acceptances and downloads go with their account; the team's history of the estates stays", async () => {
    await subject.store.publishTerms(ava, 'Commission: 2.5%.', at(0));
    await subject.store.acceptTerms(marcus, 1, at(1));
    await subject.store.recordDownload(marcus, 'price_list', at(2));
    const { id } = await subject.store.createEstate(julien, lot7, at(3));

    expect(await subject.store.erasePerson(ava, 'marcus@hale.realty', new Date())).toBe(0);
    expect(await subject.sql('select count(*)::int as left from private.accounts where id = $1', [marcus.id])).toEqual([{ left: 0 }]);
    expect(await subject.sql('select count(*)::int as left from private.terms_acceptances')).toEqual([{ left: 0 }]);
    expect(await subject.sql('select count(*)::int as left from private.portal_downloads')).toEqual([{ left: 0 }]);
    expect(await subject.store.estateHistory(ava, id)).toHaveLength(1);

    // A team member's account deleted outright: what they changed stays, without them.
    await subject.sql('delete from private.accounts where id = $1', [julien.id]);
    expect(await subject.store.estateHistory(ava, id)).toEqual([{ at: at(3).toISOString(), actorId: null, actor: null, before: null, after: lot7 }]);
  });
});
