import { clientAddress } from '@/lib/request';

describe('clientAddress', () => {
  const headers = new Headers({ 'x-forwarded-for': '203.0.113.9, 198.51.100.7', 'x-real-ip': '198.51.100.7' });

  test('believes no header unless a proxy is trusted', () => {
    expect(clientAddress(headers, null)).toBeNull();
  });

  test('reads the header the trusted proxy sets', () => {
    expect(clientAddress(headers, 'x-real-ip')).toBe('198.51.100.7');
  });

  test('takes the last X-Forwarded-For entry, the one the proxy itself appended', () => {
    // A client can send "X-Forwarded-For: 203.0.113.9" to pose as someone else; the proxy appends what it saw.
    expect(clientAddress(headers, 'x-forwarded-for')).toBe('198.51.100.7');
  });

  test('accepts IPv6 and refuses anything that is not an address', () => {
    expect(clientAddress(new Headers({ 'x-real-ip': '2001:db8::1' }), 'x-real-ip')).toBe('2001:db8::1');
    expect(clientAddress(new Headers({ 'x-real-ip': 'localhost' }), 'x-real-ip')).toBeNull();
    expect(clientAddress(new Headers({ 'x-real-ip': '198.51.100.7; drop table' }), 'x-real-ip')).toBeNull();
    expect(clientAddress(new Headers(), 'x-real-ip')).toBeNull();
  });
});
