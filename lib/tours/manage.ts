import 'server-only';
import { z } from 'zod';
import { formTexts } from '@/lib/form-fields';
import { logEvent } from '@/lib/log';
import { isStoreError, type LeadStore } from '@/lib/store';
import type { Actor } from '@/lib/auth/types';
import { portalGate } from '@/lib/portal/gate';
import { recordId } from '@/lib/query-params';
import type { TourSettings } from './types';
import { TOUR_SETTINGS_FIELDS, type AgendaAnswer, type BrokerTourOutcome, type TourSettingsForm, type TourSettingsFormState } from './forms';
import { formatTourSettingsForm, parseTourSettingsForm } from './settings';
import { isOfferedStart } from './offered';

// What the tours' Server Actions do, with the server's store and clock (lib/admin/tour-actions.ts,
// lib/portal/tour-actions.ts) or a test's: the team's settings and agenda, a broker's booking for a registration.
// Each outcome is one log line of ids, codes and outcomes alone: never a buyer's name, address or a time typed.

export interface ToursContext {
  store: LeadStore;
  /** The time, in milliseconds since the epoch. */
  now: () => number;
  /** The site's zone, in which tours are booked. */
  timeZone: string;
}

/** The most of a field kept to show again: every closed date the form takes fits, never a whole upload. */
const KEPT_MAX = 8000;

const keptValues = (formData: FormData): TourSettingsForm => formTexts(formData, TOUR_SETTINGS_FIELDS, KEPT_MAX);

const answerId = () => crypto.randomUUID();

/** The team saves the tour settings; the answer is the form's next state: saved (with the settings as stored), or why not. */
export async function saveSettingsForm(context: ToursContext, actor: Actor, formData: FormData): Promise<TourSettingsFormState> {
  const parsed = parseTourSettingsForm(keptValues(formData));
  if (!parsed.ok) {
    const fields = TOUR_SETTINGS_FIELDS.filter((name) => parsed.errors[name] !== undefined);
    logEvent('tours.settings', { outcome: 'refused', fields: fields.join(',') }, 'warn');
    return { outcome: 'refused', values: parsed.values, errors: parsed.errors, answerId: answerId() };
  }
  let saved: TourSettings;
  try {
    saved = await context.store.saveTourSettings(actor, parsed.settings, new Date(context.now()));
  } catch (error) {
    if (!isStoreError(error)) throw error;
    // 22023: the database's own bounds, for what got past ours.
    const outcome = error.code === '22023' ? 'refused' : 'unavailable';
    logEvent('tours.settings', { outcome, reason: error.reason, code: error.code }, outcome === 'refused' ? 'warn' : 'error');
    return { outcome, values: keptValues(formData), errors: {}, answerId: answerId() };
  }
  logEvent('tours.settings', { outcome: 'saved', capacity: saved.capacity, closedDates: saved.closedDates.length });
  return { outcome: 'saved', values: formatTourSettingsForm(saved), errors: {}, answerId: answerId() };
}

const hostSchema = z.object({ tour: recordId, host: z.union([z.literal(''), recordId]) });

/** The team assigns a booked tour's host (a team member), or none: the host is sent the booking with its invitation. */
export async function assignHostForm(context: ToursContext, actor: Actor, formData: FormData): Promise<AgendaAnswer> {
  const parsed = hostSchema.safeParse({ tour: formData.get('tour'), host: formData.get('host') });
  if (!parsed.success) {
    logEvent('tours.host', { outcome: 'invalid' }, 'warn');
    return { refused: 'invalid' };
  }
  const hostId = parsed.data.host || null;
  try {
    const assigned = await context.store.assignTourHost(actor, parsed.data.tour, hostId, new Date(context.now()));
    if (!assigned) {
      logEvent('tours.host', { outcome: 'gone', tour: parsed.data.tour }, 'warn');
      return { refused: 'gone' };
    }
  } catch (error) {
    if (!isStoreError(error)) throw error;
    if (error.code === '22023') {
      logEvent('tours.host', { outcome: 'not_a_host', tour: parsed.data.tour }, 'warn');
      return { refused: 'host' };
    }
    logEvent('tours.host', { outcome: 'unavailable', reason: error.reason, code: error.code }, 'error');
    return { refused: 'unavailable' };
  }
  logEvent('tours.host', { outcome: hostId ? 'assigned' : 'unassigned', tour: parsed.data.tour, host: hostId });
  return { saved: hostId ? 'host' : 'unhosted' };
}

