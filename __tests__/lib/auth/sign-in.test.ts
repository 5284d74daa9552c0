import { performance } from 'node:perf_hooks';
import { verifySession } from '@/lib/auth/session';
import { linkState, newInvitation, requestSignInCode, signInWithCode, signInWithLink, SIGN_IN_LIMITS } from '@/lib/auth/sign-in';
import { newSessionToken } from '@/lib/auth/tokens';
import type { Actor } from '@/lib/auth/types';
import { authContextFor, createAccount, newestChallenge, PEOPLE, signInAs } from '../../support/accounts';
import { captureLogLines } from '../../support/form-data';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe.each(STORE_NAMES)('signing in on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  let clock: number;
  const now = () => clock;
  let context: ReturnType<typeof authContextFor>;

  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 24, 15, 0);
    context = authContextFor(subject, now);
    await subject.sql('truncate private.accounts, private.sign_in_requests, private.outbox cascade');
    await subject.store.ensureOwners(['ava@aldercrest.example'], new Date(clock));
    await createAccount(subject, PEOPLE.julien);
    await createAccount(subject, PEOPLE.marcus);
  });

  const ask = (email: string, clientAddress = '203.0.113.7') => requestSignInCode(context, { email, clientAddress });
  const session = () => {
    const token = newSessionToken();
    return { token, record: { id: token.id, secretHash: token.secretHash, device: null } };
  };

  test('a code signs in once, within 15 minutes; its link is spent with it', async () => {
    expect(await ask('Julien@Aldercrest.example')).toBe('sent');
    const { code, link } = await newestChallenge(subject, context);
    clock += 14 * MINUTE;
    const signedIn = await signInWithCode(context, { email: 'julien@aldercrest.example', code, device: null });
    expect(signedIn).toMatchObject({ outcome: 'signed_in', account: { email: 'julien@aldercrest.example', name: 'Julien Marchetti', role: 'member' } });
    expect(await signInWithCode(context, { email: 'julien@aldercrest.example', code, device: null })).toMatchObject({ outcome: 'refused' });
    expect(await signInWithLink(context, { token: link, device: null })).toMatchObject({ outcome: 'refused', reason: 'dead_link' });

    // Another code, left 15 minutes: dead, by code and by link.
    await ask('julien@aldercrest.example');
    const late = await newestChallenge(subject, context);
    clock += 15 * MINUTE;
    expect(await signInWithCode(context, { email: 'julien@aldercrest.example', code: late.code, device: null })).toMatchObject({ outcome: 'refused', reason: 'no_live_code' });
    expect(await signInWithLink(context, { token: late.link, device: null })).toMatchObject({ outcome: 'refused', reason: 'dead_link' });
  });

  test('a link signs in once; opening its page spends nothing', async () => {
    await ask('marcus@hale.realty');
    const { link, code } = await newestChallenge(subject, context);
    // As a mail scanner would, and as the page the link opens does: the link stays good.
    for (let look = 0; look < 3; look++) expect(await linkState(context, link)).toEqual({ live: true, purpose: 'sign_in' });
    expect(await signInWithLink(context, { token: link, device: 'Safari on iPhone' })).toMatchObject({ outcome: 'signed_in', account: { role: 'broker' } });
    expect(await linkState(context, link)).toEqual({ live: false, purpose: 'sign_in' });
    expect(await signInWithLink(context, { token: link, device: null })).toMatchObject({ outcome: 'refused', reason: 'dead_link' });
    expect(await signInWithCode(context, { email: 'marcus@hale.realty', code, device: null })).toMatchObject({ outcome: 'refused' });
  });

  test('a foreign or forged link, or another key’s code, is refused', async () => {
    await ask('julien@aldercrest.example');
    const { code, link } = await newestChallenge(subject, context);
    const forged = Buffer.alloc(32, 7).toString('base64url');
    expect(await signInWithLink(context, { token: forged, device: null })).toMatchObject({ outcome: 'refused', reason: 'unknown_link' });
    expect(await linkState(context, forged)).toEqual({ live: false, purpose: null });
    // The same code for another address is another hash: a code is good for the address it was sent to alone.
    expect(await signInWithCode(context, { email: 'ava@aldercrest.example', code, device: null })).toMatchObject({ outcome: 'refused' });
    // A server with another key derives other codes: nothing in the database alone signs anyone in.
    const elsewhere = authContextFor(subject, now);
    expect(await signInWithCode(elsewhere, { email: 'julien@aldercrest.example', code: String((Number(code) + 1) % 1e6).padStart(6, '0'), device: null })).toMatchObject({
      outcome: 'refused',
    });
    expect(await signInWithLink(context, { token: link, device: null })).toMatchObject({ outcome: 'signed_in' });
  });

  test('a code allows five wrong tries, then is dead, right or wrong; each is in the history', async () => {
    await ask('julien@aldercrest.example');
    const { code } = await newestChallenge(subject, context);
    const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
    const reasons = [];
    for (let attempt = 0; attempt < 5; attempt++) reasons.push((await signInWithCode(context, { email: 'julien@aldercrest.example', code: wrong, device: null })) as { reason?: string });
    expect(reasons.map((answer) => answer.reason)).toEqual(['wrong_code', 'wrong_code', 'wrong_code', 'wrong_code', 'exhausted']);
    expect(await signInWithCode(context, { email: 'julien@aldercrest.example', code, device: null })).toMatchObject({ outcome: 'refused', reason: 'no_live_code' });
    const history = await subject.sql<{ action: string; actor: string; detail: string }>(
      "select v.action, v.actor, v.detail from private.account_activity v join private.accounts a on a.id = v.account_id where a.email = 'julien@aldercrest.example' order by v.at, v.detail",
    );
    expect(history).toEqual(['1', '2', '3', '4', '5'].map((detail) => ({ action: 'code_failed', actor: 'Julien Marchetti', detail })));
  });

  test('only the newest code of an address works; each email’s link works until the person signs in', async () => {
    await ask('julien@aldercrest.example');
    const first = await newestChallenge(subject, context);
    clock += MINUTE;
    await ask('julien@aldercrest.example');
    const second = await newestChallenge(subject, context);
    expect(await signInWithCode(context, { email: 'julien@aldercrest.example', code: first.code, device: null })).toMatchObject({ outcome: 'refused' });
    expect(await linkState(context, first.link)).toEqual({ live: true, purpose: 'sign_in' });
    expect(await signInWithCode(context, { email: 'julien@aldercrest.example', code: second.code, device: null })).toMatchObject({ outcome: 'signed_in' });
    // Signed in: every code and link of the address is spent.
    expect(await signInWithLink(context, { token: first.link, device: null })).toMatchObject({ outcome: 'refused', reason: 'dead_link' });
    expect(await signInWithLink(context, { token: second.link, device: null })).toMatchObject({ outcome: 'refused', reason: 'dead_link' });
  });

  test('asking for a code answers alike for every address: the same words, the same work, nothing learnt from the time it takes', async () => {
    expect(await ask('julien@aldercrest.example')).toBe('sent');
    expect(await ask('nobody@example.com')).toBe('sent');
    // Both kept a challenge; only the account's has an email queued.
    expect(await subject.sql('select count(*)::int as n from private.sign_in_challenges')).toEqual([{ n: 2 }]);
    expect(await subject.sql('select kind from private.outbox')).toEqual([{ kind: 'sign_in_code' }]);

    // Fifty tries each, interleaved, each an hour apart (so no limit is reached) from its own client.
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 50; round++) {
      for (const [kind, email] of [
        ['known', 'julien@aldercrest.example'],
        ['unknown', `stranger-${round}@example.com`],
      ] as const) {
        clock += HOUR;
        const started = performance.now();
        expect(await ask(email, `198.51.100.${round}`)).toBe('sent');
        timings[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const spread = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(values.length * 0.75)]! - sorted[Math.floor(values.length * 0.25)]!;
    };
    // Within the noise: the medians apart by less than the spread of either (or a millisecond, whichever is more).
    const difference = Math.abs(median(timings.known) - median(timings.unknown));
    expect(difference).toBeLessThanOrEqual(Math.max(1, spread(timings.known), spread(timings.unknown)));
  });

  test('codes are limited per address and per client, counted in the database, whoever the address belongs to', async () => {
    for (const email of ['julien@aldercrest.example', 'nobody@example.com']) {
      for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAddress; attempt++) expect(await ask(email, `192.0.2.${attempt}`)).toBe('sent');
      // Over the address's limit, with its newest email still good: nothing more is sent (sign-in-lockout.test.ts).
      expect(await ask(email, '192.0.2.99')).toBe('recent');
    }
    expect(await subject.sql('select count(*)::int as n from private.sign_in_challenges')).toEqual([{ n: 2 * SIGN_IN_LIMITS.perAddress }]);
    // One client asking for many addresses.
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perClient; attempt++) expect(await ask(`someone-${attempt}@example.com`, '192.0.2.10')).toBe('sent');
    expect(await ask('another@example.com', '192.0.2.10')).toBe('limited');
    // An hour later, each may ask again.
    clock += HOUR + MINUTE;
    expect(await ask('julien@aldercrest.example', '192.0.2.10')).toBe('sent');
  });

  test('the sign-in code is in the log only without a mail relay, and never with one', async () => {
    const mailed = await captureLogLines(() => ask('julien@aldercrest.example'));
    expect(mailed.lines.filter((line) => line.event === 'auth.sign_in_code')).toEqual([]);
    const quiet = { ...context, mail: false };
    const logged = await captureLogLines(() => requestSignInCode(quiet, { email: 'ava@aldercrest.example', clientAddress: '203.0.113.9' }));
    const { code, link } = await newestChallenge(subject, quiet, 'sign_in', 'ava@aldercrest.example');
    expect(logged.lines.filter((line) => line.event === 'auth.sign_in_code')).toEqual([
      expect.objectContaining({ code, link: `https://aldercrest.example/sign-in/link?token=${link}`, validMinutes: 15 }),
    ]);
    expect(`${mailed.raw}\n${logged.raw}`).not.toMatch(/julien|ava@|Marchetti/i);
  });

  test('a team session ends after 12 hours unused and 7 days in all; a broker’s after 30 days unused', async () => {
    const julien = await signInAs(subject, context, 'julien@aldercrest.example');
    const marcus = await signInAs(subject, context, 'marcus@hale.realty');
    const alive = async (actor: { token: string }) => (await verifySession(subject.store, actor.token, new Date(clock))) !== null;

    // Used every 11 hours, the team's session lives until its seventh day, then ends whatever.
    const started = clock;
    while (clock + 11 * HOUR < started + 7 * 24 * HOUR) {
      clock += 11 * HOUR;
      expect(await alive(julien)).toBe(true);
    }
    clock = started + 7 * 24 * HOUR;
    expect(await alive(julien)).toBe(false);

    // The broker's, last used at sign-in, lives 30 days less a minute, then ends; once ended it stays ended.
    expect(await alive(marcus)).toBe(true);
    clock += 30 * 24 * HOUR - MINUTE;
    expect(await alive(marcus)).toBe(true);
    clock += 30 * 24 * HOUR;
    expect(await alive(marcus)).toBe(false);
    clock -= 30 * 24 * HOUR;
    expect(await alive(marcus)).toBe(false);

    const ava = await signInAs(subject, context, 'ava@aldercrest.example');
    clock += 12 * HOUR;
    expect(await alive(ava)).toBe(false);
  });

  test('signing out ends the session; signing out everywhere ends every session of that person alone', async () => {
    const phone = await signInAs(subject, context, 'julien@aldercrest.example');
    const desk = await signInAs(subject, context, 'julien@aldercrest.example');
    const laptop = await signInAs(subject, context, 'julien@aldercrest.example');
    const ava = await signInAs(subject, context, 'ava@aldercrest.example');
    const alive = async (actor: { token: string }) => (await verifySession(subject.store, actor.token, new Date(clock))) !== null;

    expect((await subject.store.accountOverview(phone, new Date(clock))).sessions).toHaveLength(3);
    expect(await subject.store.endSession(phone.sessionId)).toBe(true);
    expect(await alive(phone)).toBe(false);
    expect(await alive(desk)).toBe(true);
    // One of one's own sessions, from the account page; not someone else's.
    expect(await subject.store.endOwnSession(ava, desk.sessionId)).toBe(false);
    expect(await subject.store.endOwnSession(laptop, desk.sessionId)).toBe(true);
    expect(await alive(desk)).toBe(false);

    const again = await signInAs(subject, context, 'julien@aldercrest.example');
    expect(await subject.store.endAllSessions(again, new Date(clock))).toBe(2);
    expect(await alive(laptop)).toBe(false);
    expect(await alive(again)).toBe(false);
    expect(await alive(ava)).toBe(true);
    // The ended session can no longer act, even with its account id in hand.
    await expect(subject.store.endAllSessions(again, new Date(clock))).resolves.toBe(0);
  });

  test('a forged, tampered or malformed cookie is refused', async () => {
    const julien = await signInAs(subject, context, 'julien@aldercrest.example');
    const [id, secret] = julien.token.split('.') as [string, string];
    const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [`${id}.${flipped}`, `${id}.${newSessionToken().token.split('.')[1]}`, newSessionToken().token, `${id}`, `${id}.${secret}.x`, '', 'a'.repeat(5000)]) {
      expect(await verifySession(subject.store, cookie, new Date(clock))).toBeNull();
    }
    expect(await verifySession(subject.store, julien.token, new Date(clock))).toMatchObject({ email: 'julien@aldercrest.example', sessionId: id });
  });

  test('removing a team member and revoking a broker end their sessions at once, and nobody removed may sign in', async () => {
    const ava = await signInAs(subject, context, 'ava@aldercrest.example');
    const julien = await signInAs(subject, context, 'julien@aldercrest.example');
    const julienId = julien.id;
    expect(await subject.store.removeMember(ava, julienId, new Date(clock))).toBe(true);
    expect(await verifySession(subject.store, julien.token, new Date(clock))).toBeNull();
    await expect(subject.store.searchLeads(julien, { form: 'inquiry', status: null, owner: null, search: null, offset: 0, limit: 1 })).rejects.toMatchObject({ code: '42501' });
    expect(await ask('julien@aldercrest.example')).toBe('sent');
    const { id: latest, code } = await newestChallenge(subject, context, 'sign_in', 'julien@aldercrest.example');
    expect(await subject.sql('select kind from private.outbox where about_id = $1', [latest])).toEqual([]);
    expect(await signInWithCode(context, { email: 'julien@aldercrest.example', code, device: null })).toMatchObject({ outcome: 'refused' });

    // A broker approved from a request, signed in, then revoked from that request's page.
    const [lead] = await subject.sql<{ id: string }>("insert into broker_requests (full_name, email, brokerage) values ('Nadia Okafor', 'nadia@okafor.homes', 'Okafor Homes') returning id");
    const { invitation } = newInvitation(context);
    expect(await subject.store.decideBroker(ava, lead!.id, 'approved', true, invitation, new Date(clock))).toBe(true);
    const nadiaInvite = await newestChallenge(subject, context, 'invitation');
    const nadia = await signInWithLink(context, { token: nadiaInvite.link, device: null });
    expect(nadia).toMatchObject({ outcome: 'signed_in', account: { role: 'broker', name: 'Nadia Okafor', brokerage: 'Okafor Homes' } });
    const nadiaToken = (nadia as { session: { token: string } }).session.token;
    expect(await subject.store.changeBrokerAccess(ava, lead!.id, 'revoke', true, newInvitation(context).invitation, new Date(clock))).toBe(true);
    expect(await verifySession(subject.store, nadiaToken, new Date(clock))).toBeNull();
    await ask('nadia@okafor.homes');
    const refused = await newestChallenge(subject, context, 'sign_in', 'nadia@okafor.homes');
    expect(await signInWithCode(context, { email: 'nadia@okafor.homes', code: refused.code, device: null })).toMatchObject({ outcome: 'refused' });
    // Given back: a new invitation signs them in again.
    expect(await subject.store.changeBrokerAccess(ava, lead!.id, 'restore', true, newInvitation(context).invitation, new Date(clock))).toBe(true);
    expect(await signInWithLink(context, { token: (await newestChallenge(subject, context, 'invitation')).link, device: null })).toMatchObject({ outcome: 'signed_in' });
    const detail = await subject.store.leadDetail(ava, lead!.id);
    expect(detail!.access!.activity.map((event) => [event.action, event.actor])).toEqual([
      ['invited', 'Ava'],
      ['signed_in', 'Nadia Okafor'],
      ['revoked', 'Ava'],
      ['restored', 'Ava'],
      ['signed_in', 'Nadia Okafor'],
    ]);
  });

  test('a broker is refused everything of the inbox, by the store itself', async () => {
    const marcus = await signInAs(subject, context, 'marcus@hale.realty');
    const [lead] = await subject.sql<{ id: string }>("insert into prospect_inquiries (full_name, email) values ('Eleanor Whitfield', 'eleanor@example.com') returning id");
    const id = lead!.id;
    const at = new Date(clock);
    const { invitation } = newInvitation(context);
    const calls: [string, () => Promise<unknown>][] = [
      ['searchLeads', () => subject.store.searchLeads(marcus, { form: 'inquiry', status: null, owner: null, search: null, offset: 0, limit: 25 })],
      ['exportLeads', () => subject.store.exportLeads(marcus, 'inquiry', { offset: 0, limit: 25 })],
      ['leadDetail', () => subject.store.leadDetail(marcus, id)],
      ['changeLead', () => subject.store.changeLead(marcus, id, { field: 'status', value: 'spam' }, false, at)],
      ['addNote', () => subject.store.addNote(marcus, id, 'A note')],
      ['decideBroker', () => subject.store.decideBroker(marcus, id, 'approved', false, invitation, at)],
      ['changeBrokerAccess', () => subject.store.changeBrokerAccess(marcus, id, 'revoke', false, invitation, at)],
      ['resendNotice', () => subject.store.resendNotice(marcus, id, at)],
      ['leadNotices', () => subject.store.leadNotices(marcus, [id])],
      ['erasePerson', () => subject.store.erasePerson(marcus, 'eleanor@example.com', new Date())],
      ['leadsBySource', () => subject.store.leadsBySource(marcus, 'America/New_York')],
      ['teamOverview', () => subject.store.teamOverview(marcus, at)],
      ['inviteMember', () => subject.store.inviteMember(marcus, { name: 'Mallory', email: 'mallory@example.com', role: 'owner', phone: null }, invitation, at, false)],
      ['changeRole', () => subject.store.changeRole(marcus, marcus.id, 'owner', at)],
      ['removeMember', () => subject.store.removeMember(marcus, marcus.id, at)],
      ['openPasskeyCeremony', () => subject.store.openPasskeyCeremony(crypto.randomUUID(), 'register', marcus, 'A'.repeat(43), at)],
      ['addPasskey', () => subject.store.addPasskey(marcus, { id: 'A'.repeat(22), publicKey: 'AAAA', counter: 0, transports: [], backedUp: false, label: 'Mine' }, at)],
    ];
    for (const [name, call] of calls) await expect(call().then(() => name)).rejects.toMatchObject({ name: 'StoreError', code: '42501' });
    expect(await subject.sql("select status from prospect_inquiries")).toEqual([{ status: 'new' }]);
    expect(await subject.sql("select count(*)::int as n from private.accounts where role = 'owner'")).toEqual([{ n: 1 }]);
  });

  test('a member is refused an owner’s actions; owners ADMIN_EMAILS names, and the last owner, stay owners', async () => {
    const ava = await signInAs(subject, context, 'ava@aldercrest.example');
    const julien = await signInAs(subject, context, 'julien@aldercrest.example');
    const at = new Date(clock);
    const invite = { name: 'Nadia Okafor', email: 'nadia@aldercrest.example', role: 'member' as const, phone: '+1 555 0142' };
    await expect(subject.store.inviteMember(julien, invite, newInvitation(context).invitation, at, true)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.changeRole(julien, julien.id, 'owner', at)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.removeMember(julien, ava.id, at)).rejects.toMatchObject({ code: '42501' });

    expect(await subject.store.inviteMember(ava, invite, newInvitation(context).invitation, at, true)).toBe('invited');
    expect(await subject.store.inviteMember(ava, invite, newInvitation(context).invitation, at, true)).toBe('member');
    expect(await subject.store.inviteMember(ava, { ...invite, email: 'MARCUS@hale.realty' }, newInvitation(context).invitation, at, true)).toBe('taken');
    expect(await subject.sql("select kind from private.outbox where kind = 'invitation'")).toHaveLength(1);

    // Ava is named by ADMIN_EMAILS: she stays an owner. Julien made an owner, then the team's owners are two.
    expect(await subject.store.changeRole(ava, ava.id, 'member', at)).toBe(false);
    expect(await subject.store.removeMember(ava, ava.id, at)).toBe(false);
    expect(await subject.store.changeRole(ava, julien.id, 'owner', at)).toBe(true);
    // Once ADMIN_EMAILS no longer names her, she is an owner like any other, and the last one stays.
    await subject.store.ensureOwners([], at);
    expect(await subject.store.removeMember(julien, ava.id, at)).toBe(true);
    const julienNow = { ...julien, role: 'owner' as const };
    expect(await subject.store.changeRole(julienNow, julien.id, 'member', at)).toBe(false);
    expect(await subject.store.removeMember(julienNow, julien.id, at)).toBe(false);

    const { members, activity } = await subject.store.teamOverview(julienNow, at);
    expect(members.map((member) => [member.name, member.role])).toEqual([
      ['Julien Marchetti', 'owner'],
      ['Nadia Okafor', 'member'],
    ]);
    expect(members[1]).toMatchObject({ joinedAt: null, invitedUntil: new Date(clock + 7 * 24 * HOUR).toISOString(), phone: '+1 555 0142' });
    expect(activity.map((event) => [event.account, event.action, event.actor])).toEqual(
      expect.arrayContaining([
        ['Nadia Okafor', 'invited', 'Ava'],
        ['Julien Marchetti', 'role', 'Ava'],
        ['Ava', 'removed', 'Julien Marchetti'],
      ]),
    );
  });

  test('an invitation signs its person in once, within 7 days', async () => {
    const ava = await signInAs(subject, context, 'ava@aldercrest.example');
    const invite = { name: 'Nadia Okafor', email: 'nadia@aldercrest.example', role: 'member' as const, phone: null };
    await subject.store.inviteMember(ava, invite, newInvitation(context).invitation, new Date(clock), true);
    const first = await newestChallenge(subject, context, 'invitation');
    expect(await linkState(context, first.link)).toEqual({ live: true, purpose: 'invitation' });
    clock += 7 * 24 * HOUR;
    expect(await signInWithLink(context, { token: first.link, device: null })).toMatchObject({ outcome: 'refused', reason: 'dead_link' });
  });

  test('ADMIN_EMAILS makes owners who may always sign in, and gives back access to one removed', async () => {
    const at = new Date(clock);
    await subject.store.ensureOwners(['ava@aldercrest.example', 'owner.two@aldercrest.example'], at);
    const two = await signInAs(subject, context, 'owner.two@aldercrest.example');
    expect(two).toMatchObject({ role: 'owner', fixed: true, name: 'Owner Two' });
    await subject.sql("update private.accounts set status = 'removed' where email = 'owner.two@aldercrest.example'");
    await subject.store.ensureOwners(['ava@aldercrest.example', 'owner.two@aldercrest.example'], at);
    expect(await signInAs(subject, context, 'owner.two@aldercrest.example')).toMatchObject({ role: 'owner' });
  });

  test('each sign-in is in the history with how it was made; the log says so without anyone’s details', async () => {
    const { result: julien, lines } = await captureLogLines<Actor>(() => signInAs(subject, context, 'julien@aldercrest.example'));
    await subject.store.renameAccount(julien, 'Julien M. Marchetti', new Date(clock));
    const { activity } = await subject.store.teamOverview({ ...julien, role: 'member' }, new Date(clock));
    expect(activity.filter((event) => event.account === 'Julien M. Marchetti').map((event) => [event.action, event.detail])).toEqual([
      ['renamed', 'Julien Marchetti'],
      ['signed_in', 'code'],
    ]);
    expect(lines.filter((line) => String(line.event).startsWith('auth.'))).toEqual([
      expect.objectContaining({ event: 'auth.code_requested', outcome: 'issued', delivery: 'email' }),
      expect.objectContaining({ event: 'auth.signed_in', method: 'code', role: 'member' }),
    ]);
  });

  test('a passkey ceremony is spent once, within five minutes, by the account that opened it', async () => {
    const ava = await signInAs(subject, context, 'ava@aldercrest.example');
    const julien = await signInAs(subject, context, 'julien@aldercrest.example');
    const id = crypto.randomUUID();
    await subject.store.openPasskeyCeremony(id, 'register', ava, 'c'.repeat(43), new Date(clock));
    expect(await subject.store.takePasskeyCeremony(id, 'register', julien, new Date(clock))).toBeNull();
    expect(await subject.store.takePasskeyCeremony(id, 'sign_in', null, new Date(clock))).toBeNull();
    expect(await subject.store.takePasskeyCeremony(id, 'register', ava, new Date(clock))).toBe('c'.repeat(43));
    expect(await subject.store.takePasskeyCeremony(id, 'register', ava, new Date(clock))).toBeNull();
    const late = crypto.randomUUID();
    await subject.store.openPasskeyCeremony(late, 'sign_in', null, 'd'.repeat(43), new Date(clock));
    expect(await subject.store.takePasskeyCeremony(late, 'sign_in', null, new Date(clock + 5 * MINUTE))).toBeNull();
    const { record } = session();
    expect(await subject.store.passkeySignIn('e'.repeat(22), 1, new Date(clock), record)).toMatchObject({ outcome: 'refused' });
  });
});
