import { readFileSync } from 'node:fs';
import type { Actor } from '@/lib/auth/types';
import { LEAD_REFUSALS } from '@/lib/leads/types';
import { authContextFor, createAccount, PEOPLE, signInPeople } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const AT = new Date('2026-12-06T15:00:00.000Z');
const later = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);

describe.each(STORE_NAMES)('the owners of leads on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  let ava: Actor, julien: Actor, lena: Actor;
  let lead: string;
  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.outbox, private.lead_activity, private.sign_in_requests, private.accounts cascade',
    );
    ({ ava, julien, lena } = await signInPeople(subject, authContextFor(subject, Date.now), ['ava', 'julien', 'lena']));
    [{ id: lead }] = (await subject.sql<{ id: string }>(
      "insert into prospect_inquiries (full_name, email) values ('Eleanor Whitfield', 'eleanor@example.com') returning id",
    )) as [{ id: string }];
  });

  const give = (actor: Actor, owner: string | null, at = AT, notify = true) => subject.store.changeLead(actor, lead, { field: 'owner', value: owner }, notify, at);
  const assigned = () =>
    subject.sql<{ status: string; last_error: string | null; about: { given_by: string; name: string; email: string; live: boolean } }>(
      "select o.status, o.last_error, private.assignment_notice(o.about_id, now()) as about from private.outbox o where o.kind = 'lead_assigned' order by o.created_at",
    );

  test('an owner is an active owner or member of the team, or nobody: a broker, an ended account, an unknown id or a name are refused', async () => {
    const marcus = await createAccount(subject, PEOPLE.marcus);
    await subject.sql("update private.accounts set status = 'removed' where id = $1", [lena.id]);
    for (const owner of [marcus, lena.id, '00000000-0000-4000-8000-000000000000', 'Julien Marchetti']) {
      await expect(give(ava, owner)).rejects.toMatchObject({ name: 'StoreError', reason: 'rejected', code: LEAD_REFUSALS.notAnOwner });
    }
    expect(await subject.sql('select owner_id, legacy_owner from prospect_inquiries')).toEqual([{ owner_id: null, legacy_owner: null }]);
    expect(await subject.sql('select count(*)::int as lines from private.lead_activity')).toEqual([{ lines: 0 }]);

    expect(await give(ava, julien.id)).toBe(true);
    expect((await subject.store.leadDetail(ava, lead))!.lead).toMatchObject({ owner: 'Julien Marchetti', owner_id: julien.id });
    expect(await give(ava, julien.id, later(1))).toBe(false);
    // Julien leaves: the lead still shows him until someone gives it on, and giving it to him again changes nothing.
    await subject.sql("update private.accounts set status = 'removed' where id = $1", [julien.id]);
    expect(await give(ava, julien.id, later(2))).toBe(false);
    expect((await subject.store.searchLeads(ava, { form: 'inquiry', status: null, owner: julien.id, search: null, offset: 0, limit: 25 })).leads).toEqual([
      expect.objectContaining({ id: lead, owner: 'Julien Marchetti', owner_id: julien.id }),
    ]);
    expect(await give(ava, null, later(3))).toBe(true);
    expect((await subject.store.leadDetail(ava, lead))!.lead).toMatchObject({ owner: null, owner_id: null });
  });

  test('the history says who gave the lead, from whom, to whom, by their names then', async () => {
    await give(ava, julien.id, AT);
    await give(julien, lena.id, later(1));
    await subject.sql("update private.accounts set name = 'Lena Brooks-Hart' where id = $1", [lena.id]);
    await give(lena, null, later(2));
    expect((await subject.store.leadDetail(ava, lead))!.activity).toEqual([
      { at: AT.toISOString(), actor: 'Ava Laurent', action: 'owner', from: null, to: 'Julien Marchetti' },
      { at: later(1).toISOString(), actor: 'Julien Marchetti', action: 'owner', from: 'Julien Marchetti', to: 'Lena Brooks' },
      { at: later(2).toISOString(), actor: 'Lena Brooks-Hart', action: 'owner', from: 'Lena Brooks-Hart', to: null },
    ]);
  });

  test('the one given a lead is emailed, with mail set up, each time; an earlier email not yet gone is put aside; taking it oneself sends none', async () => {
    await give(ava, julien.id, AT, false);
    expect(await assigned()).toEqual([]);
    await give(ava, lena.id, later(1));
    expect(await assigned()).toEqual([
      { status: 'pending', last_error: null, about: expect.objectContaining({ given_by: 'Ava Laurent', name: 'Lena Brooks', email: 'lena@aldercrest.example', live: true }) },
    ]);
    // Taken by Julien himself before Lena's went: hers is put aside, and he is sent nothing.
    await give(julien, julien.id, later(2));
    expect(await assigned()).toEqual([{ status: 'dropped', last_error: 'reassigned', about: expect.objectContaining({ name: 'Julien Marchetti', live: false }) }]);
    // Given back to Lena: a new email, about this giving.
    await give(julien, lena.id, later(3));
    expect((await assigned()).map(({ status, about }) => [status, about.given_by, about.name, about.live])).toEqual([
      ['dropped', 'Ava Laurent', 'Lena Brooks', false],
      ['pending', 'Julien Marchetti', 'Lena Brooks', true],
    ]);
    // The worker sees it as it claims it; gone with the lead when the person is erased.
    const [claimed] = (await subject.store.claimNotices({ now: later(4), limit: 10, leaseSeconds: 60, mailPerHour: 100 })).filter((notice) => notice.kind === 'lead_assigned');
    expect(claimed).toMatchObject({ leadId: lead, form: 'inquiry', about: expect.objectContaining({ lead_id: lead, full_name: 'Eleanor Whitfield', given_by: 'Julien Marchetti', live: true }) });
    expect(await subject.store.erasePerson(ava, 'eleanor@example.com', new Date())).toBe(1);
    expect(await assigned()).toEqual([]);
  });

  test('a name typed in before owners were accounts stays readable as the owner until someone is given the lead', async () => {
    await subject.sql("update prospect_inquiries set legacy_owner = 'Gloria Vance' where id = $1", [lead]);
    expect((await subject.store.leadDetail(ava, lead))!.lead).toMatchObject({ owner: 'Gloria Vance', owner_id: null });
    expect((await subject.store.exportLeads(ava, 'inquiry', { offset: 0, limit: 10 }))[0]).toMatchObject({ owner: 'Gloria Vance' });
    expect((await subject.store.leadDetail(ava, lead))!.lead).not.toHaveProperty('legacy_owner');
    // Nobody is a change from a typed name: it goes, and the history says whose it was.
    expect(await give(ava, null)).toBe(true);
    expect(await subject.sql('select owner_id, legacy_owner from prospect_inquiries')).toEqual([{ owner_id: null, legacy_owner: null }]);
    expect((await subject.store.leadDetail(ava, lead))!.activity).toEqual([{ at: AT.toISOString(), actor: 'Ava Laurent', action: 'owner', from: 'Gloria Vance', to: null }]);
    // A lead has an account or a typed name as its owner, never both.
    await expect(subject.sql("update prospect_inquiries set owner_id = $1, legacy_owner = 'Gloria Vance'", [ava.id])).rejects.toThrow(/prospect_inquiries_one_owner/);
  });

  test('the migration made a typed name the account of the one active team member of that name; any other name stays typed', async () => {
    // The migration's own step, run again over names as they were typed.
    const migration = readFileSync('supabase/migrations/20261206000000_lead_owner_accounts.sql', 'utf8');
    const convert = /^do \$\$[\s\S]*?^\$\$;/m.exec(migration)![0];
    await createAccount(subject, { email: 'julien.other@aldercrest.example', name: 'Julien Marchetti', role: 'member' });
    await createAccount(subject, { ...PEOPLE.marcus, name: 'Marcus Hale' });
    await subject.sql("update private.accounts set status = 'removed' where id = $1", [lena.id]);
    const typed = ['Ava Laurent', 'Julien Marchetti', 'Lena Brooks', 'Marcus Hale', 'Gloria Vance'];
    for (const name of typed) {
      await subject.sql("insert into prospect_inquiries (full_name, email, legacy_owner) values ('A Prospect', 'p@example.com', $1)", [name]);
    }
    await subject.sql("insert into broker_requests (full_name, email, brokerage, legacy_owner) values ('A Broker', 'b@example.com', 'Hale Realty', 'Ava Laurent')");
    await subject.sql(convert);
    const owners = await subject.sql<{ legacy_owner: string | null; owner_id: string | null }>(
      'select legacy_owner, owner_id from prospect_inquiries where legacy_owner is not null or owner_id is not null order by coalesce(legacy_owner, owner_id::text)',
    );
    // Ava is one active owner; Julien's name is two people's; Lena has left; Marcus is a broker; Gloria is nobody's.
    expect(owners).toEqual(
      expect.arrayContaining([
        { legacy_owner: null, owner_id: ava.id },
        { legacy_owner: 'Gloria Vance', owner_id: null },
        { legacy_owner: 'Julien Marchetti', owner_id: null },
        { legacy_owner: 'Lena Brooks', owner_id: null },
        { legacy_owner: 'Marcus Hale', owner_id: null },
      ]),
    );
    expect(owners).toHaveLength(typed.length);
    expect(await subject.sql('select legacy_owner, owner_id from broker_requests')).toEqual([{ legacy_owner: null, owner_id: ava.id }]);
  });
});
