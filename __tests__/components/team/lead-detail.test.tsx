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

const AVA = '6f1c2a4e-0000-4000-8000-00000000a0a0';
const JULIEN = '6f1c2a4e-0000-4000-8000-00000000b1b1';
const TEAM = [
  { id: AVA, name: 'Ava Laurent' },
  { id: JULIEN, name: 'Julien Marchetti' },
];

const eleanor = {
  id: 'l1',
  created_at: '2026-11-24T17:55:00.000Z',
  full_name: 'Eleanor Whitfield-Ashworth',
  email: 'eleanor.whitfield-ashworth@example.com',
  phone: '+1 555 010 0199',
  message: 'We would like to see the lots by the ridge.\nWeekends suit us.',
  status: 'contacted',
  owner: 'Julien Marchetti',
  owner_id: JULIEN,
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

function page(outcome: string | null, registrations: TeamRegistration[] = [], lead: Partial<WorkedLead> = {}, members = TEAM) {
  return render(
    <LeadDetail
      detail={{ ...detail, lead: { ...eleanor, ...lead } }}
      notices={[]}
      members={members}
      timeZone="America/New_York"
      now="2026-11-25T15:00:00.000Z"
      outcome={outcome}
      registrations={registrations}
    />,
  );
}

test('a change saved is said in the success colour, one refused in the error colour', () => {
  const { unmount } = page('ownerQuiet');
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
  expect(screen.getByLabelText('Owner')).toHaveAccessibleDescription('Someone on the team, or nobody.');
});

const ownerChoices = () => within(screen.getByRole('combobox', { name: 'Owner' })).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent]);

test('the owner is chosen from the team’s active members, or nobody, the current one selected, and posted as the account', () => {
  const { unmount } = page(null);
  const owner = screen.getByRole('combobox', { name: 'Owner' });
  expect(owner).toHaveAttribute('name', 'value');
  expect(owner).toHaveValue(JULIEN);
  expect(ownerChoices()).toEqual([
    ['', 'Nobody'],
    [AVA, 'Ava Laurent'],
    [JULIEN, 'Julien Marchetti'],
  ]);
  const form = owner.closest('form')!;
  expect(within(form).getByDisplayValue('owner')).toHaveAttribute('name', 'field');
  unmount();
  page(null, [], { owner: null, owner_id: null });
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Nobody');
});

test('an owner who has left the team, or a name typed in before owners were accounts, stays chosen and the hint says why', () => {
  const { unmount } = page(null, [], {}, [TEAM[0]!]);
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Julien Marchetti');
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveAccessibleDescription('Julien Marchetti is no longer on the team: choose someone who is, or nobody.');
  unmount();
  page(null, [], { owner: 'Gloria Vance', owner_id: null });
  expect(ownerChoices().at(-1)).toEqual(['typed', 'Gloria Vance']);
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Gloria Vance');
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveAccessibleDescription(
    'Gloria Vance was typed in before owners were chosen from the team: choose someone from it, or nobody.',
  );
});

test('an owner the store refused is said in the error colour, the owner marked to change', () => {
  page('refused:owner');
  expect(screen.getByRole('status')).toHaveTextContent('Only an active member of the team can own a lead: choose someone from the list.');
  expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'error');
  expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('combobox', { name: 'Status' })).not.toHaveAttribute('aria-invalid');
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

test('the privacy notice the lead was shown reads as the day of its words, an unknown version as an earlier notice', () => {
  const shown = (privacy_notice: string) => {
    const { unmount } = page(null, [], { privacy_notice } as Partial<WorkedLead>);
    const said = screen.getByText('Privacy notice shown').nextElementSibling?.textContent;
    unmount();
    return said;
  };
  expect(shown('0ffa65ee9f0f')).toBe('The notice of November 25, 2026');
  expect(shown('bb1988fe7040')).toBe('The notice of December 2, 2026');
  expect(shown('1234567890ab')).toBe('An earlier privacy notice');
});
