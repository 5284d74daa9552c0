/**
 * The formats a moment is written with for the team, made once per time zone: a format costs far more to make
 * than to use, and pages write a moment per row (the portal's sixty lots made two formats each, 11 ms of its 67 ms on
 * the server).
 */
interface ZoneFormats {
  moment: Intl.DateTimeFormat;
  zone: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
}
const formatsByZone = new Map<string, ZoneFormats>();

function zoneFormats(timeZone: string): ZoneFormats {
  let formats = formatsByZone.get(timeZone);
  if (!formats) {
    // Made before they are kept: an unknown zone throws here, and nothing is kept for it.
    formats = {
      moment: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
      day: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }),
    };
    formatsByZone.set(timeZone, formats);
  }
  return formats;
}

/** A moment as the sales team reads it: date and time in their time zone, with the zone's name. */
export function teamTime(iso: string, timeZone: string): string {
  const { moment, zone } = zoneFormats(timeZone);
  const at = new Date(iso);
  return `${moment.format(at)} ${zone.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? ''}`;
}

/** The day a moment falls on, as the team reads it in their time zone. */
export function teamDay(iso: string, timeZone: string): string {
  return zoneFormats(timeZone).day.format(new Date(iso));
}

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A date (YYYY-MM-DD) as the team reads it. */
export function teamDate(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}
