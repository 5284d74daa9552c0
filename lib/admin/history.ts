import { teamHolds } from '@/lib/copy/holds';
import { inbox, leadPage } from '@/lib/copy/team';
import type { LeadActivity } from '@/lib/leads/types';
import { teamDate, teamTime } from './time';

const TOUR_TIMES = new Set<string>(['tour_booked', 'tour_moved', 'tour_cancelled']);

/**
 * One line of a lead's history as the team reads it: statuses by their names, a follow-up's day and a tour's
 * times in the team's time zone, where the store keeps a date and instants.
 */
export function historyLine(entry: LeadActivity, timeZone: string): string {
  const { action, from, to } = entry;
  if (action === 'follow_up_on') return leadPage.activity.follow_up_on(from, to && teamDate(to));
  if (TOUR_TIMES.has(action)) {
    const when = (instant: string | null) => instant && teamTime(instant, timeZone);
    return leadPage.activity[action as 'tour_booked'](when(from), when(to));
  }
  const status = (value: string | null) => (value === null ? null : (inbox.statuses[value] ?? value));
  if (action === 'status') return leadPage.activity.status(status(from), status(to));
  if (action === 'decision') return leadPage.activity.decision(from, (status(to) ?? '').toLowerCase());
  if (action in teamHolds.activity) return teamHolds.activity[action as keyof typeof teamHolds.activity](from);
  return leadPage.activity[action as keyof typeof leadPage.activity](from, to);
}
