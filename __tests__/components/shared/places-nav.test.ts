import { currentPlace } from '@/components/shared/places-nav';

const places = [
  { href: '/admin', label: 'Leads' },
  { href: '/admin/registrations', label: 'Registrations' },
  { href: '/admin/tours', label: 'Tours' },
  { href: '/portal', label: 'See the portal as brokers do' },
  { href: '/account', label: 'Your account' },
];

describe('the place a signed-in page is in', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/leads/4f1c', '/admin'],
    ['/admin/tours', '/admin/tours'],
    ['/admin/tours/2026-12-01', '/admin/tours'],
    ['/admin/registrations/9', '/admin/registrations'],
    ['/portal/registrations/9', '/portal'],
    ['/account', '/account'],
  ])('%s is in %s', (pathname, href) => {
    expect(currentPlace(places, pathname)).toBe(href);
  });

  it('is none for an address of no place, nor for one that only starts with the letters of one', () => {
    expect(currentPlace(places, '/sign-in')).toBeUndefined();
    expect(currentPlace(places, '/administrators')).toBeUndefined();
    expect(currentPlace(places, '/accounts')).toBeUndefined();
    expect(currentPlace(places, null)).toBeUndefined();
  });

  it('is the one a page names, whatever its address', () => {
    expect(currentPlace(places, '/portal/registrations/9', '/portal')).toBe('/portal');
    expect(currentPlace(places, '/admin/tours', '/account')).toBe('/account');
  });
});
