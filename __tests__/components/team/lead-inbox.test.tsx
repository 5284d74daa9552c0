/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { LeadInbox, type InboxFilters } from '@/components/team/lead-inbox';
import type { WorkedLead } from '@/lib/leads/types';
import { addressIn } from '../../support/addresses';

const context = { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, referrer: null, privacy_notice: null };
const NOW = '2026-11-25T15:00:00.000Z';

// A broker's request that arrived 21 hours and 5 minutes before NOW, nobody's yet.
const james = {
  ...context,
  ...{ id: 'l1', created_at: '2026-11-24T17:55:00.000Z', status: 'pending', owner: null, owner_id: null, follow_up_on: null },
  ...{ full_name: 'James Harrington', email: 'james.harrington@gmail.com', brokerage: 'Harrington Sotheby’s International Realty' },
  ...{ license_number: null, phone: null, message: null },
} as unknown as WorkedLead;

const noFilters: InboxFilters = { status: null, owner: null, search: null };
const AVA = '6f1c2a4e-0000-4000-8000-00000000a0a0';
const JULIEN = '6f1c2a4e-0000-4000-8000-00000000b1b1';
const LEFT = '6f1c2a4e-0000-4000-8000-00000000c2c2';

function inbox(leads: WorkedLead[], filters = noFilters) {
  return render(
    <LeadInbox
      form="broker"
      filters={filters}
      page={1}
      pageSize={25}
      totals={{ inquiry: 0, broker: leads.length }}
      matching={leads.length}
      leads={leads}
      notices={[]}
      members={[
        { id: AVA, name: 'Ava Laurent' },
        { id: JULIEN, name: 'Julien Marchetti' },
      ]}
      me={{ id: AVA, leads: 3 }}
      sources={[]}
      responses={[{ month: '2026-11', arrived: 1, withinDay: 0, later: 0, waiting: 1 }]}
      timeZone="America/New_York"
      now={NOW}
    />,
  );
}

test('each lead is a row named by its link; its address breaks after the @ and before each dot, never inside a word', () => {
  inbox([james]);
  const row = screen.getByRole('row', { name: /James Harrington/ });
  expect(within(row).getByRole('rowheader')).toContainElement(screen.getByRole('link', { name: 'James Harrington' }));
  expect(screen.getByRole('link', { name: 'James Harrington' })).toHaveAttribute('href', '/admin/leads/l1');
  const address = addressIn(row, 'james.harrington@gmail.com');
  // Break opportunities before ".harrington" and after "@": "james.harrington@" / "gmail.com", the domain kept whole where it fits.
  expect(address.innerHTML).toBe('james<wbr>.harrington@<wbr><span class="domain">gmail<wbr>.com</span>');
  expect(row).toHaveTextContent('Harrington Sotheby’s International Realty');
});

test('a broker request past 20 hours carries the overdue mark beside its status pill; the count is information, not a change', () => {
  inbox([james]);
  const row = screen.getByRole('row', { name: /James Harrington/ });
  expect(within(row).getByText('Pending')).toHaveAttribute('data-tone', 'attention');
  expect(within(row).getByText('Overdue').closest('[data-tone]')).toHaveAttribute('data-tone', 'negative');
  expect(row).toHaveTextContent(/waiting 21 h 5 min/);
  const [said] = screen.getAllByRole('status');
  expect(said).toHaveTextContent('1–1 of 1');
  expect(said).toHaveAttribute('data-tone', 'info');
});

test('the month’s figures are one region, named by their heading, whose month heads each row', () => {
  inbox([james]);
  const figures = screen.getByRole('region', { name: 'Broker requests answered within 24 hours' });
  const row = within(figures).getByRole('row', { name: /^2026-11/ });
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '0', '0', '1']);
  expect(screen.getByText('No leads yet.')).toBeInTheDocument();
});

test('filtered to nothing: the sentence says so, and no table stands empty', () => {
  inbox([], { ...noFilters, status: 'approved' });
  expect(screen.getAllByRole('status')[0]).toHaveTextContent('No lead matches.');
  expect(screen.queryByRole('region', { name: 'Broker requests' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Clear' })).toHaveAttribute('href', '/admin?form=broker');
});

test('the list is everyone’s or the signed-in member’s own: two links, the one shown marked, each keeping the other filters', () => {
  const { unmount } = inbox([james], { ...noFilters, status: 'pending' });
  const views = screen.getByRole('navigation', { name: 'Whose leads' });
  expect(within(views).getByRole('link', { name: /^All leads/ })).toHaveAttribute('aria-current', 'page');
  expect(within(views).getByRole('link', { name: /^All leads/ })).toHaveAttribute('href', '/admin?form=broker&status=pending');
  expect(within(views).getByRole('link', { name: 'Mine 3' })).toHaveAttribute('href', '/admin?form=broker&status=pending&owner=me');
  expect(within(views).getByRole('link', { name: 'Mine 3' })).not.toHaveAttribute('aria-current');
  unmount();
  inbox([james], { ...noFilters, owner: AVA });
  expect(screen.getByRole('link', { name: 'Mine 3' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: /^All leads/ })).not.toHaveAttribute('aria-current');
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Ava Laurent');
});

test('the owner filter offers the team by account; an owner who has left stays chosen, by the name their leads show', () => {
  const options = () => within(screen.getByRole('combobox', { name: 'Owner' })).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent]);
  const { unmount } = inbox([james]);
  expect(options()).toEqual([
    ['', 'Anyone'],
    [AVA, 'Ava Laurent'],
    [JULIEN, 'Julien Marchetti'],
  ]);
  unmount();
  inbox([{ ...james, owner: 'Gloria Vance', owner_id: LEFT }], { ...noFilters, owner: LEFT });
  expect(options().at(-1)).toEqual([LEFT, 'Gloria Vance']);
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Gloria Vance');
  expect(screen.getByRole('row', { name: /James Harrington/ })).toHaveTextContent('Gloria Vance');
  expect(screen.getByRole('navigation', { name: 'Whose leads' }).querySelector('[aria-current]')).toBeNull();
});
