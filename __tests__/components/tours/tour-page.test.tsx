/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { TourBooked, TourTimesForm } from '@/components/tours/tour-page';
import { dayPicker } from '@/lib/tours/calendar';
import { tourPage } from '@/lib/copy/tours';
import type { Tour } from '@/lib/tours/types';

// The buyer's booked tour says with whom: the host by name once the team assigns one, else our sales team.

const tour: Tour = {
  id: '7d1c7c1e-5a51-4a55-9f7e-1b2f3c4d5e6f',
  leadId: 'b0a1c2d3-0000-4000-8000-000000000001',
  startsAt: '2027-03-03T15:00:00.000Z',
  endsAt: '2027-03-03T16:30:00.000Z',
  status: 'booked',
  sequence: 0,
  hostId: null,
  brokerId: null,
  registrationId: null,
  createdAt: '2027-03-01T10:00:00.000Z',
};

const withWhom = () => screen.getByText(tourPage.booked.withWhom).nextElementSibling;

test('a tour with its host assigned names them under "with"', () => {
  render(<TourBooked token="abc" tour={{ ...tour, hostId: 'host-1' }} hostName="Julien Marchetti" timeZone="America/New_York" location="Sales Gallery" intro={null} notice={null} />);
  expect(withWhom()).toHaveTextContent('Julien Marchetti');
  expect(screen.queryByText(tourPage.booked.anyHost)).toBeNull();
});

test('a tour with no host yet says a member of our sales team', () => {
  render(<TourBooked token="abc" tour={tour} hostName={null} timeZone="America/New_York" location="Sales Gallery" intro={null} notice={null} />);
  expect(withWhom()).toHaveTextContent(tourPage.booked.anyHost);
});

describe('choosing a time: a day first, then its times', () => {
  const day = (date: string, hours: number[]) => ({
    date,
    times: hours.map((hour) => ({ startsAt: `${date}T${hour}:00:00.000Z`, endsAt: `${date}T${hour + 1}:30:00.000Z`, placesLeft: 1 })),
  });
  const days = [day('2027-03-03', [15, 17, 19]), day('2027-03-04', [15]), day('2027-04-01', [15, 17])];
  const form = (wanted?: string) =>
    render(
      <TourTimesForm
        token="abc"
        picker={dayPicker(days, wanted)}
        timeZone="America/New_York"
        zoneLabel="Eastern Time"
        tourMinutes={90}
        capacity={1}
        buyerName="Eleanor"
        current={null}
        hostName={null}
        location="Sales Gallery"
        action={async () => {}}
        notice={null}
      />,
    );

  test('the month\'s open days are links to their own times, the first open day chosen; only its times are offered', () => {
    form();
    const calendar = screen.getByRole('navigation', { name: tourPage.choose.calendar });
    const chosen = within(calendar).getByRole('link', { name: 'Wednesday, March 3, 3 open times' });
    expect(chosen).toHaveAttribute('aria-current', 'date');
    expect(chosen).toHaveAttribute('href', '/tour/abc?day=2027-03-03');
    expect(within(calendar).getByRole('link', { name: 'Thursday, March 4, 1 open time' })).not.toHaveAttribute('aria-current');
    // A day with no open time is no link; April is a link away.
    expect(within(calendar).queryByRole('link', { name: /March 5/ })).toBeNull();
    expect(within(calendar).getByRole('link', { name: 'Open days in April 2027' })).toHaveAttribute('href', '/tour/abc?day=2027-04-01');
    const times = screen.getByRole('group', { name: 'Wednesday, March 3' });
    expect(within(times).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(days[0]!.times.map((time) => time.startsAt));
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  test('a day asked for by its address is chosen, its times alone offered', () => {
    form('2027-04-01');
    expect(screen.getByRole('link', { name: 'Thursday, April 1, 2 open times' })).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('group', { name: 'Thursday, April 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Open days in March 2027' })).toHaveAttribute('href', '/tour/abc?day=2027-03-03');
  });
});
