import fc from 'fast-check';
import { Client } from 'pg';
import { readNoticeRegistration } from '@/lib/store/registrations';
import type { Actor } from '@/lib/auth/types';
import type { BuyerRegistration } from '@/lib/portal/types';
import { authContextFor, signInPeople, openPortalTo } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const DAY = 86_400_000;
/** The app's clock, as the tests set it: registrations take their time from it, never from the database. */
const AT = new Date('2027-03-01T10:00:00.000Z');
const after = (days: number, from = AT) => new Date(from.getTime() + days * DAY);

const eleanor: BuyerRegistration = { fullName: 'Eleanor Whitfield', email: 'eleanor.whitfield@gmail.com', phone: '+1 (555) 010-0123', note: 'Showing on Saturday.' };
const theodore: BuyerRegistration = { fullName: 'Theodore Crane', email: 'theo@crane.example', phone: '555 020 0456', note: null };

describe.each(STORE_NAMES)('client registrations on the %s store', (storeName) => {
  const subject = storeForTests(storeName);

  let ava: Actor, marcus: Actor, nadia: Actor;
  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.lead_notes, private.lead_activity, private.erasures, private.sign_in_requests, private.accounts cascade',
    );
    ({ ava, marcus, nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'marcus', 'nadia']));
    await openPortalTo(subject, marcus, nadia);
  });

  const inquiry = async (fields: { email: string; phone?: string | null }, receivedAt: Date) =>
    (
      await subject.sql<{ id: string }>('insert into prospect_inquiries (full_name, email, phone, created_at) values ($1, $2, $3, $4) returning id', [
        'A Prospect',
        fields.email,
        fields.phone ?? null,
        receivedAt,
      ])
    )[0]!.id;
  const register = (broker: Actor, buyer: BuyerRegistration, at = AT) => subject.store.registerBuyer(broker, buyer, at);

  test('registered at once for 90 days when nobody else has the buyer, and kept normalised', async () => {
    const registration = await register(marcus, eleanor);
    expect(registration).toMatchObject({ created: true, status: 'registered', createdAt: AT.toISOString(), expiresAt: after(90).toISOString(), ...eleanor, reason: null });
    const [seen] = await subject.store.teamRegistrations(ava, null);
    expect(seen).toMatchObject({
      id: registration.id,
      emailKey: 'eleanorwhitfield@gmail.com',
      phoneDigits: '15550100123',
      phoneKey: '5550100123',
      broker: { id: marcus.id, name: 'Marcus Hale', brokerage: 'Hale Realty' },
      conflictInquiryId: null,
      conflictRegistrationId: null,
    });
    expect(await register(nadia, { ...theodore, phone: null })).toMatchObject({ status: 'registered', phone: null });
    await expect(register(nadia, { ...theodore, email: '  ' })).rejects.toMatchObject({ name: 'StoreError', code: '22023' });
  });

  test('a prospect inquiry from the buyer in the 180 days before sends it to review; an older one does not', async () => {
    // By address: written another way (capitals, dots, googlemail and a +tag), 179 days before.
    const recent = await inquiry({ email: 'Eleanor.Whit.Field+tours@GoogleMail.com' }, after(-179));
    const byAddress = await register(marcus, eleanor);
    expect(byAddress).toMatchObject({ status: 'under_review', expiresAt: null });
    expect((await subject.store.registrationReview(ava, byAddress.id))!.registration.conflictInquiryId).toBe(recent);

    // By telephone alone, formatted otherwise, with its country code.
    await inquiry({ email: 'someone.else@example.com', phone: '001 555 020 0456' }, after(-30));
    expect(await register(marcus, theodore)).toMatchObject({ status: 'under_review' });

    // 181 days before is no longer ours; nor is an inquiry the app's clock has not reached.
    await inquiry({ email: 'ruth@example.com', phone: '+44 20 7946 0018' }, after(-181));
    await inquiry({ email: 'ruth@example.com' }, after(1));
    expect(await register(marcus, { fullName: 'Ruth Ames', email: 'RUTH@example.com', phone: '020 7946 0018', note: null })).toMatchObject({ status: 'registered' });
    // Outside Gmail, a dot or a +tag makes another address.
    await inquiry({ email: 'j.doe+x@example.com' }, after(-1));
    expect(await register(marcus, { fullName: 'Jo Doe', email: 'jdoe@example.com', phone: null, note: null })).toMatchObject({ status: 'registered' });
  });

  test('another broker’s active registration sends it to review; an expired one does not; the same broker again gets theirs back', async () => {
    const first = await register(marcus, eleanor);
    expect(first.status).toBe('registered');

    // Another broker, the same buyer by address (written otherwise), a day later.
    const second = await register(nadia, { ...eleanor, email: ' EleanorWhitfield@googlemail.com', phone: null }, after(1));
    expect(second).toMatchObject({ status: 'under_review', created: true });
    expect((await subject.store.registrationReview(ava, second.id))!.registration.conflictRegistrationId).toBe(first.id);
    // ... and by telephone alone.
    const third = await register(nadia, { ...eleanor, email: 'e.w@work.example', phone: '555.010.0123' }, after(2));
    expect(third).toMatchObject({ status: 'under_review', created: true });

    // The same broker again: their registration, unchanged, whether by address or telephone; no second one.
    const again = await register(marcus, { ...eleanor, email: 'ELEANOR.WHITFIELD@gmail.com' }, after(10));
    expect(again).toMatchObject({ created: false, id: first.id, expiresAt: first.expiresAt, status: 'registered' });
    expect(await register(marcus, { ...eleanor, email: 'other@example.com' }, after(11))).toMatchObject({ created: false, id: first.id });
    expect(await subject.store.brokerRegistrations(marcus)).toHaveLength(1);
    // One under review is held too: asking again gives back the newest, unchanged.
    expect(await register(nadia, eleanor, after(3))).toMatchObject({ created: false, id: third.id, status: 'under_review' });
    expect(await subject.store.brokerRegistrations(nadia)).toHaveLength(2);

    // Once Marcus's has expired and Nadia's were declined, Nadia registers the buyer outright, and Marcus, again, only under review.
    for (const declined of [second, third]) {
      expect(await subject.store.decideRegistration(ava, declined.id, { status: 'declined', reason: 'Marcus registered the buyer first.' }, false, after(4))).toBe(true);
    }
    const outright = await register(nadia, eleanor, after(90));
    expect(outright).toMatchObject({ status: 'registered', created: true, expiresAt: after(180).toISOString() });
    expect(await register(marcus, eleanor, after(91))).toMatchObject({ status: 'under_review', created: true });
  });

  test('renewal: once, by its own broker, within its last 14 days, for 90 days from its old expiry', async () => {
    const registration = await register(marcus, eleanor);
    const expiry = after(90);
    expect(await subject.store.renewRegistration(marcus, registration.id, after(-15, expiry))).toBe('too_early');
    expect(await subject.store.renewRegistration(nadia, registration.id, after(-10, expiry))).toBe('not_found');
    await expect(subject.store.renewRegistration(ava, registration.id, after(-10, expiry))).rejects.toMatchObject({ code: '42501' });
    expect(await subject.store.renewRegistration(marcus, registration.id, after(-14, expiry))).toBe('renewed');
    expect(await subject.store.brokerRegistration(marcus, registration.id)).toMatchObject({
      expiresAt: after(90, expiry).toISOString(),
      renewedAt: after(-14, expiry).toISOString(),
    });
    expect(await subject.store.renewRegistration(marcus, registration.id, after(80, expiry))).toBe('renewed_before');

    // Expired, or never registered: nothing to renew.
    const other = await register(marcus, theodore);
    expect(await subject.store.renewRegistration(marcus, other.id, expiry)).toBe('not_active');
    await inquiry({ email: 'ruth@example.com' }, AT);
    const reviewed = await register(marcus, { fullName: 'Ruth Ames', email: 'ruth@example.com', phone: null, note: null });
    expect(await subject.store.renewRegistration(marcus, reviewed.id, after(80))).toBe('not_active');
  });

  test('the team sees a conflict with both sides in one call and decides; each decision emails the broker through the outbox', async () => {
    const inquiryId = await inquiry({ email: 'eleanor.whitfield@gmail.com', phone: '555-010-0123' }, after(-20));
    await subject.sql("update prospect_inquiries set status = 'contacted', owner_id = $2 where id = $1", [inquiryId, ava.id]);
    const marcusFirst = await register(marcus, eleanor);
    const nadiaSecond = await register(nadia, { ...eleanor, note: null }, after(1));
    expect([marcusFirst.status, nadiaSecond.status]).toEqual(['under_review', 'under_review']);

    const review = await subject.store.registrationReview(ava, nadiaSecond.id);
    expect(review).toEqual({
      registration: expect.objectContaining({ id: nadiaSecond.id, broker: expect.objectContaining({ name: 'Nadia North' }), conflictInquiryId: inquiryId }),
      inquiry: { id: inquiryId, fullName: 'A Prospect', email: 'eleanor.whitfield@gmail.com', phone: '555-010-0123', createdAt: after(-20).toISOString(), status: 'contacted', owner: 'Ava Laurent' },
      // Marcus's was under review, not active: Nadia's met the inquiry only.
      other: null,
    });
    expect(await subject.store.registrationReview(ava, '00000000-0000-4000-8000-000000000000')).toBeNull();

    await expect(subject.store.decideRegistration(ava, marcusFirst.id, { status: 'declined', reason: '  ' }, true, after(2))).rejects.toMatchObject({ code: '22023' });
    await expect(subject.store.decideRegistration(marcus, marcusFirst.id, { status: 'registered' }, true, after(2))).rejects.toMatchObject({ code: '42501' });
    expect(await subject.store.decideRegistration(ava, marcusFirst.id, { status: 'registered' }, true, after(2))).toBe(true);
    expect(await subject.store.decideRegistration(ava, marcusFirst.id, { status: 'declined', reason: 'Too late.' }, true, after(3))).toBe(false);
    expect(await subject.store.brokerRegistration(marcus, marcusFirst.id)).toMatchObject({ status: 'registered', expiresAt: after(92).toISOString(), decidedAt: after(2).toISOString() });

    // With Marcus's now active, a third broker's side would show it; Nadia's is declined, with the reason she is shown.
    const reason = 'The buyer is already represented by another broker for this estate.';
    expect(await subject.store.decideRegistration(ava, nadiaSecond.id, { status: 'declined', reason }, true, after(3))).toBe(true);
    expect(await subject.store.brokerRegistrations(nadia)).toEqual([expect.objectContaining({ id: nadiaSecond.id, status: 'declined', reason, expiresAt: null })]);
    expect(await subject.store.teamRegistrations(ava, 'declined')).toEqual([expect.objectContaining({ id: nadiaSecond.id, decidedBy: 'Ava Laurent' })]);
    expect((await subject.store.teamRegistrations(ava, 'registered')).map((entry) => entry.id)).toEqual([marcusFirst.id]);
    expect(await subject.store.teamRegistrations(ava, 'under_review')).toEqual([]);
    expect(await subject.store.teamRegistrations(ava, null)).toHaveLength(2);

    // One notice per decision, about the registration, due at the decision's time.
    expect(await subject.sql('select about_id, kind, status, lead_id, next_attempt_at from private.outbox order by next_attempt_at')).toEqual([
      { about_id: marcusFirst.id, kind: 'registration_decided', status: 'pending', lead_id: null, next_attempt_at: after(2) },
      { about_id: nadiaSecond.id, kind: 'registration_decided', status: 'pending', lead_id: null, next_attempt_at: after(3) },
    ]);
    // The worker is told whom to write and what: the broker, the buyer, the decision, its reason.
    const claimed = await subject.store.claimNotices({ now: after(4), limit: 10, leaseSeconds: 60, mailPerHour: 100 });
    expect(claimed.map((notice) => readNoticeRegistration(notice.about)).sort((a, b) => a!.status.localeCompare(b!.status))).toEqual([
      { registrationId: nadiaSecond.id, status: 'declined', buyer: 'Eleanor Whitfield', reason, expiresAt: null, name: 'Nadia North', email: 'nadia@north.realty', live: true },
      { registrationId: marcusFirst.id, status: 'registered', buyer: 'Eleanor Whitfield', reason: null, expiresAt: after(92), name: 'Marcus Hale', email: 'marcus@hale.realty', live: true },
    ]);
  });

  test('a conflict with another broker’s registration shows that registration; without mail, no notice', async () => {
    const marcusFirst = await register(marcus, eleanor);
    const nadiaSecond = await register(nadia, eleanor, after(1));
    const review = await subject.store.registrationReview(ava, nadiaSecond.id);
    expect(review).toMatchObject({ inquiry: null, other: { id: marcusFirst.id, status: 'registered', broker: { name: 'Marcus Hale' }, expiresAt: after(90).toISOString() } });
    expect(await subject.store.decideRegistration(ava, nadiaSecond.id, { status: 'registered' }, false, after(2))).toBe(true);
    expect(await subject.sql('select count(*)::int as notices from private.outbox')).toEqual([{ notices: 0 }]);
  });

  test('a broker sees only their own registrations; the team sees all, and those of a prospect inquiry', async () => {
    const marcusOwn = await register(marcus, eleanor);
    const nadiaOwn = await register(nadia, theodore);
    expect((await subject.store.brokerRegistrations(marcus)).map((entry) => entry.id)).toEqual([marcusOwn.id]);
    expect(await subject.store.brokerRegistration(marcus, marcusOwn.id)).toMatchObject({ id: marcusOwn.id, status: 'registered', expiresAt: after(90).toISOString(), reason: null });
    // Another broker's, by its id: nothing (the portal answers 404).
    expect(await subject.store.brokerRegistration(marcus, nadiaOwn.id)).toBeNull();
    expect(await subject.store.brokerRegistration(nadia, marcusOwn.id)).toBeNull();
    // What the broker is shown carries nothing of the team's: no other side, no keys, no other broker.
    expect(Object.keys((await subject.store.brokerRegistration(marcus, marcusOwn.id))!).sort()).toEqual(
      ['createdAt', 'decidedAt', 'email', 'expiresAt', 'fullName', 'id', 'note', 'phone', 'reason', 'renewedAt', 'status'],
    );
    // The team's lists are the team's alone; registering is a broker's.
    await expect(subject.store.teamRegistrations(marcus, null)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.registrationReview(marcus, marcusOwn.id)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.inquiryRegistrations(marcus, marcusOwn.id)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.registerBuyer(ava, eleanor, AT)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.brokerRegistrations(ava)).rejects.toMatchObject({ code: '42501' });
    expect((await subject.store.teamRegistrations(ava, null)).map((entry) => entry.id).sort()).toEqual([marcusOwn.id, nadiaOwn.id].sort());

    // A prospect inquiry that comes after: its page shows the registrations of its buyer, by address or telephone.
    const byPhone = await inquiry({ email: 'theo.crane@elsewhere.example', phone: '+1 555-020-0456' }, after(5));
    const byAddress = await inquiry({ email: 'EleanorWhitfield+x@gmail.com' }, after(5));
    const nobody = await inquiry({ email: 'nobody@example.com', phone: '555 999 0000' }, after(5));
    expect((await subject.store.inquiryRegistrations(ava, byPhone)).map((entry) => entry.id)).toEqual([nadiaOwn.id]);
    expect((await subject.store.inquiryRegistrations(ava, byAddress)).map((entry) => entry.id)).toEqual([marcusOwn.id]);
    expect(await subject.store.inquiryRegistrations(ava, nobody)).toEqual([]);
  });

  test('erasing a person erases the registrations of that buyer, by any broker, with their notices; the rest stays', async () => {
    await inquiry({ email: 'eleanor.whitfield@gmail.com' }, after(-10));
    const marcusOwn = await register(marcus, eleanor);
    const nadiaOwn = await register(nadia, { ...eleanor, email: 'Eleanor.Whitfield+estates@googlemail.com' }, after(1));
    await subject.store.decideRegistration(ava, nadiaOwn.id, { status: 'declined', reason: 'Marcus first.' }, true, after(2));
    const kept = await register(nadia, theodore);
    await subject.store.decideRegistration(ava, marcusOwn.id, { status: 'registered' }, true, after(2));

    expect(await subject.store.erasePerson(ava, 'ELEANOR.WHITFIELD@gmail.com', new Date())).toBe(1);
    expect((await subject.store.teamRegistrations(ava, null)).map((entry) => entry.id)).toEqual([kept.id]);
    expect(await subject.sql('select count(*)::int as notices from private.outbox')).toEqual([{ notices: 0 }]);
    const tables = await subject.sql<{ name: string }>(
      "select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'private') and table_type = 'BASE TABLE'",
    );
    for (const { name } of tables) {
      const rows = await subject.sql<{ row: string }>(`select t::text as row from ${name} t`);
      expect({ table: name, found: rows.filter(({ row }) => /eleanor|whitfield|5550100123/i.test(row)).length }).toEqual({ table: name, found: 0 });
    }

    // A broker erased: their registrations, and the notices about them, go with their account.
    const again = await register(marcus, { ...eleanor, email: 'new@example.com' }, after(3));
    await subject.sql("update private.registrations set status = 'under_review', expires_at = null where id = $1", [again.id]);
    await subject.store.decideRegistration(ava, again.id, { status: 'registered' }, true, after(4));
    await subject.store.erasePerson(ava, 'marcus@hale.realty', new Date());
    expect(await subject.sql('select count(*)::int as left from private.registrations where id = $1', [again.id])).toEqual([{ left: 0 }]);
    expect(await subject.sql('select count(*)::int as notices from private.outbox')).toEqual([{ notices: 0 }]);
    expect((await subject.store.teamRegistrations(ava, null)).map((entry) => entry.id)).toEqual([kept.id]);
  });

  test('two brokers registering one buyer: the second waits for the first, and is under review', async () => {
    const rounds = 8;
    for (let round = 0; round < rounds; round += 1) {
      // Alternately the same address and the same telephone alone.
      const sameAddress = round % 2 === 0;
      const buyer = { fullName: `Buyer ${round}`, email: `buyer${round}@example.com`, phone: `555 030 ${String(1000 + round)}`, note: null };
      const other = sameAddress ? { ...buyer, phone: null } : { ...buyer, email: `other${round}@example.com` };
      const [first, second] = [await register(marcus, buyer, after(round)), await register(nadia, other, after(round))];
      expect([first.status, second.status]).toEqual(['registered', 'under_review']);
    }
  });

  // PGlite takes one connection, so only the server can show two sessions at once.
  (storeName === 'supabase' ? test : test.skip)('on the PostgreSQL server, concurrent sessions: exactly one registration of a buyer is registered, every time', async () => {
    const sessions = [new Client({ connectionString: subject.databaseUrl }), new Client({ connectionString: subject.databaseUrl })];
    await Promise.all(sessions.map((session) => session.connect()));
    try {
      await Promise.all(sessions.map((session) => session.query('set role service_role')));
      const call = (session: Client, broker: Actor, buyer: BuyerRegistration) =>
        session
          .query<{ value: { status: string } }>('select public.register_buyer($1, $2, $3, $4, $5, $6) as value', [broker.id, buyer.fullName, buyer.email, buyer.phone, buyer.note, AT])
          .then(({ rows }) => rows[0]!.value.status);

      // First, deterministically: a registration whose transaction is still open holds the buyer; the other
      // session's call waits on its lock (seen in pg_locks), and, once the first commits, goes to review.
      const [one, two] = sessions as [Client, Client];
      await one.query('begin');
      expect(await call(one, marcus, eleanor)).toBe('registered');
      const waiting = call(two, nadia, { ...eleanor, email: 'someone@example.com' });
      await waitUntil(async () => (await subject.sql<{ waiting: number }>("select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted"))[0]!.waiting === 1);
      await one.query('commit');
      expect(await waiting).toBe('under_review');

      // Then many rounds at once, by address and by telephone alone: never two registered, never none.
      for (let round = 0; round < 40; round += 1) {
        const buyer = { fullName: `Buyer ${round}`, email: `buyer${round}@example.com`, phone: `+1 555 040 ${String(1000 + round)}`, note: null };
        const other = round % 2 === 0 ? { ...buyer, email: `Buyer${round}@Example.com `, phone: null } : { ...buyer, email: `other${round}@example.com`, phone: `555.040.${1000 + round}` };
        const statuses = await Promise.all([call(one, marcus, buyer), call(two, nadia, other)]);
        expect(statuses.sort()).toEqual(['registered', 'under_review']);
      }
      expect(await subject.sql("select count(*)::int as registered from private.registrations where status = 'registered'")).toEqual([{ registered: 41 }]);
    } finally {
      await Promise.all(sessions.map((session) => session.end()));
    }
  });

  describe('one buyer, however written', () => {
    const normalise = async (emails: string[], phones: string[]) => {
      const [row] = await subject.sql<{ emails: string[]; phones: (string | null)[] }>(
        'select array(select private.buyer_email(e) from unnest($1::text[]) with ordinality u(e, n) order by n) as emails, array(select private.buyer_phone(p) from unnest($2::text[]) with ordinality u(p, n) order by n) as phones',
        [emails, phones],
      );
      return row!;
    };
    const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    const local = fc.tuple(word, fc.option(word, { nil: undefined })).map(([head, tail]) => (tail ? `${head}_${tail}` : head));
    const domain = fc.constantFrom('example.com', 'hale.realty', 'mail.example.org');
    const tenDigits = fc.stringMatching(/^[2-9][0-9]{9}$/);

    /** The same address, written another way: any capitals, spaces around it; at Gmail, dots anywhere in it, a +tag, googlemail. */
    const variant = (address: { local: string; domain: string }) =>
      fc
        .record({
          capitals: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
          dots: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
          tag: fc.option(word, { nil: undefined }),
          googlemail: fc.boolean(),
          padding: fc.constantFrom('', ' ', '\t'),
        })
        .map(({ capitals, dots, tag, googlemail, padding }) => {
          const gmail = address.domain === 'gmail.com';
          const written = gmail ? [...address.local].map((character, index) => (index > 0 && dots[index] ? `.${character}` : character)).join('') : address.local;
          const full = `${written}${gmail && tag ? `+${tag}` : ''}@${gmail && googlemail ? 'googlemail.com' : address.domain}`;
          return `${padding}${[...full].map((character, index) => (capitals[index % 40] ? character.toUpperCase() : character)).join('')}${padding}`;
        });
    /** The same number, formatted another way: with or without a country code (+1, 1, 001), spaces, dots, dashes, brackets. */
    const formatted = (digits: string) =>
      fc.record({ prefix: fc.constantFrom('', '+1 ', '1-', '001 ', '+1'), style: fc.constantFrom('plain', 'spaced', 'dotted', 'bracketed') }).map(({ prefix, style }) => {
        const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
        const body = style === 'plain' ? digits : style === 'spaced' ? `${area} ${exchange} ${line}` : style === 'dotted' ? `${area}.${exchange}.${line}` : `(${area}) ${exchange}-${line}`;
        return `${prefix}${body}`;
      });
    const address = fc.record({ local, domain: fc.oneof(domain, fc.constant('gmail.com')) });

    test('any capitals, padding, +tag and dots (at Gmail), any telephone formatting: one buyer', async () => {
      await fc.assert(
        fc.asyncProperty(
          address.chain((written) => fc.tuple(fc.constant(written), fc.array(variant(written), { minLength: 1, maxLength: 6 }))),
          tenDigits.chain((digits) => fc.tuple(fc.constant(digits), fc.array(formatted(digits), { minLength: 1, maxLength: 6 }))),
          async ([written, emails], [digits, phones]) => {
            const keys = await normalise(emails, phones);
            const expected = written.domain === 'gmail.com' ? `${written.local.replace(/\./g, '')}@gmail.com` : `${written.local}@${written.domain}`;
            expect(new Set(keys.emails)).toEqual(new Set([expected]));
            expect(new Set(keys.phones)).toEqual(new Set([digits]));
          },
        ),
        { numRuns: 60 },
      );
    });

    test('different buyers never collide', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(address, { minLength: 2, maxLength: 6, selector: (a) => `${a.local}@${a.domain}` }),
          fc.uniqueArray(tenDigits, { minLength: 2, maxLength: 6 }),
          fc.nat(),
          async (addresses, numbers, seed) => {
            const emails = addresses.map((a, index) => (index % 2 === seed % 2 ? `${a.local}@${a.domain}`.toUpperCase() : `${a.local}@${a.domain}`));
            const phones = numbers.map((digits, index) => (index % 2 === seed % 2 ? `+1 ${digits}` : digits));
            const keys = await normalise(emails, phones);
            expect(new Set(keys.emails).size).toBe(addresses.length);
            expect(new Set(keys.phones).size).toBe(numbers.length);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
});

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never held');
}
