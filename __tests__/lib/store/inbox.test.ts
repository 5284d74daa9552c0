import { LEAD_FORMS } from '@/lib/leads/forms';
import { processLead } from '@/lib/leads/submit';
import type { LeadStore } from '@/lib/store';
import { formData } from '../../support/form-data';
import { STORE_NAMES, storeForTests } from '../../support/stores';
import { submissionContext } from '../../support/request';
import { authContextFor, signInAs, signInPeople } from '../../support/accounts';
import { newInvitation } from '@/lib/auth/sign-in';
import type { Actor } from '@/lib/auth/types';
import type { LeadChange } from '@/lib/leads/types';

const prospect = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'A private tour, please.' };
const agent = { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 1', phone: '', message: '' };

describe.each(STORE_NAMES)('the inbox on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  let ava: Actor, julien: Actor;
  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.lead_notes, private.lead_activity, private.erasures, private.sign_in_requests, private.accounts cascade',
    );
    ({ ava, julien } = await signInPeople(subject, authContextFor(subject, Date.now), ['ava', 'julien']));
  });
  const invitation = () => newInvitation(authContextFor(subject, Date.now)).invitation;

  const submit = async (form: 'inquiry' | 'broker', fields: Record<string, string>, headers = new Headers()) => {
    const env = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'leads@aldercrest.example', LEAD_NOTIFY_TO: 'sales@aldercrest.example' };
    expect((await processLead(form, formData(fields), submissionContext({ store: subject.store, env, headers }))).status).toBe('success');
  };
  const idOf = async (table: string, email: string) => (await subject.sql<{ id: string }>(`select id from ${table} where email = $1`, [email]))[0]!.id;

  test('lists a form, newest first, filtered by status and owner and searched by name, email or brokerage', async () => {
    for (const [minute, name] of ['Ada Byron', 'Grace Hopper', 'Edith Clarke'].entries()) {
      await subject.sql("insert into prospect_inquiries (full_name, email, created_at) values ($1, $2, $3)", [
        name,
        `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        new Date(Date.UTC(2026, 10, 20, 10, minute)),
      ]);
    }
    await subject.sql("update prospect_inquiries set status = 'contacted', owner_id = $1 where full_name = 'Grace Hopper'", [ava.id]);
    const page = await subject.store.searchLeads(ava, { form: 'inquiry', status: null, owner: null, search: null, offset: 0, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.leads.map((lead) => lead.full_name)).toEqual(['Edith Clarke', 'Grace Hopper']);
    expect(page.leads[0]).toMatchObject({ status: 'new', owner: null, owner_id: null, follow_up_on: null, utm_source: null, created_at: '2026-11-20T10:02:00.000Z' });
    expect(page.leads[0]).not.toHaveProperty('submission_key');

    const search = (query: Partial<Parameters<LeadStore['searchLeads']>[1]>) =>
      subject.store.searchLeads(ava, { form: 'inquiry', status: null, owner: null, search: null, offset: 0, limit: 25, ...query });
    expect((await search({ status: 'contacted' })).leads.map((lead) => lead.full_name)).toEqual(['Grace Hopper']);
    expect((await search({ owner: ava.id })).leads).toEqual([expect.objectContaining({ full_name: 'Grace Hopper', owner: 'Ava Laurent', owner_id: ava.id })]);
    expect((await search({ owner: julien.id })).total).toBe(0);
    expect((await search({ search: 'ADA' })).leads.map((lead) => lead.full_name)).toEqual(['Ada Byron']);
    expect((await search({ search: 'edith@' })).leads.map((lead) => lead.full_name)).toEqual(['Edith Clarke']);
    // Wildcards typed into the search are searched for, not obeyed.
    expect((await search({ search: '%' })).total).toBe(0);
    expect((await search({ search: '_' })).total).toBe(0);

    await submit('broker', agent);
    expect((await subject.store.searchLeads(ava, { form: 'broker', status: null, owner: null, search: 'hale realty', offset: 0, limit: 25 })).total).toBe(1);
  });

  test('each change is kept in the history: who, what, from what, to what, when', async () => {
    await submit('inquiry', prospect);
    const id = await idOf('prospect_inquiries', prospect.email);
    const change = (actor: Actor, lead: string, what: LeadChange) => subject.store.changeLead(actor, lead, what, false, new Date());
    expect(await change(ava, id, { field: 'status', value: 'contacted' })).toBe(true);
    expect(await change(ava, id, { field: 'status', value: 'contacted' })).toBe(false);
    expect(await change(ava, id, { field: 'owner', value: julien.id })).toBe(true);
    expect(await change(julien, id, { field: 'follow_up_on', value: '2026-12-01' })).toBe(true);
    expect(await subject.store.addNote(julien, id, 'Prefers weekend tours.\nCall after 6 pm.')).toBe(true);
    expect(await change(ava, '00000000-0000-4000-8000-000000000000', { field: 'status', value: 'closed' })).toBe(false);

    const detail = await subject.store.leadDetail(ava, id);
    expect(detail).toMatchObject({ form: 'inquiry', lead: { id, status: 'contacted', owner: 'Julien Marchetti', owner_id: julien.id, follow_up_on: '2026-12-01', ...prospect } });
    expect(detail!.notes).toEqual([{ id: expect.any(String), createdAt: expect.stringMatching(/Z$/), author: 'Julien Marchetti', body: 'Prefers weekend tours.\nCall after 6 pm.' }]);
    expect(detail!.activity.map(({ actor, action, from, to }) => [actor, action, from, to])).toEqual([
      ['Ava Laurent', 'status', 'new', 'contacted'],
      ['Ava Laurent', 'owner', null, 'Julien Marchetti'],
      ['Julien Marchetti', 'follow_up_on', null, '2026-12-01'],
      ['Julien Marchetti', 'note', null, detail!.notes[0]!.id],
    ]);
    await expect(change(ava, id, { field: 'status', value: 'approved' })).rejects.toMatchObject({ name: 'StoreError' });
    expect(await subject.store.leadDetail(ava, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  test('a decision on a broker request is recorded, and the email telling the broker joins the outbox once', async () => {
    await submit('broker', agent);
    const id = await idOf('broker_requests', agent.email);
    expect(await subject.store.decideBroker(ava, id, 'approved', true, invitation(), new Date())).toBe(true);
    expect(await subject.store.decideBroker(ava, id, 'approved', true, invitation(), new Date())).toBe(false);
    const detail = await subject.store.leadDetail(ava, id);
    expect(detail!.lead.status).toBe('approved');
    expect(detail!.activity.map(({ action, from, to }) => [action, from, to])).toEqual([['decision', 'pending', 'approved']]);
    // The overdue reminder is put aside by the answer.
    expect((await subject.store.leadNotices(ava, [id])).map((notice) => [notice.kind, notice.status]).sort()).toEqual([
      ['broker_approved', 'pending'],
      ['broker_overdue', 'dropped'],
      ['receipt', 'pending'],
      ['team_email', 'pending'],
    ]);
    // The approval gave the broker an account and an invitation, which the approval email carries.
    expect(await subject.sql("select name, role, status, brokerage from private.accounts where email = $1", [agent.email])).toEqual([
      { name: agent.full_name, role: 'broker', status: 'active', brokerage: agent.brokerage },
    ]);
    expect(await subject.sql("select o.kind, c.purpose from private.outbox o join private.sign_in_challenges c on c.id = o.about_id where o.lead_id = $1", [id])).toEqual([
      { kind: 'broker_approved', purpose: 'invitation' },
    ]);
    expect(await subject.store.decideBroker(ava, id, 'declined', false, invitation(), new Date())).toBe(true);
    expect((await subject.store.leadNotices(ava, [id])).map((notice) => notice.kind)).not.toContain('broker_declined');
    // Declined after all: their access has ended.
    expect(await subject.sql("select status from private.accounts where email = $1", [agent.email])).toEqual([{ status: 'revoked' }]);
  });

  test('erasing a person removes every lead, note, history entry and notice of theirs, and leaves no trace of the address', async () => {
    await submit('inquiry', prospect);
    await submit('inquiry', { ...prospect, email: 'Eleanor@Example.com', message: 'Again' });
    await submit('broker', { ...agent, email: 'eleanor@example.com' });
    await submit('inquiry', { ...prospect, full_name: 'Someone Else', email: 'someone@example.com' });
    const id = await idOf('prospect_inquiries', prospect.email);
    // Approved as a broker, and signed in once: her account, its history and its invitation go with her.
    expect(await subject.store.decideBroker(ava, await idOf('broker_requests', 'eleanor@example.com'), 'approved', true, invitation(), new Date())).toBe(true);
    await signInAs(subject, authContextFor(subject, Date.now), 'eleanor@example.com');
    await subject.store.addNote(ava, id, 'Wrote from eleanor@example.com again.');
    // Given to Julien with mail set up: the email telling him goes with the lead.
    await subject.store.changeLead(ava, id, { field: 'owner', value: julien.id }, true, new Date());

    expect(await subject.store.erasePerson(ava, 'ELEANOR@example.com', new Date())).toBe(3);
    expect(await subject.store.leadDetail(ava, id)).toBeNull();
    expect((await subject.store.searchLeads(ava, { form: 'inquiry', status: null, owner: null, search: null, offset: 0, limit: 25 })).total).toBe(1);

    // Every row of every table, as text: the address is nowhere, in any spelling, nor its receipt count.
    const tables = await subject.sql<{ name: string }>(
      "select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'private') and table_type = 'BASE TABLE'",
    );
    for (const { name } of tables) {
      const rows = await subject.sql<{ row: string }>(`select t::text as row from ${name} t`);
      expect({ table: name, found: rows.filter(({ row }) => /eleanor@example\.com|Eleanor Whitfield|Again/i.test(row)).length }).toEqual({ table: name, found: 0 });
    }
    expect(await subject.sql('select count(*)::int as receipts from private.receipt_log')).toEqual([{ receipts: 1 }]);
    expect(await subject.sql('select actor, leads from private.erasures')).toEqual([{ actor: 'Ava Laurent', leads: 3 }]);
  });

  test('retention deletes the leads older than the period, with their notes, history and notices', async () => {
    await submit('inquiry', prospect);
    await submit('inquiry', { ...prospect, email: 'recent@example.com' });
    const old = await idOf('prospect_inquiries', prospect.email);
    await subject.store.addNote(ava, old, 'An old note.');
    await subject.sql("update prospect_inquiries set created_at = now() - interval '400 days' where id = $1", [old]);
    expect(await subject.store.applyRetention(365, new Date())).toMatchObject({ leads: 1 });
    expect(await subject.store.applyRetention(365, new Date())).toMatchObject({ leads: 0 });
    expect(await subject.sql('select email from prospect_inquiries')).toEqual([{ email: 'recent@example.com' }]);
    expect(await subject.sql('select count(*)::int as left from private.lead_notes')).toEqual([{ left: 0 }]);
    expect(await subject.sql('select count(*)::int as left from private.outbox where lead_id = $1', [old])).toEqual([{ left: 0 }]);
  });

  test('each lead keeps where its visit came from, with and without JavaScript, and the inbox counts leads by source and month', async () => {
    // With JavaScript: the form carries the landing page's parameters and the referring site.
    await submit('inquiry', {
      ...prospect,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'autumn-open-house',
      referrer: 'https://www.example-magazine.com/homes/estates?id=4',
      privacy_notice: '0123456789ab',
    });
    // Without: only the page the post was sent from, its own address in Referer.
    await submit('broker', agent, new Headers({ host: 'aldercrest.example', referer: 'https://aldercrest.example/?utm_source=brokers-weekly&utm_medium=print' }));
    // A value not fit to keep is dropped, and the lead stored all the same.
    await submit('inquiry', { ...prospect, email: 'third@example.com', utm_source: 'x'.repeat(500), referrer: 'javascript:alert(1)' });

    const inquiries = await subject.sql<Record<string, unknown>>('select * from prospect_inquiries order by email');
    expect(inquiries[0]).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'autumn-open-house', utm_term: null, referrer: 'www.example-magazine.com', privacy_notice: '0123456789ab' });
    expect(inquiries[1]).toMatchObject({ utm_source: null, referrer: null });
    expect((await subject.sql('select utm_source, utm_medium, referrer from broker_requests'))[0]).toEqual({ utm_source: 'brokers-weekly', utm_medium: 'print', referrer: null });

    const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/New_York' }).format(new Date()).slice(0, 7);
    expect(await subject.store.leadsBySource(ava, 'America/New_York')).toEqual(
      expect.arrayContaining([
        { month, form: 'inquiry', source: 'newsletter', leads: 1 },
        { month, form: 'inquiry', source: 'direct', leads: 1 },
        { month, form: 'broker', source: 'brokers-weekly', leads: 1 },
      ]),
    );
    expect(LEAD_FORMS.inquiry.statuses[0]).toBe('new');
  });
});
