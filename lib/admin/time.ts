/** A moment as the sales team reads it: date and time in their time zone, with the zone's name. */
export function teamTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone, timeZoneName: undefined }).format(new Date(iso)) + ` ${zoneName(iso, timeZone)}`;
}

function zoneName(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** A date (YYYY-MM-DD) as the team reads it. */
export function teamDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
