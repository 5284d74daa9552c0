import { parseSiteUrl } from '@/lib/config/site';
import { checkSiteUrl } from '@/lib/startup';

describe('parseSiteUrl', () => {
  test('unset or empty is the local address; an address is normalised to its origin with a slash', () => {
    expect(parseSiteUrl(undefined).href).toBe('http://localhost:3000/');
    expect(parseSiteUrl('').href).toBe('http://localhost:3000/');
    expect(parseSiteUrl('https://Aldercrest.example').href).toBe('https://aldercrest.example/');
  });

  test.each(['ftp://aldercrest.example', 'aldercrest.example', 'https://aldercrest.example/estates', 'https://user:pw@aldercrest.example', 'https://aldercrest.example/?a=1'])(
    'refuses %p, naming the variable',
    (value) => {
      expect(() => parseSiteUrl(value)).toThrow(/^SITE_URL must be the site's public http\(s\) address/);
    },
  );
});

describe('checkSiteUrl, as the server starts', () => {
  const built = new URL('https://aldercrest.example');

  test('passes when SITE_URL is unset (the build governs) or names the same address', () => {
    expect(() => checkSiteUrl(undefined, built)).not.toThrow();
    expect(() => checkSiteUrl('https://aldercrest.example/', built)).not.toThrow();
  });

  test('refuses another address, saying which the build was made for', () => {
    expect(() => checkSiteUrl('https://staging.aldercrest.example', built)).toThrow(
      'SITE_URL is https://staging.aldercrest.example but this build was made for https://aldercrest.example',
    );
  });
});