const tourSchema = z.object({ tour: recordId });

/** The team cancels a booked tour still to come; its buyer (or broker) and host are told through the outbox. */
export async function cancelTeamTourForm(context: ToursContext, actor: Actor, formData: FormData): Promise<AgendaAnswer> {
  const parsed = tourSchema.safeParse({ tour: formData.get('tour') });
  if (!parsed.success) {
    logEvent('tours.cancel', { outcome: 'invalid', by: 'team' }, 'warn');
    return { refused: 'invalid' };
  }
  try {
    const answer = await context.store.cancelTour(actor, parsed.data.tour, new Date(context.now()));
    if (answer.outcome !== 'cancelled') {
      logEvent('tours.cancel', { outcome: answer.outcome, by: 'team', tour: parsed.data.tour }, 'warn');
      return { refused: 'gone' };
    }
  } catch (error) {
    if (!isStoreError(error)) throw error;
    logEvent('tours.cancel', { outcome: 'unavailable', by: 'team', reason: error.reason, code: error.code }, 'error');
    return { refused: 'unavailable' };
  }
  logEvent('tours.cancel', { outcome: 'cancelled', by: 'team', tour: parsed.data.tour });
  return { saved: 'cancelled' };
}

const bookingSchema = z.object({ registration: recordId, startsAt: z.iso.datetime({ offset: true }) });

/** What a broker's booking or cancellation came to, and the registration it was for when the id was one. */
export interface BrokerTourAnswer {
  outcome: BrokerTourOutcome;
  registration: string | null;
}

const registrationOf = (formData: FormData): string | null => {
  const id = recordId.safeParse(formData.get('registration'));
  return id.success ? id.data : null;
};

/**
 * Whether the tour is the broker's for the registration the form names, whose page the answer goes back to: a tour
 * of another of their registrations was changed, and its broker sent to the wrong page to read about it.
 */
async function isRegistrationsTour(context: ToursContext, actor: Actor, tour: string, registration: string | null): Promise<boolean> {
  if (!registration) return false;
  return (await context.store.brokerTours(actor)).some((entry) => entry.tour.id === tour && entry.tour.registrationId === registration);
}

/** Whether the broker may act in the portal now: a broker, past the latest terms. */
async function brokerReady(context: ToursContext, actor: Actor): Promise<boolean> {
  return actor.role === 'broker' && (await portalGate(context.store, actor)).open;
}

/** A broker books a private tour for an active registration of theirs, at one of the open times. */
export async function bookForRegistrationForm(context: ToursContext, actor: Actor, formData: FormData): Promise<BrokerTourAnswer> {
  const registration = registrationOf(formData);
  const said = (outcome: BrokerTourOutcome, details: Record<string, string | null> = {}): BrokerTourAnswer => {
    const level = outcome === 'booked' ? 'info' : outcome === 'unavailable' ? 'error' : 'warn';
    logEvent('portal.tour_booking', { outcome, registration, ...details }, level);
    return { outcome, registration };
  };
  try {
    if (!(await brokerReady(context, actor))) return said('not_active', { reason: 'not_broker_or_terms' });
    const parsed = bookingSchema.safeParse({ registration: formData.get('registration'), startsAt: formData.get('startsAt') });
    if (!parsed.success) return said(registration ? 'invalid' : 'not_active', { reason: 'malformed' });
    const now = new Date(context.now());
    const startsAt = new Date(parsed.data.startsAt);
    if (!(await isOfferedStart(context.store, startsAt, now, context.timeZone))) return said('invalid', { reason: 'not_offered' });
    const answer = await context.store.bookTourForRegistration(actor, parsed.data.registration, startsAt, context.timeZone, now);
    if (answer.outcome === 'booked' || answer.outcome === 'exists') return said(answer.outcome, { tour: answer.tour.id });
    return said(answer.outcome === 'full' ? 'full' : 'invalid');
  } catch (error) {
    if (!isStoreError(error)) throw error;
    // 42501: not this broker's, or not active (under review, declined, expired).
    if (error.code === '42501') return said('not_active');
    if (error.code === '22023' || error.code === '22007' || error.code === '22008') return said('invalid', { code: error.code });
    return said('unavailable', { reason: error.reason, code: error.code ?? null });
  }
}

