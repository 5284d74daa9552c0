import { historyLine } from '@/lib/admin/history';
import type { LeadActivity } from '@/lib/leads/types';

const entry = (action: LeadActivity['action'], from: string | null, to: string | null): LeadActivity => ({ at: '2027-03-01T14:00:00.000Z', actor: 'Ava Sinclair', action, from, to });

describe("a lead's history, as the team reads it", () => {
  it("gives a tour's times in the team's time zone, never as the instants the store keeps", () => {
    expect(historyLine(entry('tour_booked', null, '2027-03-13T15:00:00.000Z'), 'America/New_York')).toBe('Tour booked for Mar 13, 2027, 10:00 AM EST');
    expect(historyLine(entry('tour_moved', '2027-03-13T15:00:00.000Z', '2027-03-20T18:30:00.000Z'), 'America/New_York')).toBe(
      'Tour moved from Mar 13, 2027, 10:00 AM EST to Mar 20, 2027, 2:30 PM EDT',
    );
    expect(historyLine(entry('tour_cancelled', '2027-03-13T15:00:00.000Z', null), 'Europe/London')).toBe('Tour of Mar 13, 2027, 3:00 PM GMT cancelled');
  });

  it('names statuses and decisions by their words, a follow-up by its day, and the rest as they were kept', () => {
    expect(historyLine(entry('status', 'new', 'contacted'), 'America/New_York')).toBe('Status New → Contacted');
    expect(historyLine(entry('status', null, 'unheard-of'), 'America/New_York')).toBe('Status — → unheard-of');
    expect(historyLine(entry('decision', 'pending', 'approved'), 'America/New_York')).toBe('Request approved');
    expect(historyLine(entry('follow_up_on', null, '2027-03-15'), 'America/New_York')).toBe('Follow-up set for Mar 15, 2027');
    expect(historyLine(entry('follow_up_on', '2027-03-15', null), 'America/New_York')).toBe('Follow-up cleared');
    expect(historyLine(entry('owner', 'Ava Sinclair', 'Julien Marchand'), 'America/New_York')).toBe('Owner Ava Sinclair → Julien Marchand');
    expect(historyLine(entry('tour_host', null, 'Julien Marchand'), 'America/New_York')).toBe('Tour host Julien Marchand');
    expect(historyLine(entry('resend', null, 'team_notice'), 'America/New_York')).toBe('Sent again: team notice');
  });
});
