import { REQUESTED_PATH_HEADER, SESSION_COOKIE } from '@/lib/auth/cookie';
import { inviteMember } from '@/lib/admin/team-actions';
import { renameAccount } from '@/lib/auth/actions';
import { actingAccount, type ActionGuard } from '@/lib/auth/guard';
import { processOnce, resetProcessState } from '@/lib/process-state';
import { authContextFor, createAccount, signInAs } from '../../support/accounts';
import { captureLogLines } from '../../support/form-data';
import { STORES, type StoreUnderTest } from '../../support/stores';

// The request's headers and cookies exist only inside Next's handling of a request: they alone are stood in for.
// The session, the store and the refusals (redirect and notFound throw as they do in Next) are the real ones.
const mockRequest = { headers: new Headers(), cookie: undefined as string | undefined };
jest.mock('next/headers', () => ({
  headers: async () => mockRequest.headers,
  cookies: async () => ({ get: (name: string) => (name === SESSION_COOKIE && mockRequest.cookie ? { name, value: mockRequest.cookie } : undefined) }),
}));

const SITE = 'https://aldercrest.example';
const INBOX: ActionGuard = { role: 'team', refusedTo: '/admin', log: 'inbox.refused' };

/** A post to this site from `origin`, with the session cookie of `token` when given. */
function post({ token, origin = SITE, requestedPath }: { token?: string; origin?: string | null; requestedPath?: string } = {}) {
  mockRequest.headers = new Headers({ host: 'aldercrest.example' });
  if (origin) mockRequest.headers.set('origin', origin);
  if (requestedPath) mockRequest.headers.set(REQUESTED_PATH_HEADER, requestedPath);
  mockRequest.cookie = token;
}

/** What Next would make of the guard's answer: the account it hands on, or the refusal it threw (a redirect, a 404). */
async function outcome(guard: ActionGuard) {
  try {
    return { actor: (await actingAccount(guard)).email };
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest !== 'string') throw error;
    return digest.startsWith('NEXT_REDIRECT;') ? { redirect: digest.split(';')[2] } : { refused: digest };
  }
}

describe('the guard every action calls first', () => {
  let subject: StoreUnderTest;
  const tokens: Record<'owner' | 'member' | 'broker', string> = { owner: '', member: '', broker: '' };

  beforeAll(async () => {
    subject = await STORES.embedded();
    processOnce('leadStore', () => subject.store);
    const context = authContextFor(subject, Date.now, false);
    const people = { owner: 'ava@aldercrest.example', member: 'julien@aldercrest.example', broker: 'marcus@hale.realty' } as const;
    await subject.store.ensureOwners([people.owner], new Date());
    await createAccount(subject, { email: people.member, name: 'Julien Marchetti', role: 'member' });
    await createAccount(subject, { email: people.broker, name: 'Marcus Hale', role: 'broker' });
    for (const role of ['owner', 'member', 'broker'] as const) tokens[role] = (await signInAs(subject, context, people[role])).token;
  });
  afterAll(async () => {
    resetProcessState();
    await subject.close();
  });

  test('hands on the account signed in, posting from a page of this site, in the role asked', async () => {
    post({ token: tokens.member });
    expect(await outcome(INBOX)).toEqual({ actor: 'julien@aldercrest.example' });
    post({ token: tokens.owner, origin: 'https://ALDERCREST.example' });
    expect(await outcome({ ...INBOX, role: 'owner' })).toEqual({ actor: 'ava@aldercrest.example' });
    post({ token: tokens.broker });
    expect(await outcome({ role: 'signedIn', refusedTo: '/portal', log: 'portal.refused' })).toEqual({ actor: 'marcus@hale.realty' });
  });

  test('refuses a post from another site, or one that names none, back to the page it names, and logs why', async () => {
    for (const origin of ['https://elsewhere.example', 'null', null]) {
      post({ token: tokens.member, origin });
      const { result, lines } = await captureLogLines(() => outcome(INBOX));
      expect(result).toEqual({ redirect: '/admin' });
      expect(lines).toEqual([expect.objectContaining({ level: 'warn', event: 'inbox.refused', reason: 'cross_origin' })]);
    }
    post({ token: tokens.broker, origin: 'https://elsewhere.example' });
    const { result, lines } = await captureLogLines(() => outcome({ role: 'signedIn', refusedTo: '/portal', log: 'portal.refused', action: 'tour' }));
    expect(result).toEqual({ redirect: '/portal' });
    expect(lines).toEqual([expect.objectContaining({ event: 'portal.refused', action: 'tour', reason: 'cross_origin' })]);
  });

  test('believes the host a proxy forwarded, as the front door does', async () => {
    post({ token: tokens.member, origin: 'https://estates.example' });
    mockRequest.headers.set('x-forwarded-host', 'estates.example');
    expect(await outcome(INBOX)).toEqual({ actor: 'julien@aldercrest.example' });
  });

  test('sends a post without a session to sign in, returning to the page asked for, before it looks at the origin; one line says why', async () => {
    post({ origin: 'https://elsewhere.example' });
    const { result, lines } = await captureLogLines(() => outcome(INBOX));
    expect(result).toEqual({ redirect: '/sign-in' });
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', event: 'inbox.refused', reason: 'signed_out' })]);
    post({ requestedPath: '/admin/leads/1' });
    expect(await outcome(INBOX)).toEqual({ redirect: `/sign-in?next=${encodeURIComponent('/admin/leads/1')}` });
    post({ token: 'not-a-session' });
    expect(await outcome({ role: 'signedIn', refusedTo: '/account', log: 'account.refused' })).toEqual({ redirect: '/sign-in' });
  });

  test('a name or an invitation refused is one line saying so, and the page again', async () => {
    post({ token: tokens.member });
    const named = new FormData();
    named.set('name', '   ');
    const renamed = await captureLogLines(async () => {
      try {
        await renameAccount(named);
      } catch (error) {
        return String((error as { digest?: unknown }).digest).split(';')[2];
      }
    });
    expect(renamed.result).toBe('/account?refused');
    expect(renamed.lines).toEqual([expect.objectContaining({ level: 'warn', event: 'account.refused', action: 'name', reason: 'invalid' })]);
    post({ token: tokens.owner });
    const invite = new FormData();
    invite.set('name', 'Theo Grant');
    invite.set('email', 'not an address');
    invite.set('role', 'member');
    const invited = await captureLogLines(() => inviteMember({ outcome: null, name: '', values: {}, errors: {}, answerId: '' }, invite));
    expect(invited.result).toMatchObject({ outcome: 'refused', errors: { email: true } });
    expect(invited.lines).toEqual([expect.objectContaining({ level: 'warn', event: 'team.refused', action: 'invite', reason: 'invalid' })]);
  });

  test('answers the wrong role with nothing here (404): a broker on the team\'s actions, a member on the owners\'; one line says why', async () => {
    post({ token: tokens.broker });
    const { result, lines } = await captureLogLines(() => outcome(INBOX));
    expect(result).toEqual({ refused: 'NEXT_HTTP_ERROR_FALLBACK;404' });
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', event: 'inbox.refused', reason: 'role' })]);
    post({ token: tokens.member });
    expect(await outcome({ role: 'owner', refusedTo: '/admin/team', log: 'inbox.refused' })).toEqual({ refused: 'NEXT_HTTP_ERROR_FALLBACK;404' });
  });
});
