import type { AgendaTour } from '@/lib/tours/types';
import { agendaDays, agendaRange } from '@/lib/tours/agenda';

const ZONE = 'America/New_York';
/** Monday 1 March 2027, 23:30 in New York: already Tuesday in UTC. */
const NOW = new Date('2027-03-02T04:30:00.000Z');

const entry = (id: string, startsAt: string): AgendaTour => ({
  tour: { id, leadId: null, startsAt, endsAt: startsAt, status: 'booked', sequence: 0, hostId: null, brokerId: null, registrationId: null, createdAt: startsAt },
  timeZone: ZONE,
  buyer: { name: 'Buyer', email: 'buyer@example.com', phone: null },
  host: null,
  broker: null,
});

describe('the agenda’s range', () => {
  test('today in the site’s zone for 30 days, its bounds the zone’s midnights; no earlier page from today', () => {
    const range = agendaRange(undefined, NOW, ZONE);
    expect(range).toMatchObject({ from: '2027-03-01', last: '2027-03-30', next: '2027-03-31', previous: null });
    expect(range.fromInstant.toISOString()).toBe('2027-03-01T05:00:00.000Z');
    // Daylight time begins on 14 March: the last midnight is at UTC−4.
    expect(range.toInstant.toISOString()).toBe('2027-03-31T04:00:00.000Z');
  });

  test('a later start from the address, with the way back; never before today', () => {
    expect(agendaRange('2027-03-31', NOW, ZONE)).toMatchObject({ from: '2027-03-31', last: '2027-04-29', next: '2027-04-30', previous: '2027-03-01' });
    expect(agendaRange('2027-03-10', NOW, ZONE)).toMatchObject({ from: '2027-03-10', previous: '2027-03-01' });
    expect(agendaRange('2027-02-01', NOW, ZONE)).toMatchObject({ from: '2027-02-01', previous: null });
  });

  test('odd input is today’s agenda, not an error', () => {
    for (const asked of ['2027-02-30', 'tomorrow', '', '2027-3-5', ['2027-03-31'], '9999-12-31', '1970-01-01', null]) {
      expect(agendaRange(asked, NOW, ZONE).from).toBe('2027-03-01');
    }
  });
});

describe('the agenda’s days', () => {
  test('tours grouped by their day in the zone, in order; days with none left out', () => {
    const days = agendaDays(
      [
        entry('c', '2027-03-05T15:00:00.000Z'),
        // 21:00 on the 3rd in New York, the 4th in UTC.
        entry('b', '2027-03-04T02:00:00.000Z'),
        entry('a', '2027-03-03T15:00:00.000Z'),
      ],
      ZONE,
    );
    expect(days.map((day) => [day.date, day.tours.map((tour) => tour.tour.id)])).toEqual([
      ['2027-03-03', ['a', 'b']],
      ['2027-03-05', ['c']],
    ]);
    expect(agendaDays([], ZONE)).toEqual([]);
  });
});
