/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { BrokerPortal, TermsGate } from '@/components/portal/broker-portal';
import type { BoardLot } from '@/lib/holds/types';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/portal/actions', () => ({ acceptTerms: jest.fn(), registerClient: jest.fn(), renewRegistration: jest.fn() }));
jest.mock('@/lib/holds/actions', () => ({ placeBrokerHold: jest.fn(), releaseBrokerHold: jest.fn() }));

const orchard: BoardLot = {
  id: 'e1',
  lot: 'The Orchard at Whitfield Ridge',
  lotAcres: 2.4,
  homeSqft: 15100,
  bedrooms: 6,
  bathrooms: 5.5,
  status: 'under_contract',
  listPrice: null,
  changedAt: '2026-11-25T15:00:00.000Z',
  createdAt: '2026-11-20T15:00:00.000Z',
  shape: null,
  standing: 'under_contract',
  claim: null,
};
const lot1: BoardLot = { ...orchard, id: 'e2', lot: 'Lot 1', status: 'available', standing: 'available', listPrice: 8_950_000 };

const terms = { version: 2, body: 'A co-brokerage fee of 3%.\n\nA registration protects you for 90 days.', publishedAt: '2026-11-25T15:00:00.000Z', accepted: true, acceptedAt: '2026-11-26T15:00:00.000Z', acceptedBefore: true };

const portal = (props: Partial<Parameters<typeof BrokerPortal>[0]> = {}) =>
  render(
    <BrokerPortal
      name="Marcus Hale"
      lots={[orchard, lot1]}
      standing={null}
      holdSettings={{ holdHours: 72, brokerLimit: 2, changedAt: null, changedBy: null }}
      holdClients={null}
      holdReply={null}
      terms={terms}
      contact={{ name: 'Ava Laurent', email: 'ava.laurent@aldercrest.example', phone: '+1 (555) 010-0100' }}
      teamAddress={null}
      timeZone="America/New_York"
      registrations={null}
      renewal={null}
      now={Date.parse('2026-11-27T12:00:00.000Z')}
      {...props}
    />,
  );

