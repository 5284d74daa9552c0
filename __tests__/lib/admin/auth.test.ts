import { FailedAttempts, isAdmin } from '@/lib/admin/auth';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
const PASSWORD = 'correct horse battery';

describe('isAdmin', () => {
  test('accepts the admin user with the password', () => {
    expect(isAdmin(basic(`admin:${PASSWORD}`), PASSWORD)).toBe(true);
  });

  test.each([
    ['no header', null],
    ['another scheme', `Bearer ${PASSWORD}`],
    ['the wrong password', basic('admin:correct horse battery!')],
    ['another user', basic(`root:${PASSWORD}`)],
    ['no separator', basic(`admin${PASSWORD}`)],
    ['an empty password', basic('admin:')],
    ['garbage', 'Basic %%%'],
  ])('refuses %s', (_, header) => {
    expect(isAdmin(header, PASSWORD)).toBe(false);
  });

  test('keeps a colon inside the password', () => {
    expect(isAdmin(basic('admin:pass:with:colons'), 'pass:with:colons')).toBe(true);
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
