/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { EstatePanel } from '@/components/team/estate-panel';
import { EstatesManager } from '@/components/team/estates-manager';
import type { BoardLot } from '@/lib/holds/types';
import type { EstateChange } from '@/lib/portal/types';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/admin/portal-actions', () => ({ createEstate: jest.fn(), updateEstate: jest.fn(), setEstateStatus: jest.fn(), deleteEstate: jest.fn() }));
jest.mock('@/lib/holds/actions', () => ({ saveHoldSettings: jest.fn() }));

const holds = { holdSettings: { holdHours: 72, brokerLimit: 2, changedAt: null, changedBy: null }, settingsReply: null };

const orchard: BoardLot = {
  id: 'e1',
  lot: 'The Orchard at Whitfield Ridge',
  lotAcres: 2.4,
  homeSqft: 5100,
  bedrooms: 6,
  bathrooms: 5.5,
  status: 'under_contract',
  listPrice: 4250000,
  changedAt: '2026-11-25T15:00:00.000Z',
  createdAt: '2026-11-20T15:00:00.000Z',
  shape: null,
  standing: 'under_contract',
  claim: null,
};

test('a change saved is said in the success colour; the list carries the one form to add an estate, its refusal apart', () => {
  render(<EstatesManager {...holds} estates={[orchard]} timeZone="America/New_York" said={{ tone: 'success', text: 'Status and price saved.' }} />);
  const [page, ...forms] = screen.getAllByRole('status');
  expect(page).toHaveTextContent('Status and price saved.');
  expect(page).toHaveAttribute('data-tone', 'success');
  expect(forms).toHaveLength(1);
  expect(forms[0]).toBeEmptyDOMElement();
});

test('the table names each estate and its figures, its lot a link to its own page; no estate’s forms are on the list', () => {
  render(<EstatesManager {...holds} estates={[orchard]} timeZone="America/New_York" said={null} />);
  const row = within(screen.getByRole('region', { name: 'Estates by lot' })).getAllByRole('row')[1]!;
  expect(within(row).getByRole('rowheader')).toHaveTextContent('The Orchard at Whitfield Ridge');
  expect(row).toHaveTextContent('The Orchard at Whitfield Ridge2.45,10065.5Under contract$4,250,000');
  expect(within(row).getByRole('link', { name: 'The Orchard at Whitfield Ridge' })).toHaveAttribute('href', '/admin/estates/e1');
  // The one status choice is the new estate's.
  expect(screen.getAllByRole('combobox', { name: 'Status' }).map((choice) => choice.id)).toEqual(['create-new-status']);
  expect(screen.queryByText('Delete The Orchard at Whitfield Ridge', { exact: true })).toBeNull();
});

test('the estate’s own part of its page holds its status whole, its details folded, its history and the deletion asked first', () => {
  const history: EstateChange[] = [{ at: '2026-11-20T15:00:00.000Z', actorId: 'u1', actor: 'Julien Marchetti', before: null, after: { lot: 'The Orchard at Whitfield Ridge', lotAcres: 2.4, homeSqft: 5100, bedrooms: 6, bathrooms: 5.5, status: 'available', listPrice: null } }];
  render(<EstatePanel estate={orchard} history={history} timeZone="America/New_York" />);
  const panel = screen.getByRole('region', { name: 'Status and price' });
  expect(within(panel).getAllByRole('combobox', { name: 'Status' })[0]).toHaveValue('under_contract');
  expect(within(panel).getByText('Edit its details').tagName).toBe('SUMMARY');
  expect(within(panel).getByText('History (1)').tagName).toBe('SUMMARY');
  expect(within(panel).getByText('Added')).toBeInTheDocument();
  expect(within(panel).getByText('Delete The Orchard at Whitfield Ridge', { exact: true }).tagName).toBe('SUMMARY');
  // Each form's refusal apart, empty until it answers: the status's and the details'.
  const said = within(panel).getAllByRole('status');
  expect(said).toHaveLength(2);
  for (const sentence of said) expect(sentence).toBeEmptyDOMElement();
});

test('with no estate, the empty state stands where the table would', () => {
  render(<EstatesManager {...holds} estates={[]} timeZone="UTC" said={null} />);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('No estates yet. Add the first one below.')).toBeInTheDocument();
});
