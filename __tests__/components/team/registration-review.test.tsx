/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { RegistrationReview } from '@/components/team/registration-review';
import type { RegistrationReview as Review, TeamRegistration } from '@/lib/portal/types';
import { addressIn } from '../../support/addresses';

// The decision's Server Action needs the Next server (the end-to-end suite drives the real one).
jest.mock('@/lib/admin/registration-actions', () => ({ decideRegistration: jest.fn() }));

const NOW = new Date('2026-11-25T12:00:00.000Z');

const eleanor: TeamRegistration = {
  id: '22222222-2222-4222-8222-222222222222',
  fullName: 'Eleanor Whitfield-Montgomery',
  email: 'eleanor.whitfield@example.com',
  phone: '555-010-0199',
  note: 'Met her at the open house on Saturday.',
  status: 'under_review',
  createdAt: '2026-11-23T15:00:00.000Z',
  expiresAt: null,
  renewedAt: null,
  decidedAt: null,
  reason: null,
  broker: { id: 'b1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' },
  emailKey: 'eleanorwhitfield@example.com',
  phoneDigits: '5550100199',
  phoneKey: '5550100199',
  conflictInquiryId: 'i1',
  conflictRegistrationId: null,
  decidedBy: null,
};

const inquiry: Review['inquiry'] = {
  id: 'i1',
  fullName: 'Eleanor Whitfield',
  email: 'eleanor.whitfield@example.com',
  phone: '+1 555 010 0199',
  createdAt: '2026-11-15T15:00:00.000Z',
  status: 'new',
  owner: null,
};

test('a decision saved is said in the success colour, one someone made first in the error colour', () => {
  const { rerender } = render(<RegistrationReview review={{ registration: eleanor, inquiry, other: null }} timeZone="UTC" now={NOW} said={{ tone: 'success', text: 'Declined.' }} />);
  const [page, form] = screen.getAllByRole('status');
  expect(page).toHaveTextContent('Declined.');
  expect(page).toHaveAttribute('data-tone', 'success');
  // The decision form's refusal, empty until it answers.
  expect(form).toBeEmptyDOMElement();
  rerender(<RegistrationReview review={{ registration: eleanor, inquiry, other: null }} timeZone="UTC" now={NOW} said={{ tone: 'error', text: 'Someone decided.' }} />);
  expect(screen.getAllByRole('status')[0]).toHaveAttribute('data-tone', 'error');
});

test('both sides under their headings, each a region; the addresses break after their @, never inside a word', () => {
  render(<RegistrationReview review={{ registration: eleanor, inquiry, other: null }} timeZone="UTC" now={NOW} said={null} />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Eleanor Whitfield-Montgomery');
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['This registration', 'What it meets', 'Decision']);
  const mine = screen.getByRole('region', { name: 'Marcus Hale registered them' });
  expect(within(mine).getByRole('heading', { level: 3 })).toBeInTheDocument();
  expect(within(mine).getByText('Under review')).toHaveAttribute('data-tone', 'attention');
  const address = addressIn(mine, 'marcus@hale.realty');
  expect(address).toHaveAttribute('href', 'mailto:marcus@hale.realty');
  expect(address.innerHTML).toBe('marcus@<wbr><span class="domain">hale<wbr>.realty</span>');
  const theirs = screen.getByRole('region', { name: 'The buyer wrote to us' });
  expect(theirs).toHaveTextContent('Nobody yet');
  expect(within(theirs).getByRole('link', { name: /Open the inquiry/ })).toHaveAttribute('href', '/admin/leads/i1');
});

test('the decision: two choices each with its hint, and a reason described by its hint', () => {
  render(<RegistrationReview review={{ registration: eleanor, inquiry, other: null }} timeZone="UTC" now={NOW} said={null} />);
  const decision = screen.getByRole('region', { name: 'Decision' });
  expect(within(decision).getByRole('radio', { name: 'Decline' })).toHaveAccessibleDescription('The registration protects nothing.');
  expect(within(decision).getByRole('radio', { name: 'Register' })).toHaveAccessibleDescription('The broker holds this buyer for 90 days from today.');
  expect(within(decision).getByLabelText('Reason (to decline)')).toHaveAttribute('aria-describedby', 'decision-reason-hint');
  expect(within(decision).getByRole('button', { name: 'Save decision' })).toBeInTheDocument();
});

test('nothing met, said quietly; a decision made reads who, when and why, with no form', () => {
  const declined: TeamRegistration = {
    ...eleanor,
    status: 'declined',
    conflictInquiryId: null,
    decidedAt: '2026-11-24T15:00:00.000Z',
    decidedBy: 'Ava Laurent',
    reason: 'She wrote to us first.',
  };
  render(<RegistrationReview review={{ registration: declined, inquiry: null, other: null }} timeZone="UTC" now={NOW} said={null} />);
  expect(screen.getByText(/^Nothing: no recent inquiry/)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'The buyer wrote to us' })).toBeNull();
  const decision = screen.getByRole('region', { name: 'Decision' });
  expect(decision).toHaveTextContent(/Declined by Ava Laurent on .*She wrote to us first\./);
  expect(within(decision).queryByRole('button')).toBeNull();
});
