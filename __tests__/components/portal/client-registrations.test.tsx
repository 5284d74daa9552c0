/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { ClientRegistrations, RegistrationDetail } from '@/components/portal/client-registrations';
import type { Registration } from '@/lib/portal/types';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/portal/actions', () => ({ registerClient: jest.fn(), renewRegistration: jest.fn() }));

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const DAY = 86_400_000;

const registration = (fields: Partial<Registration> & Pick<Registration, 'id' | 'fullName' | 'status'>): Registration => ({
  email: 'buyer@example.com',
  phone: null,
  note: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  expiresAt: null,
  renewedAt: null,
  decidedAt: null,
  reason: null,
  ...fields,
});

const eleanor = registration({ id: 'r1', fullName: 'Eleanor Whitfield', email: 'eleanor.whitfield@gmail.com', status: 'registered', expiresAt: new Date(NOW + 10 * DAY).toISOString() });
const theo = registration({ id: 'r2', fullName: 'Theodore Crane', status: 'declined', reason: 'Marcus Hale introduced this buyer first.' });
const ruth = registration({ id: 'r3', fullName: 'Ruth Ames', status: 'registered', expiresAt: new Date(NOW - DAY).toISOString() });

const rowOf = (name: string) => screen.getByRole('table', { name: 'Your registrations' }).querySelector(`tr:has(a[href$="${name}"])`) as HTMLElement;

test('each registration a row named by its buyer, its status a pill of its meaning; the renewal offered in its last 14 days only', () => {
  render(<ClientRegistrations registrations={[eleanor, theo, ruth]} renewal={null} now={NOW} timeZone="America/New_York" />);
  const mine = rowOf('r1');
  expect(within(mine).getByRole('rowheader')).toHaveTextContent('Eleanor Whitfieldeleanor.whitfield@gmail.com');
  expect(within(mine).getByText('Registered')).toHaveAttribute('data-tone', 'positive');
  expect(within(mine).getByRole('button', { name: 'Renew the registration of Eleanor Whitfield' })).toBeInTheDocument();
  const declined = rowOf('r2');
  expect(within(declined).getByText('Declined')).toHaveAttribute('data-tone', 'negative');
  expect(declined).toHaveTextContent('Reason given: Marcus Hale introduced this buyer first.');
  expect(within(declined).queryByRole('button')).toBeNull();
  // Past its expiry: it protects nothing, and reads so.
  expect(within(rowOf('r3')).getByText('Expired')).toHaveAttribute('data-tone', 'quiet');
  // The form's own sentence waits, empty; the page says nothing of a renewal.
  const said = screen.getAllByRole('status');
  expect(said).toHaveLength(1);
  expect(said[0]).toBeEmptyDOMElement();
});

test('what a renewal came to is said beside the list, in the colour of its meaning', () => {
  const { rerender } = render(<ClientRegistrations registrations={[eleanor]} renewal="renewed" now={NOW} timeZone="UTC" />);
  const list = document.getElementById('registrations')!;
  expect(within(list).getByRole('status')).toHaveTextContent('Renewed: the registration now runs 90 days more from its previous expiry date.');
  expect(within(list).getByRole('status')).toHaveAttribute('data-tone', 'success');
  rerender(<ClientRegistrations registrations={[eleanor]} renewal="too_early" now={NOW} timeZone="UTC" />);
  expect(within(list).getByRole('status')).toHaveAttribute('data-tone', 'error');
});

test('no registration yet: the empty state where the list would stand, under the form', () => {
  render(<ClientRegistrations registrations={[]} renewal={null} now={NOW} timeZone="UTC" />);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('You have not registered a buyer yet.')).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Register a buyer' })).toBeInTheDocument();
});

test('a registration’s page: the way back, the buyer as its heading, its facts, and a renewal said at the top', () => {
  render(<RegistrationDetail registration={{ ...eleanor, phone: '+1 (555) 010-0123', note: 'Met at the open house.' }} renewal="renewed" now={NOW} timeZone="America/New_York" />);
  expect(screen.getByRole('link', { name: /Back to the portal/ })).toHaveAttribute('href', '/portal#client-registration');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Eleanor Whitfield');
  expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'success');
  const main = screen.getByRole('main');
  for (const words of ['eleanor.whitfield@gmail.com', '+1 (555) 010-0123', 'Met at the open house.']) expect(main).toHaveTextContent(words);
  expect(within(main).getByText('This registration is in its last 14 days: you may renew it once, for 90 days more.')).toBeInTheDocument();
});
