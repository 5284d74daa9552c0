/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { BrokersOverview } from '@/components/team/brokers-overview';
import type { BrokerOverview } from '@/lib/portal/types';
import { addressIn } from '../../support/addresses';

// The access button's Server Action needs the Next server (the end-to-end suite drives the real one).
jest.mock('@/lib/admin/actions', () => ({ changeBrokerAccess: jest.fn() }));

const evangeline: BrokerOverview = {
  id: 'a1',
  name: 'Evangeline Castellanos-Whitmore',
  email: 'evangeline.castellanos-whitmore@pacific-coast-luxury-properties.example',
  brokerage: 'Pacific Coast Luxury Properties International',
  status: 'revoked',
  accessSince: '2026-11-01T15:00:00.000Z',
  revokedAt: '2026-11-24T15:00:00.000Z',
  lastSignInAt: null,
  terms: null,
  downloads: 0,
  recentDownloads: [],
  registrations: { registered: 0, under_review: 1, declined: 0 },
  leadId: 'l1',
  leadKept: true,
};

test('each broker is a row named by who they are, their address breaking after its @; ended access a negative pill', () => {
  render(<BrokersOverview brokers={[evangeline]} timeZone="America/New_York" said={{ tone: 'success', text: 'Evangeline’s portal access ended.' }} />);
  expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'success');
  const table = screen.getByRole('region', { name: 'Brokers and their portal use' });
  const row = within(table).getByRole('row', { name: /Evangeline Castellanos-Whitmore/ });
  expect(row).toHaveAttribute('id', 'broker-a1');
  const header = within(row).getByRole('rowheader');
  expect(header).toHaveTextContent('Pacific Coast Luxury Properties International');
  expect(addressIn(header, evangeline.email).querySelectorAll('wbr')).toHaveLength(3);
  expect(within(row).getByText('Ended')).toHaveAttribute('data-tone', 'negative');
  expect(within(row).getByRole('button', { name: 'Give portal access back for Evangeline Castellanos-Whitmore' })).toHaveAttribute('value', 'restore');
  expect(within(row).getByRole('link', { name: 'Their request for Evangeline Castellanos-Whitmore' })).toHaveAttribute('href', '/admin/leads/l1');
});

test('with no broker: the empty state stands where the table would, and the page says nothing', () => {
  render(<BrokersOverview brokers={[]} timeZone="UTC" said={null} />);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('No brokers yet. Approving a broker request gives them an account here.')).toBeInTheDocument();
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
});
