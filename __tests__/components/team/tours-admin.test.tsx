/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { ToursAdmin } from '@/components/team/tours-admin';
import type { AgendaRange } from '@/lib/tours/agenda';
import { DEFAULT_TOUR_SETTINGS, type AgendaTour } from '@/lib/tours/types';

// The forms' Server Actions need the Next server (the end-to-end suite drives the real ones).
jest.mock('@/lib/admin/tour-actions', () => ({ assignTourHost: jest.fn(), cancelTeamTour: jest.fn(), saveTourSettingsForm: jest.fn() }));

const range: AgendaRange = {
  from: '2027-03-01',
  last: '2027-03-30',
  fromInstant: new Date('2027-03-01T05:00:00.000Z'),
  toInstant: new Date('2027-03-31T04:00:00.000Z'),
  next: '2027-03-31',
  previous: null,
};

const entry: AgendaTour = {
  tour: {
    id: 't1',
    leadId: null,
    startsAt: '2027-03-02T15:00:00.000Z',
    endsAt: '2027-03-02T16:30:00.000Z',
    status: 'booked',
    sequence: 0,
    hostId: null,
    brokerId: 'b1',
    registrationId: 'r1',
    createdAt: '2027-02-20T15:00:00.000Z',
  },
  timeZone: 'America/New_York',
  buyer: { name: 'Grace Holloway', email: 'grace@example.com', phone: null },
  host: { id: 'gone', name: 'Former Host', email: 'former@example.com', brokerage: null },
  broker: { id: 'b1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' },
};

const page = (said: Parameters<typeof ToursAdmin>[0]['said']) => (
  <ToursAdmin
    settings={{ ...DEFAULT_TOUR_SETTINGS, changedAt: null, changedBy: null }}
    range={range}
    days={[{ date: '2027-03-02', tours: [entry] }]}
    members={[{ id: 'm1', name: 'Julien Marchetti' }]}
    timeZone="America/New_York"
    zone="Eastern Time"
    said={said}
  />
);

test('a change refused is said in the error colour; the settings form keeps its own sentence apart', () => {
  render(page({ tone: 'error', text: 'That tour is no longer booked.' }));
  const [said, form] = screen.getAllByRole('status');
  expect(said).toHaveTextContent('That tour is no longer booked.');
  expect(said).toHaveAttribute('data-tone', 'error');
  expect(form).toBeEmptyDOMElement();
});

test('a tour of the agenda: who booked it, its host chosen from the team (a former one kept), its cancellation asked first', () => {
  render(page(null));
  const agenda = screen.getByRole('region', { name: 'Agenda' });
  expect(agenda).toHaveTextContent('Booked tours from Mar 1, 2027 to Mar 30, 2027. Times in Eastern Time.');
  const tour = within(within(agenda).getByRole('region', { name: 'Tuesday, March 2' })).getByRole('listitem');
  expect(tour).toHaveTextContent('Booked by Marcus Hale, Hale Realty');
  const host = within(tour).getByRole('combobox', { name: 'Host' });
  expect(within(host).getAllByRole('option').map((option) => option.textContent)).toEqual(['No host yet', 'Julien Marchetti', 'Former Host']);
  expect(host).toHaveValue('gone');
  expect(within(tour).getByRole('button', { name: 'Assign the host of the tour with Grace Holloway' })).toBeInTheDocument();
  const cancel = tour.querySelector('details')!;
  expect(cancel).not.toHaveAttribute('open');
  expect(within(cancel).getByText(/^Cancel tour/).textContent).toBe('Cancel tour at 10:00 AM with Grace Holloway');
});

test('the settings: a form named by its panel, each time labelled by its day, the closed dates by their hint', () => {
  render(page(null));
  const form = screen.getByRole('form', { name: 'Booking settings' });
  expect(within(form).getByRole('group', { name: 'Monday' })).toContainElement(within(form).getByLabelText('Monday opens'));
  expect(within(form).getByLabelText('Monday opens')).toHaveValue('10:00');
  expect(within(form).getByLabelText('Closed dates')).toHaveAccessibleDescription('One date a line, as YYYY-MM-DD, such as 2027-12-25.');
  expect(screen.getByText('The standard settings are in force: nobody has changed them yet.')).toBeInTheDocument();
});
