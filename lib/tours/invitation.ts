import 'server-only';
// ical-generator rather than `ics`: it writes METHOD (REQUEST, CANCEL: what makes a calendar treat the file as an
// invitation and its update or withdrawal), SEQUENCE, and, with @touch4it/ical-timezones as its generator, a
// VTIMEZONE for the zone DTSTART and DTEND are written in, so a calendar shows the tour at the site's wall-clock time
// across daylight-saving changes rather than at a fixed UTC offset.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DateTime } from 'luxon';
import { tours } from '@/lib/copy/tours';
import type { TourNotice } from './types';

export type InvitationMethod = 'REQUEST' | 'CANCEL';

export interface InvitationOptions {
  /** The sales team, who organise every tour and receive the replies: MAIL_FROM (see tourOrganizer). */
  organizer: { name: string; email: string };
  /** Where the tour takes place (TOUR_LOCATION). */
  location: string;
  /** The site's host name: a tour's UID is `tour-<id>@<siteHost>`, the same in every invitation of it. */
  siteHost: string;
  /**
   * The host's copy: the description names the buyer and links the lead in the inbox, and leaves out the buyer's own
   * link to move or cancel.
   */
  inboxUrl?: string;
}

/** The sales team as the organiser of a tour: the sending address, and its display name or the team's. */
export function tourOrganizer(from: { name: string; address: string }): { name: string; email: string } {
  return { name: from.name.trim() || tours.organizer, email: from.address };
}

/** Who a tour's invitation and the guest's emails go to: the broker who booked it, or else the buyer. */
export function tourGuest(notice: Pick<TourNotice, 'buyer' | 'broker'>): { name: string; email: string } {
  return notice.broker ?? notice.buyer;
}

/**
 * A name as a CN parameter carries it: a parameter value cannot hold a double quote or a control character
 * (RFC 5545 3.1), and ical-generator's backslash before a quote is not an escape calendar readers know.
 */
function parameterText(name: string): string {
  return name.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').replace(/"/g, "'").trim() || '-';
}

/** The tour's start or end as a wall-clock time in the zone, which ical-generator writes with TZID=<zone>. */
function inZone(iso: string, timeZone: string): DateTime {
  const time = DateTime.fromISO(iso, { zone: 'utc' }).setZone(timeZone);
  if (!time.isValid) throw new RangeError(`not a time in a known zone: ${time.invalidReason ?? 'invalid'}`);
  return time;
}

/**
 * The calendar invitation of a tour (RFC 5545 text, CRLF lines): METHOD:REQUEST for a booked or moved tour, CANCEL to
 * withdraw it. Every invitation of a tour has the same UID and carries the tour's SEQUENCE, raised by the store on
 * each change, so a calendar replaces the event it has rather than adding another. DTSTART and DTEND are wall-clock
 * times with TZID of the site's zone, whose VTIMEZONE is in the file; a zone with no VTIMEZONE known is written in UTC.
 */
export function tourInvitation(notice: TourNotice, method: InvitationMethod, options: InvitationOptions): string {
  const { tour, timeZone } = notice;
  const zoned = getVtimezoneComponent(timeZone) !== null;
  const calendar = ical({
    prodId: { company: 'Aldercrest Estates', product: 'Private tours', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No calendar-wide zone (it would write DTSTAMP as a floating time, and X-WR-TIMEZONE): the event's zone alone,
  // with the generator that writes its VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });

  const guest = tourGuest(notice);
  const description = options.inboxUrl
    ? [tours.description.host(notice.buyer.name), `${tour.leadId ? tours.description.lead : tours.description.agenda}: ${options.inboxUrl}`]
    : [tours.description.guest(notice.host?.name ?? null), ...(notice.manageUrl && method === 'REQUEST' ? [`${tours.description.manage}: ${notice.manageUrl}`] : [])];

  const event = calendar.createEvent({
    id: `tour-${tour.id}@${options.siteHost}`,
    sequence: tour.sequence,
    // DTSTAMP: when this invitation was written, in UTC.
    stamp: DateTime.utc(),
    start: zoned ? inZone(tour.startsAt, timeZone) : DateTime.fromISO(tour.startsAt, { zone: 'utc' }),
    end: zoned ? inZone(tour.endsAt, timeZone) : DateTime.fromISO(tour.endsAt, { zone: 'utc' }),
    timezone: zoned ? timeZone : null,
    summary: tours.summary,
    location: options.location,
    description: description.join('\n'),
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parameterText(options.organizer.name), email: options.organizer.email },
  });
  event.createAttendee({
    name: parameterText(guest.name),
    email: guest.email,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.NEEDSACTION,
    rsvp: method === 'REQUEST',
  });
  return calendar.toString();
}
