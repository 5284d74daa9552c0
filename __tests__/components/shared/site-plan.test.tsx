/**
 * @jest-environment jsdom
 */
import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SitePlan, type SitePlanLot } from '@/components/shared/site-plan';
import { SITE_PLAN } from '@/lib/holds/site-plan';
import { LOT_STANDINGS } from '@/lib/holds/types';

const lots: SitePlanLot[] = [
  { shape: 'heron-pond', lot: 'Lot 2', standing: 'available', listPrice: 18_750_000, href: '/portal#lot-2' },
  { shape: 'the-orchard', lot: '7', standing: 'on_hold', listPrice: 12_400_000, href: '/portal#lot-7' },
  { shape: 'the-crest', lot: 'Lot 9', standing: 'reserved', listPrice: null, href: '/portal#lot-9' },
  { shape: 'fox-hollow', lot: 'Lot 11', standing: 'under_contract', listPrice: 9_995_000.4, href: '/portal#lot-11' },
  { shape: 'stonegate', lot: 'Lot 14', standing: 'sold', listPrice: 21_000_000, href: '/portal#lot-14' },
  // A shape the plan no longer draws: nothing to link.
  { shape: 'old-barn', lot: 'Lot 20', standing: 'available', listPrice: 1, href: '/portal#lot-20' },
];

const NAMES = [
  'Lot 2, Heron Pond, available, $18,750,000',
  'Lot 7, The Orchard, on hold, $12,400,000',
  'Lot 9, The Crest, reserved, price on request',
  'Lot 11, Fox Hollow, under contract, $9,995,000',
  'Lot 14, Stonegate, sold, $21,000,000',
];

function renderPlan() {
  return render(<SitePlan lots={lots} heading="Site plan" headingLevel={3} caption="Each lot opens its line below." />);
}

test('each linked lot is a link to its line, named by its lot, place, standing and price', () => {
  renderPlan();
  const links = screen.getAllByRole('link');
  expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(expect.arrayContaining(NAMES));
  expect(links).toHaveLength(NAMES.length);
  expect(screen.getByRole('link', { name: NAMES[0] })).toHaveAttribute('href', '/portal#lot-2');
  expect(screen.getByRole('link', { name: NAMES[2] })).toHaveAttribute('href', '/portal#lot-9');
});

test('a lot with no estate is drawn, muted, and is no link; a shape the plan does not draw is left out', () => {
  const { container } = renderPlan();
  const unlinked = SITE_PLAN.lots.filter((shape) => !lots.some((lot) => lot.shape === shape.id));
  for (const shape of unlinked) {
    const drawn = container.querySelector(`[data-shape="${shape.id}"]`)!;
    expect(drawn).not.toBeNull();
    expect(drawn.closest('a')).toBeNull();
    expect(drawn.querySelector('a')).toBeNull();
  }
  expect(container.querySelector('[data-shape="old-barn"]')).toBeNull();
  expect(screen.queryByRole('link', { name: /Lot 20/ })).toBeNull();
});

test('the legend is a list naming every standing, and the lots with no estate', () => {
  renderPlan();
  const legend = screen.getByRole('list', { name: 'Key to the plan' });
  expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Available',
    'On hold',
    'Reserved',
    'Under contract',
    'Sold',
    'Not yet released',
  ]);
});

test('a standing is told by its pattern and the lot by its number, not by colour alone', () => {
  const { container } = renderPlan();
  const fills = new Map<string, string>();
  for (const link of screen.getAllByRole('link')) {
    const placed = link.closest('[data-standing]')!;
    const standing = placed.getAttribute('data-standing')!;
    const fill = link.querySelector('path')!.getAttribute('fill')!;
    expect(fill).toMatch(/^url\(#[\w-]+\)$/);
    fills.set(standing, fill);
    // The lot's number stands on it.
    const number = /^Lot (\d+)/.exec(link.getAttribute('aria-label')!)![1]!;
    expect(placed.querySelector('text')?.textContent).toBe(number);
  }
  expect(new Set(fills.values()).size).toBe(LOT_STANDINGS.length);
  // Each pattern is defined in the drawing, and all but the plain and the solid carry marks of their own.
  const marks = LOT_STANDINGS.map((standing) => {
    const pattern = container.querySelector(`pattern${fills.get(standing)!.slice(4, -1)}`)!;
    expect(pattern).not.toBeNull();
    return Array.from(pattern.querySelectorAll('path'), (path) => `${pattern.getAttribute('patternTransform')} ${path.getAttribute('d')}`).join();
  });
  expect(marks.filter(Boolean)).toHaveLength(3);
  expect(new Set(marks.filter(Boolean)).size).toBe(3);
  // The legend's swatches use the same patterns.
  const legend = screen.getByRole('list', { name: 'Key to the plan' });
  for (const standing of LOT_STANDINGS) {
    expect(legend.querySelector(`[data-standing="${standing}"] rect`)?.getAttribute('fill')).toBe(fills.get(standing));
  }
});

test('the heading is at the level asked for, with the caption under it', () => {
  renderPlan();
  expect(screen.getByRole('heading', { level: 3, name: 'Site plan' })).toBeInTheDocument();
  expect(screen.getByText('Each lot opens its line below.')).toBeInTheDocument();
});

test('it is drawn on the server, its links working before any script', () => {
  expect(readFileSync('components/shared/site-plan.tsx', 'utf8')).not.toMatch(/['"]use client['"]/);
  const html = renderToStaticMarkup(<SitePlan lots={lots} heading="Site plan" />);
  expect(html).toContain('<a href="/portal#lot-2" aria-label="Lot 2, Heron Pond, available, $18,750,000"');
});
