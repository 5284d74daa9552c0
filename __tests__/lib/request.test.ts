import { clientAddress, clientKey, SOCKET_ADDRESS_HEADER, SOCKET_TOKEN_VARIABLE, UNKNOWN_CLIENT } from '@/lib/request';

const direct = { trustedHeader: null, ipv6Prefix: 64 };
const behind = (trustedHeader: string) => ({ trustedHeader, ipv6Prefix: 64 });

describe('clientAddress behind a trusted proxy', () => {
  const headers = new Headers({ 'x-forwarded-for': '203.0.113.9, 198.51.100.7', 'x-real-ip': '198.51.100.7' });

  test('reads the header the trusted proxy sets', () => {
    expect(clientAddress(headers, behind('x-real-ip'))).toBe('198.51.100.7');
  });

  test('takes the last X-Forwarded-For entry, the one the proxy itself appended', () => {
    // A client can send "X-Forwarded-For: 203.0.113.9" to pose as someone else; the proxy appends what it saw.
    expect(clientAddress(headers, behind('x-forwarded-for'))).toBe('198.51.100.7');
  });

  test('counts anything missing or unreadable as the one unknown client', () => {
    for (const value of ['localhost', '198.51.100.7; drop table', '1.2.3', '0x7f.1', '', '999.1.1.1']) {
      expect(clientAddress(new Headers({ 'x-real-ip': value }), behind('x-real-ip'))).toBe(UNKNOWN_CLIENT);
    }
    expect(clientAddress(new Headers(), behind('x-real-ip'))).toBe(UNKNOWN_CLIENT);
  });
});

describe('clientAddress on a directly exposed server', () => {
  const token = 'process-token';
  beforeEach(() => {
    process.env[SOCKET_TOKEN_VARIABLE] = token;
  });
  afterEach(() => {
    delete process.env[SOCKET_TOKEN_VARIABLE];
  });

  test("uses the connection's address, and believes no header a client can send", () => {
    const headers = new Headers({ [SOCKET_ADDRESS_HEADER]: `${token} 192.0.2.44`, 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' });
    expect(clientAddress(headers, direct)).toBe('192.0.2.44');
  });

  test('a socket header without the process token, as a client could forge it, is not believed', () => {
    expect(clientAddress(new Headers({ [SOCKET_ADDRESS_HEADER]: 'guess 192.0.2.44' }), direct)).toBe(UNKNOWN_CLIENT);
    delete process.env[SOCKET_TOKEN_VARIABLE];
    expect(clientAddress(new Headers({ [SOCKET_ADDRESS_HEADER]: `${token} 192.0.2.44` }), direct)).toBe(UNKNOWN_CLIENT);
  });
});

describe('clientKey', () => {
  test('counts IPv4 spelled as IPv6 as the IPv4 address', () => {
    expect(clientKey('::ffff:192.0.2.1', 64)).toBe('192.0.2.1');
    expect(clientKey('::ffff:c000:0201', 64)).toBe('192.0.2.1');
  });

  test('counts IPv6 per network prefix, however it is spelled', () => {
    const household = ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:a:b:c:d'].map((address) => clientKey(address, 64));
    expect(new Set(household)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientKey('2001:db8:1:3::1', 64)).not.toBe(household[0]);
    expect(clientKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(clientKey('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1');
    expect(clientKey('fe80::1%eth0', 64)).toBe('fe80::/64');
  });
});