test('availability: a row per estate named by its lot, its figures, and its status as a pill of its meaning', () => {
  portal();
  const section = screen.getByRole('region', { name: 'Availability and pricing' });
  const table = within(section).getByRole('table', { name: 'Estates by lot' });
  const [, first, second] = within(table).getAllByRole('row');
  expect(within(first!).getByRole('rowheader')).toHaveTextContent('The Orchard at Whitfield Ridge');
  expect(first).toHaveTextContent('2.4 acres15,100 sq ft65.5Under contractPrice on request');
  expect(within(first!).getByText('Under contract')).toHaveAttribute('data-tone', 'attention');
  expect(second).toHaveTextContent('$8,950,000');
  expect(within(second!).getByText('Available')).toHaveAttribute('data-tone', 'positive');
  expect(within(section).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  expect(within(section).getByRole('link', { name: 'Sold' })).toHaveAttribute('href', '/portal?status=sold#availability');
});

test('a status with no estate: the empty state stands where the table would, the filter marked', () => {
  portal({ lots: [], standing: 'sold' });
  const section = screen.getByRole('region', { name: 'Availability and pricing' });
  expect(within(section).queryByRole('table')).toBeNull();
  expect(within(section).getByText('No estate has this status.')).toBeInTheDocument();
  expect(within(section).getByRole('link', { name: 'Sold' })).toHaveAttribute('aria-current', 'page');
});

test('the terms accepted, whom to call, and for the team a sentence instead of the registration form', () => {
  portal();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Broker portal');
  expect(screen.getByRole('region', { name: 'Co-brokerage terms' })).toHaveTextContent('Version 2, accepted');
  const contact = screen.getByRole('region', { name: 'Your contact' });
  expect(contact).toHaveTextContent('Ava Laurentava.laurent@aldercrest.example+1 (555) 010-0100');
  expect(within(contact).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['mailto:ava.laurent@aldercrest.example', 'tel:+15550100100']);
  const registration = screen.getByRole('region', { name: 'Client registration' });
  expect(registration).toHaveTextContent('As a member of the sales team you see the portal as brokers do');
  expect(within(registration).queryByRole('form')).toBeNull();
});

test('the terms before anything else; a version accepted too late is refused in the error colour', () => {
  render(<TermsGate terms={{ ...terms, accepted: false, acceptedAt: null }} stale timeZone="America/New_York" />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Co-brokerage terms');
  expect(screen.getByText('Our co-brokerage terms have changed. Please read and accept this version to continue.')).toBeInTheDocument();
  const said = screen.getByRole('status');
  expect(said).toHaveTextContent('A newer version was published while you were reading. Please read it and accept it.');
  expect(said).toHaveAttribute('data-tone', 'error');
  expect(screen.getByRole('region', { name: /^Version 2, published/ })).toHaveTextContent('A registration protects you for 90 days.');
  expect(screen.getByRole('button', { name: 'I accept these terms' })).toBeInTheDocument();
});

test('a broker holds with one form: the client chosen once above the list, each available lot a button that submits it', () => {
  const lot4: BoardLot = { ...lot1, id: 'e4', lot: 'Lot 4' };
  const clients = [
    { id: '0d4c7a52-2f65-4a8e-9a51-3d0f3b2a6f10', fullName: 'Clara Whitmore' },
    { id: '7b1e2c9d-5a34-4f0e-8c1b-6e2d9f4a3b21', fullName: 'Jonas Berg' },
  ];
  const { container } = portal({ lots: [orchard, lot1, lot4], holdClients: clients, holdReply: { answer: 'taken', lot: 'e2', client: clients[1]!.id } });
  expect(container.querySelectorAll('form')).toHaveLength(1);
  const client = screen.getByRole('combobox', { name: 'Hold lots for' });
  expect(client).toBeRequired();
  expect(client.closest('form')).toHaveAttribute('id', 'hold-for');
  // The client the refused hold was for stays chosen.
  expect(client).toHaveValue(clients[1]!.id);
  const buttons = screen.getAllByRole('button', { name: /^Hold this lot/ });
  expect(buttons.map((button) => [button.textContent, button.getAttribute('form'), button.getAttribute('name'), button.getAttribute('value')])).toEqual([
    ['Hold this lot (Lot 1)', 'hold-for', 'estate', 'e2'],
    ['Hold this lot (Lot 4)', 'hold-for', 'estate', 'e4'],
  ]);
  expect(screen.getByText('This lot has just been taken by another hold. Please choose another lot.').closest('tr')).toHaveAttribute('id', 'lot-e2');
});

test('no hold form where no lot can be held or the broker holds all a broker may, nor a client chosen that is not theirs', () => {
  const clients = [{ id: '0d4c7a52-2f65-4a8e-9a51-3d0f3b2a6f10', fullName: 'Clara Whitmore' }];
  const { container, unmount } = portal({ lots: [orchard], holdClients: clients });
  expect(container.querySelector('form')).toBeNull();
  expect(screen.getByText(/a broker may hold at once/)).toBeInTheDocument();
  unmount();
  const mine = { ...lot1, id: 'e5', lot: 'Lot 5', standing: 'on_hold' as const, claim: { id: 'c1', stage: 'hold' as const, expiresAt: '2026-11-30T12:00:00.000Z', buyer: { name: 'Clara Whitmore' } } as BoardLot['claim'] };
  const atLimit = portal({ lots: [lot1, mine], holdClients: clients, holdSettings: { holdHours: 72, brokerLimit: 1, changedAt: null, changedBy: null } });
  expect(screen.queryByRole('combobox', { name: 'Hold lots for' })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Hold this lot/ })).toBeNull();
  expect(screen.getByText('You hold 1 of the 1 lot a broker may hold at once. A hold lasts 72 hours and ends by itself.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Release hold' })).toBeInTheDocument();
  atLimit.unmount();
  portal({ holdClients: clients, holdReply: { answer: 'not_yours', lot: 'e2', client: '7b1e2c9d-5a34-4f0e-8c1b-6e2d9f4a3b21' } });
  expect(screen.getByRole('combobox', { name: 'Hold lots for' })).toHaveValue('');
});
