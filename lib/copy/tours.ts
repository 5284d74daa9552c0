// The buyer's tour pages, and the tour invitation's words.

/**
 * The buyer's tour page, /tour/<token>, from the link in their receipt and tour emails: choose a time, see the
 * tour booked, move or cancel it. Each refusal says what to do next; none blames the buyer.
 */
export const tourPage = {
  title: 'Your private tour',
  eyebrow: 'Private tour',
  choose: {
    heading: 'Choose a time for your private tour',
    intro: (name: string) => `${name}, choose the time that suits you best. A member of our sales team will welcome you at the estate.`,
    length: (minutes: number) => `Each tour lasts about ${minutes} minutes.`,
    legend: 'Open times',
    calendar: 'Days with open times',
    weekdays: [
      ['Mon', 'Monday'],
      ['Tue', 'Tuesday'],
      ['Wed', 'Wednesday'],
      ['Thu', 'Thursday'],
      ['Fri', 'Friday'],
      ['Sat', 'Saturday'],
      ['Sun', 'Sunday'],
    ],
    day: (label: string, times: number) => `${label}, ${times === 1 ? '1 open time' : `${times} open times`}`,
    otherMonth: (month: string) => `Open days in ${month}`,
    zone: (zone: string) => `All times are ${zone}.`,
    places: (count: number) => (count === 1 ? '1 place left' : `${count} places left`),
    confirm: 'Confirm this time',
    none: 'There is no open time in the coming weeks just now. Please write to us and we will find one with you.',
  },
  move: {
    heading: 'Choose a new time',
    intro: 'Your tour is booked for the time below. Choose another and confirm to move it.',
    current: 'Booked now',
    confirm: 'Move to this time',
    keep: 'Keep my current time',
  },
  cancel: {
    heading: 'Cancel your tour?',
    intro: 'Your tour is booked for the time below. Cancelling frees the time for someone else, and this link will no longer open.',
    confirm: 'Cancel my tour',
    keep: 'Keep my tour',
  },
  booked: {
    heading: 'Your private tour is booked',
    seen: 'Your private tour',
    intro: 'We look forward to welcoming you. An email with the invitation for your calendar is on its way.',
    moved: 'Your tour has moved to its new time. An email with the updated invitation is on its way.',
    already: 'This link has booked your tour already: here it is. You can move it or cancel it below.',
    when: 'When',
    where: 'Where',
    withWhom: 'With',
    anyHost: 'A member of our sales team',
    move: 'Move my tour',
    cancel: 'Cancel my tour',
    keepLink: 'Keep this page’s address, or the email, to move or cancel your tour later.',
  },
  cancelled: {
    title: 'Tour cancelled',
    heading: 'Your tour is cancelled',
    body: 'Your private tour is cancelled, and an email saying so is on its way. We hope to welcome you another time.',
    again: 'To arrange another tour, write to us through the inquiry form.',
    home: 'Write to us',
  },
  dead: {
    title: 'Link no longer open',
    heading: 'This tour link is no longer open',
    body: 'It may have expired (a link is open for 30 days), its tour may have been cancelled, or the address may be incomplete.',
    again: 'Write to us through the inquiry form and our sales team will arrange a time with you.',
    home: 'Write to us',
  },
  notices: {
    missing: 'Please choose one of the times below, then confirm.',
    invalid: 'That time is not one we can offer. Please choose one of the times below.',
    too_soon: 'That time is now too soon to arrange. Please choose a later one.',
    full: 'The time you chose has just gone: someone booked it a moment ago. Please choose another time below.',
    busy: 'Too many requests have come from your connection in a short time. Please wait a few minutes, then try again.',
    error: 'We could not save your choice just now. Nothing has changed. Please try again in a moment.',
    same: 'That is the time your tour is booked for already. Choose another time to move it.',
  },
} as const;

/**
 * Private tours: the invitation's words; what the settings form says when it refuses a field, and why a chosen
 * time is not open. The place is where TOUR_LOCATION does not say otherwise: the estate's sales gallery, named
 * without a street address, which the deployment sets.
 */
export const tours = {
  organizer: 'Aldercrest Estates sales team',
  summary: 'Private tour of Aldercrest Estates',
  description: {
    guest: (host: string | null) => `Your private tour of Aldercrest Estates${host ? ` with ${host}` : ''}.`,
    manage: 'To move or cancel it',
    host: (buyer: string) => `Private tour for ${buyer}.`,
    lead: 'The lead in the inbox',
    agenda: 'The tours agenda',
  },
  weekdays: { 1: 'Mondays', 2: 'Tuesdays', 3: 'Wednesdays', 4: 'Thursdays', 5: 'Fridays', 6: 'Saturdays', 7: 'Sundays' },
  settings: {
    time: 'Please give a time as HH:MM, such as 10:00.',
    bothTimes: (days: string) => `Give both opening and closing times, or leave both blank to close on ${days}.`,
    closeAfterOpen: 'Closing must be later than opening.',
    tourFits: (minutes: number, open: string, close: string) => `A ${minutes}-minute tour does not fit between ${open} and ${close}.`,
    tourMinutes: 'The tour length must be a whole number of minutes from 30 to 240.',
    bufferMinutes: 'The time between tours must be a whole number of minutes from 0 to 120.',
    capacity: 'Tours at once must be a whole number from 1 to 10.',
    leastNoticeHours: 'The least notice must be a whole number of hours from 0 to 336 (two weeks).',
    horizonDays: 'How far ahead must be a whole number of days from 1 to 180.',
    closedDate: (value: string) => `“${value}” is not a date: write each closed date as YYYY-MM-DD, such as 2027-12-25.`,
    closedDatesMany: (count: number) => `That is ${count} closed dates: at most 366 fit. Please remove past ones.`,
    unstorable: 'This holds a character that cannot be kept. Please type it again.',
  },
  /** Why a chosen time cannot be booked (lib/tours/slots.ts checkOpenTime). */
  closed: {
    invalid: 'Please choose a time from the list.',
    not_offered: 'That time is not one we offer. Please choose a time from the list.',
    too_soon: 'That time is now too soon to arrange. Please choose a later one.',
    too_far: 'That time is further ahead than we book. Please choose an earlier one.',
    full: 'That time has just been taken. Please choose another.',
  },
  zoneNote: (zone: string) => `Times are ${zone}.`,
} as const;
