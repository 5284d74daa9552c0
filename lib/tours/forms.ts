import type { TourSettingsField, TourSettingsForm } from './settings';

// What the team's settings form at /admin/tours and its action agree on, and the outcomes the tours' plain form
// posts (a host assigned, a tour cancelled, a broker's booking) come back with in the address. Nothing server-only.

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
