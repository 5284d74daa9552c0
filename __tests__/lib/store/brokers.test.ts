import { newInvitation } from '@/lib/auth/sign-in';
import type { Actor } from '@/lib/auth/types';
import type { BrokerOverview, BuyerRegistration } from '@/lib/portal/types';
import { authContextFor, createAccount, PEOPLE, signInAs } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

/** The app's clock, as the test moves it: 1 December 2026, 10:00 UTC, and so many minutes on. */
const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 10, minutes));
const refused = (code: string) => ({ name: 'StoreError', reason: 'rejected', code });

const eleanor: BuyerRegistration = { fullName: 'Eleanor Whitfield', email: 'eleanor@whitfield.example', phone: null, note: null };
const theodore: BuyerRegistration = { fullName: 'Theodore Crane', email: 'theo@crane.example', phone: null, note: null };
const iris: BuyerRegistration = { fullName: 'Iris Moreau', email: 'iris@moreau.example', phone: null, note: null };
const noRegistrations = { registered: 0, under_review: 0, declined: 0 };

describe.each(STORE_NAMES)('the team’s view of its brokers on the %s store', (storeName) => {
  const subject = storeForTests(storeName);

  let clock: Date;
  let context: ReturnType<typeof authContextFor>;
  let ava: Actor;
  let marcusLead: string;
  let nadiaLead: string;
  /** Approves a broker request as the team does: the account, with the request's id, and its invitation. */
  const approve = async (fullName: string, email: string, brokerage: string, minutes: number) => {
    const [lead] = await subject.sql<{ id: string }>(
      'insert into broker_requests (full_name, email, brokerage, created_at) values ($1, $2, $3, $4) returning id',
      [fullName, email, brokerage, at(minutes - 1)],
    );
    expect(await subject.store.decideBroker(ava, lead!.id, 'approved', false, newInvitation(context).invitation, at(minutes))).toBe(true);
    return lead!.id;
  };
  const signInAt = (email: string, minutes: number) => {
    clock = at(minutes);
    return signInAs(subject, context, email);
  };
  const overviewOf = async (actor: Actor) => Object.fromEntries((await subject.store.brokerOverview(actor)).map((broker) => [broker.name, broker]));

  beforeEach(async () => {
    await subject.sql(
      'truncate broker_requests, private.lead_activity, private.outbox, private.terms_acceptances, private.terms_versions, private.portal_downloads, private.registrations, private.sign_in_requests, private.accounts cascade',
    );
    clock = at(0);
    context = authContextFor(subject, () => clock.getTime(), false);
    await createAccount(subject, PEOPLE.ava);
    ava = await signInAt('ava@aldercrest.example', 0);
    marcusLead = await approve('Marcus Hale', 'marcus@hale.realty', 'Hale Realty', 1);
    nadiaLead = await approve('Nadia Okafor', 'Nadia@Okafor-Estates.example', 'Okafor Estates', 2);
  });

  test('every broker with their access, terms, downloads and registrations, as they happen', async () => {
    // Approved, not signed in yet: nothing but the access and the request it came from.
    expect(await subject.store.brokerOverview(ava)).toEqual([
      {
        id: expect.any(String),
        name: 'Marcus Hale',
        email: 'marcus@hale.realty',
        brokerage: 'Hale Realty',
        status: 'active',
        accessSince: at(1).toISOString(),
        revokedAt: null,
        lastSignInAt: null,
        terms: null,
        downloads: 0,
        recentDownloads: [],
        registrations: noRegistrations,
        leadId: marcusLead,
        leadKept: true,
      },
      expect.objectContaining({ name: 'Nadia Okafor', email: 'nadia@okafor-estates.example', brokerage: 'Okafor Estates', accessSince: at(2).toISOString(), leadId: nadiaLead }),
    ] satisfies BrokerOverview[]);

    // Signing in: the latest one counts.
    const marcus = await signInAt('marcus@hale.realty', 5);
    const nadia = await signInAt('nadia@okafor-estates.example', 6);
    await signInAt('marcus@hale.realty', 9);

    // Terms: both accept the first version, which opens the portal to them (a second one comes below).
    await subject.store.publishTerms(ava, 'Commission: 2.5% of the sale price.', at(10));
    await subject.store.acceptTerms(marcus, 1, at(11));
    await subject.store.acceptTerms(nadia, 1, at(12));

    // Downloads: twelve for Marcus, of which the latest ten are listed; one for Nadia; the team's own count for nobody.
    for (let minute = 20; minute < 32; minute += 1) await subject.store.recordDownload(marcus, minute % 2 ? 'brochure' : 'price_list', at(minute));
    await subject.store.recordDownload(nadia, 'brochure', at(33));
    await subject.store.recordDownload(ava, 'price_list', at(34));

    // Registrations: each broker holds one buyer; each then registers the other's, which goes to review; the
    // team declines Nadia's. Marcus also holds a second buyer.
    await subject.store.registerBuyer(marcus, eleanor, at(40));
    await subject.store.registerBuyer(marcus, iris, at(41));
    await subject.store.registerBuyer(nadia, theodore, at(42));
    expect((await subject.store.registerBuyer(marcus, theodore, at(43))).status).toBe('under_review');
    const contested = await subject.store.registerBuyer(nadia, eleanor, at(44));
    expect(contested.status).toBe('under_review');
    expect(await subject.store.decideRegistration(ava, contested.id, { status: 'declined', reason: 'Marcus Hale registered her first.' }, false, at(45))).toBe(true);

    // The newest version each accepted, and whether it is still the latest.
    await subject.store.publishTerms(ava, 'Commission: 3% of the sale price.', at(46));
    await subject.store.acceptTerms(nadia, 2, at(47));

    const seen = await overviewOf(ava);
    expect(Object.keys(seen)).toEqual(['Marcus Hale', 'Nadia Okafor']);
    expect(seen['Marcus Hale']).toMatchObject({
      status: 'active',
      lastSignInAt: at(9).toISOString(),
      terms: { version: 1, acceptedAt: at(11).toISOString(), current: false },
      downloads: 12,
      registrations: { registered: 2, under_review: 1, declined: 0 },
    });
    expect(seen['Marcus Hale']!.recentDownloads).toEqual(
      [31, 30, 29, 28, 27, 26, 25, 24, 23, 22].map((minute) => ({ kind: minute % 2 ? 'brochure' : 'price_list', at: at(minute).toISOString() })),
    );
    expect(seen['Nadia Okafor']).toMatchObject({
      lastSignInAt: at(6).toISOString(),
      terms: { version: 2, acceptedAt: at(47).toISOString(), current: true },
      downloads: 1,
      recentDownloads: [{ kind: 'brochure', at: at(33).toISOString() }],
      registrations: { registered: 1, under_review: 0, declined: 1 },
    });
    // Both team members see the same; no team account is listed.
    await createAccount(subject, { email: 'julien@aldercrest.example', name: 'Julien Marchetti', role: 'member' });
    const julien = await signInAt('julien@aldercrest.example', 50);
    expect(await subject.store.brokerOverview(julien)).toEqual(await subject.store.brokerOverview(ava));
  });

  test('revoked brokers come after those with access, with when it ended; restored, their access begins again', async () => {
    const marcus = await signInAt('marcus@hale.realty', 5);
    expect(await subject.store.changeBrokerAccess(ava, marcusLead, 'revoke', false, newInvitation(context).invitation, at(20))).toBe(true);
    let seen = await subject.store.brokerOverview(ava);
    expect(seen.map(({ name, status, revokedAt }) => [name, status, revokedAt])).toEqual([
      ['Nadia Okafor', 'active', null],
      ['Marcus Hale', 'revoked', at(20).toISOString()],
    ]);
    expect(seen[1]).toMatchObject({ accessSince: at(1).toISOString(), lastSignInAt: at(5).toISOString(), leadId: marcusLead });
    // A revoked broker may not look, any more than one with access.
    await expect(subject.store.brokerOverview(marcus)).rejects.toMatchObject(refused('42501'));

    expect(await subject.store.changeBrokerAccess(ava, marcusLead, 'restore', false, newInvitation(context).invitation, at(30))).toBe(true);
    seen = await subject.store.brokerOverview(ava);
    expect(seen.map(({ name, status, accessSince, revokedAt }) => [name, status, accessSince, revokedAt])).toEqual([
      ['Marcus Hale', 'active', at(30).toISOString(), null],
      ['Nadia Okafor', 'active', at(2).toISOString(), null],
    ]);

    // A request deleted (erasure, retention) leaves its id on the account, which still changes its access, but no page to open.
    await subject.sql('delete from broker_requests where id = $1', [nadiaLead]);
    expect((await overviewOf(ava))['Nadia Okafor']).toMatchObject({ leadId: nadiaLead, leadKept: false });
  });

  test('a broker may not see the others, nor themselves, here', async () => {
    const nadia = await signInAt('nadia@okafor-estates.example', 5);
    await expect(subject.store.brokerOverview(nadia)).rejects.toMatchObject(refused('42501'));
    await expect(subject.store.brokerOverview({ ...ava, id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject(refused('42501'));
  });
});