/** A broker cancels their own booked tour still to come. */
export async function cancelBrokerTourForm(context: ToursContext, actor: Actor, formData: FormData): Promise<BrokerTourAnswer> {
  const registration = registrationOf(formData);
  const said = (outcome: BrokerTourOutcome, details: Record<string, string | null> = {}): BrokerTourAnswer => {
    logEvent('tours.cancel', { outcome, by: 'broker', registration, ...details }, outcome === 'cancelled' ? 'info' : outcome === 'unavailable' ? 'error' : 'warn');
    return { outcome, registration };
  };
  try {
    if (!(await brokerReady(context, actor))) return said('not_found', { reason: 'not_broker_or_terms' });
    const parsed = tourSchema.safeParse({ tour: formData.get('tour') });
    if (!parsed.success) return said('not_found', { reason: 'malformed' });
    if (!(await isRegistrationsTour(context, actor, parsed.data.tour, registration))) return said('not_found', { reason: 'other_registration', tour: parsed.data.tour });
    const answer = await context.store.cancelTour(actor, parsed.data.tour, new Date(context.now()));
    return said(answer.outcome === 'cancelled' ? 'cancelled' : 'not_found', { tour: parsed.data.tour });
  } catch (error) {
    if (!isStoreError(error)) throw error;
    return said('unavailable', { reason: error.reason, code: error.code ?? null });
  }
}

const moveSchema = z.object({ tour: recordId, startsAt: z.iso.datetime({ offset: true }) });

/**
 * A broker moves their own booked tour still to come to another open time. The tour's own places do not count
 * against it here (isOfferedStart lets a full time through): the store's constraint decides, without the tour itself.
 */
export async function moveBrokerTourForm(context: ToursContext, actor: Actor, formData: FormData): Promise<BrokerTourAnswer> {
  const registration = registrationOf(formData);
  const said = (outcome: BrokerTourOutcome, details: Record<string, string | null> = {}): BrokerTourAnswer => {
    const level = outcome === 'moved' ? 'info' : outcome === 'unavailable' ? 'error' : 'warn';
    logEvent('tours.move', { outcome, by: 'broker', registration, ...details }, level);
    return { outcome, registration };
  };
  try {
    if (!(await brokerReady(context, actor))) return said('not_found', { reason: 'not_broker_or_terms' });
    const tour = tourSchema.safeParse({ tour: formData.get('tour') });
    if (!tour.success) return said('not_found', { reason: 'malformed' });
    if (!(await isRegistrationsTour(context, actor, tour.data.tour, registration))) return said('not_found', { reason: 'other_registration', tour: tour.data.tour });
    const parsed = moveSchema.safeParse({ tour: tour.data.tour, startsAt: formData.get('startsAt') });
    if (!parsed.success) return said('invalid', { reason: 'malformed', tour: tour.data.tour });
    const now = new Date(context.now());
    const startsAt = new Date(parsed.data.startsAt);
    if (!(await isOfferedStart(context.store, startsAt, now, context.timeZone))) return said('invalid', { reason: 'not_offered', tour: parsed.data.tour });
    const answer = await context.store.moveTour(actor, parsed.data.tour, startsAt, context.timeZone, now);
    if (answer.outcome === 'moved' || answer.outcome === 'full' || answer.outcome === 'invalid') return said(answer.outcome, { tour: parsed.data.tour });
    return said('not_found', { tour: parsed.data.tour });
  } catch (error) {
    if (!isStoreError(error)) throw error;
    if (error.code === '42501') return said('not_found', { code: error.code });
    if (error.code === '22023' || error.code === '22007' || error.code === '22008') return said('invalid', { code: error.code });
    return said('unavailable', { reason: error.reason, code: error.code ?? null });
  }
}
