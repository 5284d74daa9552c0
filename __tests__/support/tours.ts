import type { Tour, TourNotice } from '@/lib/tours/types';

/** A booked tour as the store hands it on, starting then and lasting so many minutes, with its host assigned. */
export function tourAt(startsAt: string, minutes = 90, changes: Partial<Tour> = {}): Tour {
  return {
    id: '7d1c7c1e-5a51-4a55-9f7e-1b2f3c4d5e6f',
    leadId: 'b0a1c2d3-0000-4000-8000-000000000001',
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + minutes * 60_000).toISOString(),
    status: 'booked',
    sequence: 0,
    hostId: 'host-1',
    brokerId: null,
    registrationId: null,
    createdAt: '2026-06-01T12:00:00.000Z',
    ...changes,
  };
}

/** What the delivery worker knows of a tour to tell: Eleanor Whitfield's, hosted by Ava Laurent, in New York's time. */
export function noticeOf(tour: Tour, changes: Partial<TourNotice> = {}): TourNotice {
  return {
    tour,
    timeZone: 'America/New_York',
    buyer: { name: 'Eleanor Whitfield', email: 'eleanor@example.com' },
    host: { name: 'Ava Laurent', email: 'ava@aldercrest.example' },
    broker: null,
    manageUrl: 'https://aldercrest.example/tour/manage/abc123',
    live: true,
    ...changes,
  };
}
