import type { Weekday } from './types';

// What the team's settings form at /admin/tours and its action agree on, and the outcomes the tours' plain form
// posts (a host assigned, a tour cancelled, a broker's booking) come back with in the address. Nothing server-only.

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly Weekday[];

const DAY_NAMES = { 1: 'monday', 2: 'tuesday', 3: 'wednesday', 4: 'thursday', 5: 'friday', 6: 'saturday', 7: 'sunday' } as const;

export type DayName = (typeof DAY_NAMES)[Weekday];

/** Every field the form posts: mondayOpen, mondayClose, … sundayClose, then the numbers and the closed dates. */
export type TourSettingsField =
  | `${DayName}Open`
  | `${DayName}Close`
  | 'tourMinutes'
  | 'bufferMinutes'
  | 'capacity'
  | 'leastNoticeHours'
  | 'horizonDays'
  | 'closedDates';

export type TourSettingsForm = Record<TourSettingsField, string>;

export const openField = (day: Weekday) => `${DAY_NAMES[day]}Open` as const;
export const closeField = (day: Weekday) => `${DAY_NAMES[day]}Close` as const;

export const TOUR_SETTINGS_FIELDS: readonly TourSettingsField[] = [
  ...WEEKDAYS.flatMap((day) => [openField(day), closeField(day)]),
  'tourMinutes',
  'bufferMinutes',
  'capacity',
  'leastNoticeHours',
  'horizonDays',
  'closedDates',
];

export interface TourSettingsFormState {
  outcome: 'saved' | 'refused' | 'unavailable' | null;
  /** What was posted, to show again after a refusal; the settings as saved once saved; empty before. */
  values: Partial<TourSettingsForm>;
  /** The first message for each refused field. */
  errors: Partial<Record<TourSettingsField, string>>;
  /** New for every answer, so that the form shows each afresh and it is announced once. */
  answerId: string;
}

export const initialTourSettingsState: TourSettingsFormState = { outcome: null, values: {}, errors: {}, answerId: '' };

/** What a change on the agenda came to: `saved` keys of toursAdmin.saved, `refused` keys of toursAdmin.refused. */
export type AgendaAnswer = { saved: 'host' | 'unhosted' | 'cancelled' } | { refused: 'gone' | 'invalid' | 'host' | 'unavailable' };

/** What a broker's booking or cancellation came to (keys of portalTours.answers). */
export type BrokerTourOutcome = 'booked' | 'exists' | 'full' | 'invalid' | 'not_active' | 'cancelled' | 'moved' | 'not_found' | 'unavailable';
export const BROKER_TOUR_OUTCOMES: readonly BrokerTourOutcome[] = ['booked', 'exists', 'full', 'invalid', 'not_active', 'cancelled', 'moved', 'not_found', 'unavailable'];
