import type { BookedSpan, Tour, TourSettings } from '@/lib/tours/types';
import { iso, json, utc, utcOrNull, yes, type CallFunction } from './calls';
import type { AgendaTour, BookingOutcome, NoticeTour, StoredTourSettings, TourChangeOutcome, TourLink, TourLinkIssued } from '@/lib/tours/types';
import type { TourMethods } from './types';

// Private tours, the same whichever store calls the functions (supabase/migrations/20261202000000_tours.sql).
// The functions answer in the shapes of lib/tours/types.ts; only the times are read again, into UTC ISO strings.

export function tourMethods(call: CallFunction): TourMethods {
  const booking = async (name: string, args: Record<string, unknown>) => readOutcome<BookingOutcome>(await call(name, args));
  const change = async (name: string, args: Record<string, unknown>) => readOutcome<TourChangeOutcome>(await call(name, args));
  return {
    tourSettings: async () => readSettings(await call('tour_settings', {})),
    saveTourSettings: async (actor, settings, at) =>
      readSettings(await call('save_tour_settings', { p_actor: actor.id, p_settings: settingsJson(settings), p_at: iso(at) })),
    async issueTourLink(link, at) {
      const row = await json<TourLinkIssued | null>(call, 'issue_tour_link', { p_id: link.id, p_lead_id: link.leadId, p_token_hash: link.tokenHash, p_at: iso(at) });
      return row ? readLinkIssued(row) : null;
    },
    async tourLink(tokenHash, at) {
      const row = await json<TourLink | null>(call, 'tour_link', { p_token_hash: tokenHash, p_at: iso(at) });
      return row ? { ...readLinkIssued(row), buyerName: row.buyerName, tour: row.tour ? readTour(row.tour) : null, hostName: row.tour ? (row.hostName ?? null) : null } : null;
    },
    bookTourByLink: (tokenHash, startsAt, timeZone, at) =>
      booking('book_tour_by_link', { p_token_hash: tokenHash, p_starts_at: iso(startsAt), p_time_zone: timeZone, p_at: iso(at) }),
    bookTourForRegistration: (actor, registrationId, startsAt, timeZone, at) =>
      booking('book_tour_for_registration', { p_actor: actor.id, p_registration_id: registrationId, p_starts_at: iso(startsAt), p_time_zone: timeZone, p_at: iso(at) }),
    moveTourByLink: (tokenHash, startsAt, timeZone, at) =>
      change('move_tour_by_link', { p_token_hash: tokenHash, p_starts_at: iso(startsAt), p_time_zone: timeZone, p_at: iso(at) }),
    cancelTourByLink: (tokenHash, at) => change('cancel_tour_by_link', { p_token_hash: tokenHash, p_at: iso(at) }),
    moveTour: (actor, tourId, startsAt, timeZone, at) =>
      change('move_tour', { p_actor: actor.id, p_tour_id: tourId, p_starts_at: iso(startsAt), p_time_zone: timeZone, p_at: iso(at) }),
    cancelTour: (actor, tourId, at) => change('cancel_tour', { p_actor: actor.id, p_tour_id: tourId, p_at: iso(at) }),
    assignTourHost: (actor, tourId, hostId, at) => yes(call, 'assign_tour_host', { p_actor: actor.id, p_tour_id: tourId, p_host_id: hostId, p_at: iso(at) }),
    bookedSpans: async (from, to) =>
      ((await json<BookedSpan[] | null>(call, 'tour_spans', { p_from: iso(from), p_to: iso(to) })) ?? []).map((span) => ({
        startsAt: utc(span.startsAt),
        blockedUntil: utc(span.blockedUntil),
      })),
    tourAgenda: async (actor, from, to) =>
      ((await json<AgendaTour[] | null>(call, 'tour_agenda', { p_actor: actor.id, p_from: iso(from), p_to: iso(to) })) ?? []).map(readAgendaTour),
    brokerTours: async (actor) => ((await json<AgendaTour[] | null>(call, 'broker_tours', { p_actor: actor.id })) ?? []).map(readAgendaTour),
  };
}

/** The settings as the function takes them: every field, and no day left undefined. */
function settingsJson(settings: TourSettings): Record<string, unknown> {
  return {
    hours: Object.fromEntries(Object.entries(settings.hours).filter(([, hours]) => hours)),
    tourMinutes: settings.tourMinutes,
    bufferMinutes: settings.bufferMinutes,
    capacity: settings.capacity,
    leastNoticeHours: settings.leastNoticeHours,
    horizonDays: settings.horizonDays,
    closedDates: settings.closedDates,
  };
}

function readSettings(row: unknown): StoredTourSettings {
  const settings = row as StoredTourSettings;
  return { ...settings, changedAt: utcOrNull(settings.changedAt), changedBy: settings.changedBy ?? null };
}

function readLinkIssued(row: TourLinkIssued): TourLinkIssued {
  return { id: row.id, leadId: row.leadId, issuedAt: utc(row.issuedAt), expiresAt: utc(row.expiresAt) };
}

/** A tour as a function answers it, its times in UTC. */
export function readTour(row: Tour): Tour {
  return {
    id: row.id,
    leadId: row.leadId ?? null,
    startsAt: utc(row.startsAt),
    endsAt: utc(row.endsAt),
    status: row.status,
    sequence: row.sequence,
    hostId: row.hostId ?? null,
    brokerId: row.brokerId ?? null,
    registrationId: row.registrationId ?? null,
    createdAt: utc(row.createdAt),
  };
}

function readOutcome<Outcome extends { outcome: string }>(row: unknown): Outcome {
  const answer = row as { outcome: string; tour?: Tour };
  return (answer.tour ? { outcome: answer.outcome, tour: readTour(answer.tour) } : { outcome: answer.outcome }) as Outcome;
}

function readAgendaTour(row: AgendaTour): AgendaTour {
  return { tour: readTour(row.tour), timeZone: row.timeZone, buyer: row.buyer, host: row.host ?? null, broker: row.broker ?? null };
}

/** What a tour notice is about (private.tour_notice), read; null when it is not one (its tour is gone). */
export function readNoticeTour(about: unknown): NoticeTour | null {
  const row = about as (NoticeTour & { tour: Tour | undefined }) | null;
  if (!row?.tour) return null;
  return {
    tour: readTour(row.tour),
    timeZone: row.timeZone,
    buyer: row.buyer,
    host: row.host ?? null,
    hostNow: row.hostNow ?? null,
    broker: row.broker ?? null,
    recipient: row.recipient,
    linkId: row.linkId ?? null,
    live: row.live === true,
  };
}
