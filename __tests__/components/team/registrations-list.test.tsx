/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { RegistrationsList } from '@/components/team/registrations-list';
import { reviewOrder } from '@/lib/admin/registration-forms';
import type { TeamRegistration } from '@/lib/portal/types';

const NOW = new Date('2026-11-25T12:00:00.000Z');

function registration(fields: Partial<TeamRegistration> & Pick<TeamRegistration, 'id' | 'fullName' | 'status' | 'createdAt'>): TeamRegistration {
  return {
    email: 'buyer@example.com',
    phone: null,
    note: null,
    expiresAt: null,
    renewedAt: null,
    decidedAt: null,
    reason: null,
    broker: { id: 'b1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' },
    emailKey: 'buyer@example.com',
    phoneDigits: null,
    phoneKey: null,
    conflictInquiryId: null,
    conflictRegistrationId: null,
    decidedBy: null,
    ...fields,
  };
}

const list = reviewOrder([
  registration({ id: '11111111-1111-4111-8111-111111111111', fullName: 'Ruth Ames', status: 'registered', createdAt: '2026-11-24T15:00:00.000Z', expiresAt: '2027-02-22T15:00:00.000Z' }),
  registration({
    id: '22222222-2222-4222-8222-222222222222',
    fullName: 'Eleanor Whitfield',
    status: 'under_review',
    createdAt: '2026-11-02T15:00:00.000Z',
    broker: { id: 'b2', name: 'Nadia Okafor', email: 'nadia@okafor-estates.example', brokerage: null },
  }),
  registration({ id: '33333333-3333-4333-8333-333333333333', fullName: 'Jo Doe', status: 'registered', createdAt: '2026-08-01T15:00:00.000Z', expiresAt: '2026-10-30T15:00:00.000Z' }),
]);

test('each row: the buyer as a link to its page, broker and brokerage, status, registered and expiry days; those under review first', () => {
  render(<RegistrationsList registrations={list} status={null} underReview={1} timeZone="America/New_York" now={NOW} />);
  const rows = within(screen.getByRole('region', { name: 'Registrations, those under review first' })).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Eleanor Whitfield', 'Ruth Ames', 'Jo Doe']);
  expect(within(rows[0]!).getByRole('link', { name: 'Eleanor Whitfield' })).toHaveAttribute('href', '/admin/registrations/22222222-2222-4222-8222-222222222222');
  expect(rows[0]).toHaveTextContent('Nadia OkaforNo brokerage given');
  expect(rows[0]).toHaveTextContent('Under review');
  expect(rows[0]).toHaveTextContent('Nov 2, 2026');
  expect(rows[0]).toHaveTextContent('—');
  expect(rows[1]).toHaveTextContent('Marcus HaleHale Realty');
  expect(rows[1]).toHaveTextContent('Registered');
  expect(rows[1]).toHaveTextContent('Feb 22, 2027');
  // Past its expiry: it protects nothing, and reads so.
  expect(rows[2]).toHaveTextContent('Expired');
});

test('the filters are plain links, the one shown marked current, with the count under review', () => {
  render(<RegistrationsList registrations={[]} status="declined" underReview={4} timeZone="UTC" now={NOW} />);
  const filters = screen.getByRole('navigation', { name: 'Show' });
  expect(within(filters).getByRole('link', { name: 'Declined' })).toHaveAttribute('aria-current', 'page');
  expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/admin/registrations');
  expect(within(filters).getByRole('link', { name: 'Under review 4' })).toHaveAttribute('href', '/admin/registrations?status=under_review');
  expect(screen.getByText('No registrations are declined.')).toBeInTheDocument();
});
