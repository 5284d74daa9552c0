import { afterSignIn } from '@/lib/auth/session';
import { newInvitation, requestSignInCode, signInWithCode, signInWithLink } from '@/lib/auth/sign-in';
import { authContextFor, createAccount, newestChallenge, PEOPLE, signInAs } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

describe.each(STORE_NAMES)('the name asked after a first sign-in, on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const clock = Date.UTC(2026, 11, 6, 15, 0);
  let context: ReturnType<typeof authContextFor>;

  beforeEach(async () => {
    context = authContextFor(subject, () => clock);
    await subject.sql('truncate private.accounts, private.sign_in_requests, private.outbox cascade');
    await subject.store.ensureOwners(['owner@aldercrest.example', 'ava.laurent@aldercrest.example', 'j_smith+sales@aldercrest.example'], new Date(clock));
  });

  async function signIn(email: string) {
    await requestSignInCode(context, { email, clientAddress: '203.0.113.9' });
    const signedIn = await signInWithCode(context, { email, code: (await newestChallenge(subject, context, 'sign_in', email)).code, device: null });
    if (signedIn.outcome !== 'signed_in') throw new Error(`not signed in: ${signedIn.reason}`);
    return { ...signedIn, actor: { ...signedIn.account, sessionId: signedIn.session.id } };
  }

  const history = (email: string) =>
    subject.sql<{ action: string; actor: string; detail: string | null }>(
      'select v.action, v.actor, v.detail from private.account_activity v join private.accounts a on a.id = v.account_id where a.email = $1 order by v.id',
      [email],
    );

  test('an owner ADMIN_EMAILS makes is named after the address, and asked at sign-in until they answer', async () => {
    const names = await subject.sql('select email, name from private.accounts order by email');
    expect(names).toEqual([
      { email: 'ava.laurent@aldercrest.example', name: 'Ava Laurent' },
      { email: 'j_smith+sales@aldercrest.example', name: 'J Smith Sales' },
      { email: 'owner@aldercrest.example', name: 'Owner' },
    ]);
    const first = await signIn('owner@aldercrest.example');
    expect(first.askName).toBe(true);
    expect(afterSignIn(first, null)).toBe('/sign-in/name?next=%2Fadmin');
    expect(afterSignIn(first, '/admin/leads?form=broker')).toBe('/sign-in/name?next=%2Fadmin%2Fleads%3Fform%3Dbroker');
    expect(await subject.store.nameQuestion(first.actor)).toBe('Owner');
    // Left unanswered (the person went elsewhere), the next sign-in asks again.
    expect((await signIn('owner@aldercrest.example')).askName).toBe(true);
  });

  test('a name given is saved and in the history in place of the guess; no longer asked, the next sign-in goes straight on', async () => {
    const { actor } = await signIn('owner@aldercrest.example');
    expect(await subject.store.confirmName(actor, 'Olivia Park', new Date(clock))).toBe(true);
    expect(await subject.store.nameQuestion(actor)).toBeNull();
    const again = await signIn('owner@aldercrest.example');
    expect(again).toMatchObject({ askName: false, account: { name: 'Olivia Park' } });
    expect(afterSignIn(again, null)).toBe('/admin');
    expect(await history('owner@aldercrest.example')).toEqual([
      { action: 'signed_in', actor: 'Owner', detail: 'code' },
      { action: 'named', actor: 'Olivia Park', detail: 'Owner' },
      { action: 'signed_in', actor: 'Olivia Park', detail: 'code' },
    ]);
    // Asked no more, the same answer again is a change of name as on the account page: here, none.
    expect(await subject.store.confirmName(actor, 'Olivia Park', new Date(clock))).toBe(false);
    expect(await subject.store.confirmName(actor, 'Olivia J. Park', new Date(clock))).toBe(true);
    expect((await history('owner@aldercrest.example')).at(-1)).toEqual({ action: 'renamed', actor: 'Olivia J. Park', detail: 'Olivia Park' });
  });

  test('the guess kept as it is is a name confirmed; put off, it stays without a line; either way the question ends', async () => {
    const ava = (await signIn('ava.laurent@aldercrest.example')).actor;
    expect(await subject.store.confirmName(ava, 'Ava Laurent', new Date(clock))).toBe(true);
    expect((await history('ava.laurent@aldercrest.example')).at(-1)).toEqual({ action: 'named', actor: 'Ava Laurent', detail: null });

    const sales = (await signIn('j_smith+sales@aldercrest.example')).actor;
    expect(await subject.store.keepName(sales)).toBe(true);
    expect(await subject.store.keepName(sales)).toBe(false);
    expect(await subject.store.nameQuestion(sales)).toBeNull();
    expect(await signIn('j_smith+sales@aldercrest.example')).toMatchObject({ askName: false, account: { name: 'J Smith Sales' } });
    expect((await history('j_smith+sales@aldercrest.example')).map((event) => event.action)).toEqual(['signed_in', 'signed_in']);
  });

  test('a name changed on the account page answers the question too', async () => {
    const { actor } = await signIn('owner@aldercrest.example');
    await subject.store.renameAccount(actor, 'Olivia Park', new Date(clock));
    expect(await subject.store.nameQuestion(actor)).toBeNull();
    expect((await signIn('owner@aldercrest.example')).askName).toBe(false);
  });

  test('whoever was named by a person is never asked: an invited member, a broker, an owner ADMIN_EMAILS names once invited', async () => {
    await createAccount(subject, PEOPLE.julien);
    await createAccount(subject, PEOPLE.marcus);
    const owner = await signInAs(subject, context, 'owner@aldercrest.example');
    const invite = { name: 'Nadia Okafor', email: 'nadia@aldercrest.example', role: 'member' as const, phone: null };
    expect(await subject.store.inviteMember(owner, invite, newInvitation(context).invitation, new Date(clock), true)).toBe('invited');
    const invited = await signInWithLink(context, { token: (await newestChallenge(subject, context, 'invitation')).link, device: null });
    expect(invited).toMatchObject({ outcome: 'signed_in', askName: false, account: { name: 'Nadia Okafor' } });
    expect((await signIn(PEOPLE.julien.email)).askName).toBe(false);
    expect((await signIn(PEOPLE.marcus.email)).askName).toBe(false);
    // Named in ADMIN_EMAILS later, Julien keeps the name he was invited by, and is not asked.
    await subject.store.ensureOwners(['owner@aldercrest.example', PEOPLE.julien.email], new Date(clock));
    expect(await signIn(PEOPLE.julien.email)).toMatchObject({ askName: false, account: { name: 'Julien Marchetti', role: 'owner' } });
  });

  test('only the account signed in is answered for, and only while it is active', async () => {
    const { actor } = await signIn('owner@aldercrest.example');
    await subject.sql("update private.accounts set status = 'removed' where email = 'owner@aldercrest.example'");
    await expect(subject.store.confirmName(actor, 'Olivia Park', new Date(clock))).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.keepName(actor)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.nameQuestion(actor)).rejects.toMatchObject({ code: '42501' });
    expect(await subject.sql("select name, ask_name from private.accounts where email = 'owner@aldercrest.example'")).toEqual([{ name: 'Owner', ask_name: true }]);
  });
});
