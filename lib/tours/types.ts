// Private tours: the shapes the parts agree on. The store keeps settings and tours (supabase/migrations/…_tours.sql,
// lib/store/tours.ts), lib/tours/slots.ts works out the open times from them, and lib/tours/invitation.ts and the
// tour emails are written from a TourNotice. Times are ISO strings in UTC; wall-clock times are the site's zone's.

/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One weekday's opening hours as wall-clock times in the site's zone ("10:00", "17:00"); the last tour ends by `close`. */
export interface OpeningHours {
  open: string;
  close: string;
}

/** What the team sets at /admin/tours. Changes apply to bookings made after them. */
export interface TourSettings {
  /** Per weekday; a day absent (or null) is closed. */
  hours: Partial<Record<Weekday, OpeningHours | null>>;
  /** Length of a tour, minutes (default 90). */
  tourMinutes: number;
  /** Time kept free after each tour, minutes (default 30). */
  bufferMinutes: number;
  /** Tours that may run at once (default 1). */
  capacity: number;
  /** No tour starts sooner than this after booking, hours (default 24). */
  leastNoticeHours: number;
  /** No tour starts later than this many days ahead (default 30). */
  horizonDays: number;
  /** Dates closed whatever the weekday, YYYY-MM-DD in the site's zone. */
  closedDates: string[];
}

export const DEFAULT_TOUR_SETTINGS: TourSettings = {
  hours: Object.fromEntries(([1, 2, 3, 4, 5, 6] as Weekday[]).map((day) => [day, { open: '10:00', close: '17:00' }])) as TourSettings['hours'],
  tourMinutes: 90,
  bufferMinutes: 30,
  capacity: 1,
  leastNoticeHours: 24,
  horizonDays: 30,
  closedDates: [],
};

/** A booked tour's hold on the calendar: from its start to its end plus the buffer. */
export interface BookedSpan {
  startsAt: string;
  /** End of the tour plus the buffer in force when it was booked. */
  blockedUntil: string;
}

/** One time a buyer may choose, and how many places it has left. */
export interface OpenTime {
  startsAt: string;
  endsAt: string;
  placesLeft: number;
}

export type TourStatus = 'booked' | 'cancelled';

/** What the store keeps of a tour. */
export interface Tour {
  id: string;
  /** The buyer's inquiry: the one whose link booked it, or the one a broker's registration met; null for a broker's client who never wrote to us. */
  leadId: string | null;
  startsAt: string;
  endsAt: string;
  status: TourStatus;
  /** Raised on every change (moved, cancelled): the invitation's SEQUENCE. */
  sequence: number;
  hostId: string | null;
  /** The broker account that booked it for a registered client, if one did. */
  brokerId: string | null;
  registrationId: string | null;
  createdAt: string;
}

/** The kinds of tour email, each through the outbox: `tour_released` goes to a host the team replaced, alone. */
export type TourNoticeKind = 'tour_booked' | 'tour_moved' | 'tour_cancelled' | 'tour_reminder' | 'tour_released';

/** What a tour email is about, read when the worker writes it (the tour as it is then). */
export interface TourNotice {
  tour: Tour;
  /** The site's zone the tour's times are shown and invited in. */
  timeZone: string;
  buyer: { name: string; email: string };
  host: { name: string; email: string } | null;
  /** A released host's notice (whose `host` is the host replaced, whom it goes to): who hosts the tour now, if anyone. */
  hostNow?: { name: string; email: string } | null;
  /** When a broker booked it: the invitation goes to them. */
  broker: { name: string; email: string } | null;
  /** The buyer's link to move or cancel (made from the tour's link and the server's key when written, never stored). */
  manageUrl: string | null;
  /** When a broker booked it: the registration's page in the portal, where they move or cancel it (made when written). */
  portalUrl?: string | null;
  /** False once the tour was cancelled or moved after this notice was queued (a reminder is then not sent). */
  live: boolean;
}

/** The team's tour settings as saved: who changed them last, and when (null while the defaults are in force). */
export interface StoredTourSettings extends TourSettings {
  changedAt: string | null;
  changedBy: string | null;
}

/** A tour link as issued: the worker derives its token from the id (lib/tours/links.ts). */
export interface TourLinkIssued {
  id: string;
  leadId: string;
  issuedAt: string;
  expiresAt: string;
}

/** A live tour link, for the booking page: whose it is, its tour still to come and who hosts it. */
export interface TourLink extends TourLinkIssued {
  buyerName: string;
  tour: Tour | null;
  /** The name of its tour's host once the team assigns one; null until then, or with no tour. */
  hostName: string | null;
}

/**
 * A booking's answer: booked (the tour), exists (the link's or registration's tour still to come: move it
 * instead), full (every place at that time is held), dead (the link is not live), invalid (a time not allowed).
 */
export type BookingOutcome =
  | { outcome: 'booked' | 'exists'; tour: Tour }
  | { outcome: 'full' | 'dead' | 'invalid' };

/** A move's or cancellation's answer; not_found: no booked tour still to come that this caller may change. */
export type TourChangeOutcome =
  | { outcome: 'moved' | 'cancelled'; tour: Tour }
  | { outcome: 'full' | 'invalid'; tour: Tour }
  | { outcome: 'dead' | 'not_found' };

export interface TourPerson {
  id: string;
  name: string;
  email: string;
  brokerage: string | null;
}

/** A tour on the team's agenda or a broker's list: with its buyer, host and broker. */
export interface AgendaTour {
  tour: Tour;
  timeZone: string;
  buyer: { name: string; email: string; phone: string | null };
  host: TourPerson | null;
  broker: TourPerson | null;
}

/** What a tour notice is about (private.tour_notice): the TourNotice but its manageUrl, whom it goes to, and the link to make that from. */
export interface NoticeTour extends Omit<TourNotice, 'manageUrl' | 'portalUrl'> {
  /** The sales team's copy goes to LEAD_NOTIFY_TO. */
  recipient: 'buyer' | 'broker' | 'host' | 'team';
  /** The tour's link (a buyer's booking), from which the worker derives the manage link with the server's key. */
  linkId: string | null;
}
