import { FailedAttempts, signIn } from '@/lib/admin/auth';
import { hashPassword, verifyPassword } from '@/lib/admin/password.mjs';
import { resetProcessState } from '@/lib/process-state';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
const PASSWORD = 'correct horse battery';
const accounts = [
  { name: 'admin', password: PASSWORD },
  { name: 'Ava Laurent', hash: hashPassword('ava’s own passphrase') },
  { name: 'Julien Marchetti', hash: hashPassword('julien: with a colon') },
];

beforeEach(() => resetProcessState());

describe('signIn', () => {
  test('signs in as admin with ADMIN_PASSWORD, and as each team member with their own password', () => {
    expect(signIn(basic(`admin:${PASSWORD}`), accounts)).toBe('admin');
    expect(signIn(basic('Ava Laurent:ava’s own passphrase'), accounts)).toBe('Ava Laurent');
    expect(signIn(basic('ava laurent:ava’s own passphrase'), accounts)).toBe('Ava Laurent');
    expect(signIn(basic('Julien Marchetti:julien: with a colon'), accounts)).toBe('Julien Marchetti');
  });

  test.each([
    ['no header', null],
    ['another scheme', `Bearer ${PASSWORD}`],
    ['the wrong password', basic('admin:correct horse battery!')],
    ["another member's password", basic(`Ava Laurent:${PASSWORD}`)],
    ['an unknown name', basic(`root:${PASSWORD}`)],
    ['no separator', basic(`admin${PASSWORD}`)],
    ['an empty password', basic('admin:')],
    ['garbage', 'Basic %%%'],
  ])('refuses %s', (_, header) => {
    expect(signIn(header, accounts)).toBeNull();
  });

  test('remembers a success for a while rather than hashing on every request, and forgets a removed member', () => {
    const header = basic('Ava Laurent:ava’s own passphrase');
    expect(signIn(header, accounts, 0)).toBe('Ava Laurent');
    const changed = accounts.map((account) => (account.name === 'Ava Laurent' ? { ...account, hash: hashPassword('another') } : account));
    expect(signIn(header, changed, 60_000)).toBe('Ava Laurent');
    expect(signIn(header, changed, 11 * 60_000)).toBeNull();
    expect(signIn(basic(`admin:${PASSWORD}`), accounts.slice(1), 0)).toBeNull();
  });
});

describe('the password hashes of npm run admin:hash-password', () => {
  test('are salted scrypt, verified in constant time', () => {
    const first = hashPassword('a long admin passphrase');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hashPassword('a long admin passphrase')).not.toBe(first);
    expect(verifyPassword('a long admin passphrase', first)).toBe(true);
    expect(verifyPassword('a long admin passphrase!', first)).toBe(false);
    expect(verifyPassword('a long admin passphrase', 'not a hash')).toBe(false);
  });
});

describe('FailedAttempts', () => {
  test('locks a client out after the limit, until the oldest failure leaves the window', () => {
    const attempts = new FailedAttempts(3, 60_000);
    for (const second of [0, 10, 20]) attempts.fail('198.51.100.7', second * 1000);
    expect(attempts.retryAfter('198.51.100.7', 30_000)).toBe(30_000);
    expect(attempts.retryAfter('203.0.113.5', 30_000)).toBe(0);
    expect(attempts.retryAfter('198.51.100.7', 60_001)).toBe(0);
  });
});

describe('FailedAttempts under a flood of addresses', () => {
  test('remembers at most its capacity, forgetting the client heard from least recently', () => {
    const attempts = new FailedAttempts(3, 60_000, 1000);
    for (let index = 0; index < 3; index++) attempts.fail('198.51.100.7', index);
    for (let index = 0; index < 5000; index++) attempts.fail(`2001:db8:${index.toString(16)}::/64`, 10 + index);
    expect(attempts.size).toBe(1000);
    // The locked-out client fell out of the table once a thousand others had come after it.
    expect(attempts.retryAfter('198.51.100.7', 6000)).toBe(0);
    expect(attempts.retryAfter('2001:db8:1387::/64', 6000)).toBe(0);
  });

  test('a client that keeps failing stays locked out however many others try', () => {
    const attempts = new FailedAttempts(3, 60_000, 100);
    for (let index = 0; index < 3; index++) attempts.fail('198.51.100.7', index);
    for (let index = 0; index < 500; index++) {
      attempts.fail(`203.0.113.${index % 250}-${index}`, 10 + index);
      if (index % 50 === 0) attempts.fail('198.51.100.7', 10 + index);
    }
    expect(attempts.retryAfter('198.51.100.7', 1000)).toBeGreaterThan(0);
  });
});
