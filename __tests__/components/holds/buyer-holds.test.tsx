/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { BuyerHolds } from '@/components/holds/buyer-holds';
import { OverdueDeposits } from '@/components/holds/overdue-deposits';
import type { BoardLot, LotClaim } from '@/lib/holds/types';
import { sampleClaim } from '../../support/claims';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/holds/actions', () => ({ placeTeamHold: jest.fn() }));

const ZONE = 'America/New_York';
const reservation: LotClaim = sampleClaim({
  estateId: 'e2',
  stage: 'under_contract',
  reservedAt: '2027-03-01T15:00:00.000Z',
  contractAt: '2027-03-20T15:00:00.000Z',
  placedBy: { id: 'a', name: 'Ava Laurent', email: 'ava@aldercrest.example', brokerage: null },
  broker: null,
  registrationId: null,
  leadId: 'l1',
  deposit: { amount: 937_500, dueOn: '2027-03-10', receivedOn: null, method: 'Wire transfer', note: 'Ten per cent' },
  depositOverdue: true,
});
const expired: LotClaim = { ...reservation, id: 'c0', estateId: 'e3', lot: 'Lot 3', stage: 'hold', state: 'expired', reservedAt: null, contractAt: null, deposit: null, depositOverdue: false };
const lot4 = { id: 'e4', lot: 'Lot 4', standing: 'available' } as BoardLot;

test('a lead’s whole way: each claim with its lot’s page, its stage and how it ended, its deposit marked overdue; the form to hold an available lot', () => {
  render(<BuyerHolds forWhom={{ lead: 'l1' }} claims={[reservation, expired]} available={[lot4]} holdHours={72} timeZone={ZONE} answer={null} chosenLot={null} canHold />);
  const section = screen.getByRole('region', { name: 'Holds and reservation' });
  const [first, second] = within(section).getAllByRole('listitem');
  expect(within(first!).getByRole('link', { name: 'Lot 2' })).toHaveAttribute('href', '/admin/estates/e2#claim');
  expect(first).toHaveTextContent('Under contract');
  expect(within(first!).getByText('Overdue', { selector: 'strong' })).toBeInTheDocument();
  expect(first).toHaveTextContent('$937,500');
  expect(first).toHaveTextContent('Ten per cent');
  expect(second).toHaveTextContent('Hold · Ended at its time');
  expect(within(section).getByRole('combobox', { name: 'Lot' })).toHaveTextContent('Lot 4');
  expect(within(section).getByRole('button', { name: 'Place hold' })).toBeInTheDocument();
});

test('a registration no longer active shows its claims and no form; a refused hold says why', () => {
  render(<BuyerHolds forWhom={{ registration: 'r1' }} claims={[]} available={[lot4]} holdHours={72} timeZone={ZONE} answer="taken" chosenLot={null} canHold={false} />);
  expect(screen.queryByRole('button', { name: 'Place hold' })).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('This lot has just been taken by another hold.');
});

test('a hold refused keeps its lot chosen while the lot is free to hold, and asks again once it is not', () => {
  const lot5 = { id: 'e5', lot: 'Lot 5', standing: 'available' } as BoardLot;
  const form = (chosenLot: string | null, available: BoardLot[]) =>
    render(<BuyerHolds forWhom={{ lead: 'l1' }} claims={[]} available={available} holdHours={72} timeZone={ZONE} answer="limit" chosenLot={chosenLot} canHold />);
  const { unmount } = form('e5', [lot4, lot5]);
  expect(screen.getByRole('combobox', { name: 'Lot' })).toHaveValue('e5');
  unmount();
  // Taken meanwhile: no longer among the lots, so the form asks for one.
  form('e5', [lot4]);
  expect(screen.getByRole('combobox', { name: 'Lot' })).toHaveValue('');
});

test('the inbox names each overdue deposit with the way to its lot, and nothing when none is', () => {
  const { container, rerender } = render(<OverdueDeposits claims={[reservation]} />);
  const section = screen.getByRole('region', { name: /Deposits overdue/ });
  expect(within(section).getByRole('link', { name: 'Lot 2: $937,500 from Eleanor Whitfield, due Mar 10, 2027' })).toHaveAttribute('href', '/admin/estates/e2#claim');
  rerender(<OverdueDeposits claims={[]} />);
  expect(container).toBeEmptyDOMElement();
});
