/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { EstatesManager } from '@/components/team/estates-manager';
import type { BoardLot } from '@/lib/holds/types';

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

test('a change saved is said in the success colour, and each form keeps its own refusal apart', () => {
  render(<EstatesManager {...holds} estates={[orchard]} histories={{}} timeZone="America/New_York" said={{ tone: 'success', text: 'Status and price saved.' }} />);
  const [page, ...forms] = screen.getAllByRole('status');
  expect(page).toHaveTextContent('Status and price saved.');
  expect(page).toHaveAttribute('data-tone', 'success');
  // The estate's status form, its details form, the form to add one: each empty until it answers.
  expect(forms).toHaveLength(3);
  for (const form of forms) expect(form).toBeEmptyDOMElement();
});

test('the table names each estate and its figures; its card holds the status whole, and the deletion asked first', () => {
  render(<EstatesManager {...holds} estates={[orchard]} histories={{}} timeZone="America/New_York" said={null} />);
  const row = within(screen.getByRole('region', { name: 'Estates by lot' })).getAllByRole('row')[1]!;
  expect(within(row).getByRole('rowheader')).toHaveTextContent('The Orchard at Whitfield Ridge');
  expect(row).toHaveTextContent('The Orchard at Whitfield Ridge2.45,10065.5Under contract$4,250,000');
  const card = document.getElementById('estate-e1')!;
  expect(within(card).getByText('Under contract', { selector: 'span' })).toHaveAttribute('data-tone', 'attention');
  expect(within(card).getAllByRole('combobox', { name: 'Status' })[0]).toHaveValue('under_contract');
  expect(within(card).getByText('Delete The Orchard at Whitfield Ridge', { exact: true }).tagName).toBe('SUMMARY');
});

test('with no estate, the empty state stands where the table would', () => {
  render(<EstatesManager {...holds} estates={[]} histories={{}} timeZone="UTC" said={null} />);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('No estates yet. Add the first one below.')).toBeInTheDocument();
});
