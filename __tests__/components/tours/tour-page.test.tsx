/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { TourBooked } from '@/components/tours/tour-page';
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
