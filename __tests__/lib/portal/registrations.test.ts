import { teamTime } from '@/lib/admin/time';
import { renewable } from '@/lib/portal/registration-forms';
import { registerClient, renewClientRegistration, type PortalContext } from '@/lib/portal/registrations';
import type { Actor } from '@/lib/auth/types';
import { authContextFor, signInPeople, openPortalTo } from '../../support/accounts';
import { captureLogLines, formData } from '../../support/form-data';
import { storeForTests } from '../../support/stores';

// The portal's client registration as its Server Actions run it (lib/portal/actions.ts passes the server's
// store and clock): what the form accepts, what each outcome says, and what the log is told (ids, never a buyer).

const DAY = 86_400_000;
const TIME_ZONE = 'America/New_York';
const ELEANOR = { fullName: 'Eleanor Whitfield', email: 'eleanor.whitfield@gmail.com', phone: '+1 (555) 010-0123', note: 'Showing on Saturday.' };

describe('client registration in the portal', () => {
  const subject = storeForTests('embedded');
  let clock: number;
  let context: PortalContext;
  let ava: Actor, julien: Actor, marcus: Actor, nadia: Actor;

  beforeEach(async () => {
    clock = Date.UTC(2027, 2, 1, 15, 0);
    await subject.sql('truncate prospect_inquiries, broker_requests, private.outbox, private.sign_in_requests, private.accounts cascade');
    ({ ava, julien, marcus, nadiaOkafor: nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'julien', 'marcus', 'nadiaOkafor']));
    await openPortalTo(subject, marcus, nadia);
    context = { store: subject.store, now: () => clock, timeZone: TIME_ZONE };
  });

  const register = (actor: Actor, fields: Record<string, string>) => captureLogLines(() => registerClient(context, actor, formData(fields)));
  const registrationLines = (lines: Record<string, unknown>[]) => lines.filter((line) => String(line.event).startsWith('portal.registration'));
  const stored = async () => (await subject.sql<{ count: number }>('select count(*)::int as count from private.registrations'))[0]!.count;

  test('registered for 90 days, the entries trimmed, the expiry in the site’s time zone; the log says ids and the outcome alone', async () => {
    const { result, lines, raw } = await register(marcus, { fullName: '  Eleanor   Whitfield ', email: ' eleanor.whitfield@gmail.com ', phone: ' ', note: '\n Showing on Saturday. \n' });
    expect(result).toMatchObject({ outcome: 'registered', errors: [], values: {}, registration: { fullName: 'Eleanor Whitfield', status: 'registered' } });
    const expires = new Date(clock + 90 * DAY).toISOString();
    expect(result.registration!.expires).toBe(teamTime(expires, TIME_ZONE));
    expect(result.registration!.expires).toMatch(/^May 30, 2027, 11:00\sAM EDT$/);
    const [mine] = await subject.store.brokerRegistrations(marcus);
    expect(mine).toMatchObject({ id: result.registration!.id, fullName: 'Eleanor Whitfield', email: 'eleanor.whitfield@gmail.com', phone: null, note: 'Showing on Saturday.', expiresAt: expires });
    expect(registrationLines(lines)).toEqual([expect.objectContaining({ event: 'portal.registration', level: 'info', outcome: 'registered', registration: result.registration!.id, status: 'registered' })]);
    for (const personal of ['Eleanor', 'Whitfield', 'eleanor', 'Saturday', 'marcus']) expect(raw).not.toContain(personal);
  });

  test('the same buyer again from the same broker is the registration they hold; written otherwise by another broker, it goes to review', async () => {
    const first = (await register(marcus, ELEANOR)).result;
    const again = await register(marcus, { ...ELEANOR, email: 'ELEANOR.WHITFIELD@gmail.com' });
    expect(again.result).toMatchObject({ outcome: 'existing', registration: { id: first.registration!.id, status: 'registered', expires: first.registration!.expires } });
    expect(registrationLines(again.lines)).toEqual([expect.objectContaining({ outcome: 'existing', registration: first.registration!.id })]);

    const other = await register(nadia, { fullName: 'Eleanor Whitfield', email: 'Eleanor.WhitField+aldercrest@gmail.com', phone: '', note: '' });
    expect(other.result).toMatchObject({ outcome: 'under_review', registration: { status: 'under_review', expires: null } });
    expect(other.result.registration!.id).not.toBe(first.registration!.id);
    expect(registrationLines(other.lines)).toEqual([expect.objectContaining({ outcome: 'under_review', registration: other.result.registration!.id })]);
    // Each sees their own alone.
    expect((await subject.store.brokerRegistrations(nadia)).map((registration) => registration.id)).toEqual([other.result.registration!.id]);
    expect(await stored()).toBe(2);
  });

  test('a refusal names each field to change and keeps what was typed; nothing is stored, and the log names fields, not values', async () => {
    const typed = { fullName: '   ', email: 'eleanor@whitfield', phone: 'call after six', note: 'x'.repeat(2001) };
    const { result, lines, raw } = await register(marcus, typed);
    expect(result).toMatchObject({ outcome: 'refused', errors: ['fullName', 'email', 'phone', 'note'], values: typed, registration: null });
    expect(registrationLines(lines)).toEqual([expect.objectContaining({ outcome: 'refused', fields: 'fullName,email,phone,note', level: 'warn' })]);
    expect(raw).not.toContain('whitfield');
    expect(raw).not.toContain('call after six');

    // Each cap at its edge: in, and one over.
    const longest = { fullName: 'E'.repeat(120), email: `${'e'.repeat(64)}@${'w'.repeat(60)}.example`, phone: '5'.repeat(40), note: 'n'.repeat(2000) };
    expect((await register(marcus, longest)).result.outcome).toBe('registered');
    expect((await register(marcus, { ...longest, fullName: 'E'.repeat(121), email: 'other@example.com' })).result.errors).toEqual(['fullName']);
    expect((await register(marcus, { ...longest, phone: '5'.repeat(41), email: 'other@example.com' })).result.errors).toEqual(['phone']);
    // Markup and control characters are no name; a field sent far too long is cut before it is shown again.
    expect((await register(marcus, { ...ELEANOR, fullName: '<b>Eleanor</b>' })).result.errors).toEqual(['fullName']);
    expect((await register(marcus, { ...ELEANOR, fullName: 'Eleanor\u202EWhitfield' })).result.errors).toEqual(['fullName']);
    const huge = (await register(marcus, { ...ELEANOR, note: 'n'.repeat(100_000) })).result;
    expect(huge.errors).toEqual(['note']);
    expect(huge.values.note!.length).toBeLessThanOrEqual(4000);
    // A field missing altogether is an empty one.
    expect((await captureLogLines(() => registerClient(context, marcus, formData({ fullName: 'Eleanor Whitfield' })))).result.errors).toEqual(['email']);
    expect(await stored()).toBe(1);
  });

  test('the team sees the portal and registers nobody; a broker registers nobody before the latest terms are accepted', async () => {
    for (const member of [ava, julien]) {
      const { result, lines } = await register(member, ELEANOR);
      expect(result.outcome).toBe('not_broker');
      expect(registrationLines(lines)).toEqual([expect.objectContaining({ outcome: 'not_broker' })]);
    }
    // A version the broker has not accepted yet (the first, which they accepted, was published for every test).
    await subject.store.publishTerms(ava, 'Register your client before their first showing.', new Date(clock));
    const early = await register(marcus, ELEANOR);
    expect(early.result.outcome).toBe('terms');
    expect(registrationLines(early.lines)).toEqual([expect.objectContaining({ outcome: 'terms' })]);
    expect(await stored()).toBe(0);
    await subject.store.acceptTerms(marcus, 2, new Date(clock));
    expect((await register(marcus, ELEANOR)).result.outcome).toBe('registered');
    expect((await captureLogLines(() => renewClientRegistration(context, julien, crypto.randomUUID()))).result).toBe('not_broker');
  });

  test('before the team has published any terms, a broker registers nobody and renews nothing', async () => {
    await subject.sql('truncate private.terms_acceptances, private.terms_versions cascade');
    const { result } = await register(marcus, ELEANOR);
    expect(result.outcome).toBe('terms');
    expect((await captureLogLines(() => renewClientRegistration(context, marcus, crypto.randomUUID()))).result).toBe('terms');
    expect(await stored()).toBe(0);
  });

  test('renewed once, in its last 14 days, by its own broker; every other try says why not', async () => {
    const id = (await register(marcus, ELEANOR)).result.registration!.id;
    const renew = (actor: Actor, which: unknown) => captureLogLines(() => renewClientRegistration(context, actor, which));
    const [registration] = await subject.store.brokerRegistrations(marcus);
    expect(renewable(registration!, clock)).toBe(false);
    expect((await renew(marcus, id)).result).toBe('too_early');
    expect((await renew(marcus, 'not-an-id')).result).toBe('not_found');
    expect((await renew(nadia, id)).result).toBe('not_found');

    clock += 77 * DAY;
    const [due] = await subject.store.brokerRegistrations(marcus);
    expect(renewable(due!, clock)).toBe(true);
    const renewed = await renew(marcus, id);
    expect(renewed.result).toBe('renewed');
    expect(registrationLines(renewed.lines)).toEqual([expect.objectContaining({ event: 'portal.registration_renewal', outcome: 'renewed', registration: id, level: 'info' })]);
    const [after] = await subject.store.brokerRegistrations(marcus);
    expect(after).toMatchObject({ expiresAt: new Date(Date.UTC(2027, 2, 1, 15, 0) + 180 * DAY).toISOString(), renewedAt: new Date(clock).toISOString() });
    expect(renewable(after!, clock)).toBe(false);
    expect((await renew(marcus, id)).result).toBe('renewed_before');

    // Another, left to expire: no longer active.
    const other = (await register(marcus, { fullName: 'Theodore Crane', email: 'theo@crane.example', phone: '', note: '' })).result.registration!.id;
    clock += 91 * DAY;
    expect((await renew(marcus, other)).result).toBe('not_active');
  });
});
