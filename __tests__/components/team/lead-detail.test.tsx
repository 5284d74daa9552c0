/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { LeadDetail } from '@/components/team/lead-detail';
import type { LeadDetail as Detail, WorkedLead } from '@/lib/leads/types';
import type { TeamRegistration } from '@/lib/portal/types';
import { addressIn } from '../../support/addresses';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/admin/actions', () => ({
  addLeadNote: jest.fn(),
  changeBrokerAccess: jest.fn(),
  changeLeadWork: jest.fn(),
  decideBrokerRequest: jest.fn(),
  resendLeadNotice: jest.fn(),
}));

const context = { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, referrer: null, privacy_notice: null };

const eleanor = {
  id: 'l1',
  created_at: '2026-11-24T17:55:00.000Z',
  full_name: 'Eleanor Whitfield-Ashworth',
  email: 'eleanor.whitfield-ashworth@example.com',
  phone: '+1 555 010 0199',
  message: 'We would like to see the lots by the ridge.\nWeekends suit us.',
  status: 'contacted',
  owner: 'Julien Marchetti',
  follow_up_on: '2026-12-01',
  ...context,
} as unknown as WorkedLead;

const detail: Detail = { form: 'inquiry', lead: eleanor, notes: [], activity: [], access: null };

const declined = {
  id: 'r1',
  fullName: 'Eleanor Whitfield',
  status: 'declined',
  createdAt: '2026-11-20T15:00:00.000Z',
  expiresAt: null,
  broker: { id: 'b1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' },
} as unknown as TeamRegistration;

function page(outcome: string | null, registrations: TeamRegistration[] = []) {
  return render(
    <LeadDetail
      detail={detail}
      notices={[]}
      salesTeam={['Julien Marchetti']}
      timeZone="America/New_York"
      now="2026-11-25T15:00:00.000Z"
      outcome={outcome}
      registrations={registrations}
    />,
  );
}

test('a change saved is said in the success colour, one refused in the error colour', () => {
  const { unmount } = page('owner');
  expect(screen.getByRole('status')).toHaveTextContent('Owner saved.');
  expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'success');
  unmount();
  page('refused');
  expect(screen.getByRole('status')).toHaveTextContent('That change could not be made. Check the entry and try again.');
  expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'error');
});

test('the details: the address a link that breaks after its @, the number one to call, the message across with its lines', () => {
  page(null);
  const details = screen.getByRole('region', { name: 'Details' });
  const address = addressIn(details, 'eleanor.whitfield-ashworth@example.com');
  expect(address.tagName).toBe('A');
  expect(address).toHaveAttribute('href', 'mailto:eleanor.whitfield-ashworth@example.com');
  expect(address.querySelectorAll('wbr')).toHaveLength(3);
  expect(within(details).getByRole('link', { name: '+1 555 010 0199' })).toHaveAttribute('href', 'tel:+15550100199');
  expect(within(details).getByText(/Weekends suit us/).closest('[data-wide]')).not.toBeNull();
});

test('each piece of work is a form of one field whose Save stands beside it, the owner described by its hint', () => {
  page(null);
  for (const label of ['Status', 'Owner', 'Follow up on']) {
    const control = screen.getByLabelText(label);
    expect(within(control.parentElement!).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  }
  expect(screen.getByLabelText('Status')).toHaveValue('contacted');
  expect(screen.getByLabelText('Owner')).toHaveAccessibleDescription('A name from the team, or anyone else');
});

test('a broker’s registration of this buyer links to its review, its status a pill of its own tone', () => {
  page(null, [declined]);
  const section = screen.getByRole('region', { name: 'Client registrations' });
  expect(within(section).getByRole('link', { name: 'Marcus Hale, Hale Realty' })).toHaveAttribute('href', '/admin/registrations/r1');
  expect(within(section).getByText('Declined')).toHaveAttribute('data-tone', 'negative');
  expect(section).toHaveTextContent('Registered as Eleanor Whitfield on');
});

test('with nothing yet: each part says so', () => {
  page(null);
  for (const [region, words] of [
    ['Notes', 'No notes yet.'],
    ['Delivery', 'Nothing to send for this lead.'],
    ['History', 'No changes yet.'],
    ['Where it came from', 'Direct: no campaign and no referring site recorded.'],
  ]) {
    expect(screen.getByRole('region', { name: region })).toHaveTextContent(words!);
  }
  expect(screen.queryByRole('region', { name: 'Client registrations' })).toBeNull();
});
