/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { SiteFooter } from '@/components/site/site-footer';
import { footer, site } from '@/lib/copy/site';

afterEach(() => jest.useRealTimers());

test.each([
  ['2026-12-31T23:59:00', 2026],
  ['2027-01-01T00:01:00', 2027],
])('at %s the copyright line reads %i: the year is the one on the visitor\'s clock', (now, year) => {
  jest.useFakeTimers({ now: new Date(now) });
  render(<SiteFooter />);
  expect(screen.getByText(`© ${year} ${site.name}. All rights reserved.`)).toBeInTheDocument();
  expect(screen.getByText(footer.tagline)).toBeInTheDocument();
});
