// Every word of holds and reservations on the pages: the portal's, the lot's page in the back office, a lead's and a
// registration's, the inbox's mark. The emails' words are lib/copy/hold-emails.ts.
import type { ClaimRefusal } from '@/lib/holds/claim-state';
import type { HoldAnswer } from '@/lib/holds/forms';
import type { ClaimStage, ClaimState, LotStanding } from '@/lib/holds/types';

export const standings: Record<LotStanding, string> = {
  available: 'Available',
  on_hold: 'On hold',
  reserved: 'Reserved',
  under_contract: 'Under contract',
  sold: 'Sold',
};

const stages: Record<ClaimStage, string> = { hold: 'Hold', reserved: 'Reservation', under_contract: 'Under contract', sold: 'Sold' };
const states: Record<Exclude<ClaimState, 'active'>, string> = { expired: 'Ended at its time', released: 'Released', cancelled: 'Cancelled' };

export const holdAnswers: Record<HoldAnswer, string> = {
  held: 'The lot is on hold for your client. Every broker now sees it as On hold.',
  released: 'The hold is released: the lot is available again.',
  taken: 'This lot has just been taken by another hold. Please choose another lot.',
  not_available: 'This lot is not available to hold.',
  not_yours: 'That client is not one of your active registrations. Choose a client registered to you.',
  limit: 'You already hold as many lots as one broker may hold at once. Release a hold to place another.',
  not_found: 'That lot or hold is no longer listed.',
  ended: 'That hold has already ended.',
  invalid: 'Choose a lot and a client to hold it for.',
  unavailable: 'The hold could not be placed just now. Please try again in a moment.',
};

export const portalHolds = {
  column: 'Hold',
  forLabel: 'Hold lots for',
  holdWhich: (lot: string) => ` (${lot})`,
  choose: 'Choose a client',
  hold: 'Hold this lot',
  release: 'Release hold',
  yours: (buyer: string, until: string) => `Held for ${buyer} until ${until}`,
  yourReservation: (buyer: string, stage: string) => `${stage} for ${buyer}`,
  noClients: 'Register a client to hold a lot for them.',
  limit: (held: number, limit: number, hours: number) =>
    `You hold ${held} of the ${limit} ${limit === 1 ? 'lot' : 'lots'} a broker may hold at once. A hold lasts ${hours} hours and ends by itself.`,
  planHeading: 'Site plan',
  planCaption: 'Each lot on the plan opens its line in the list below.',
  registrationHeading: 'Holds and reservation',
  registrationNone: 'No lot has been held for this client.',
};

export const claimWords = {
  stage: (stage: ClaimStage) => stages[stage],
  ended: (state: ClaimState) => (state === 'active' ? 'Active' : states[state]),
  facts: {
    lot: 'Lot',
    buyer: 'Buyer',
    broker: 'Broker',
    placedBy: 'Placed by',
    placedAt: 'Placed',
    expiresAt: 'Ends',
    endedAt: 'Ended',
    extended: 'Extended',
    reservedAt: 'Reserved',
    contractAt: 'Under contract',
    soldAt: 'Sold',
    deposit: 'Deposit',
    due: 'Due on',
    received: 'Received on',
    method: 'Paid by',
    note: 'Note',
    cancelReason: 'Why it was cancelled',
  },
  erased: 'Erased on request',
  notReceived: 'Not yet received',
  overdue: 'Overdue',
  extendedWhy: (at: string, reason: string | null) => (reason ? `${at}: ${reason}` : at),
};

export const claimForms = {
  heading: 'Hold and reservation',
  none: 'No hold or reservation on this lot now.',
  history: 'Earlier holds and reservations',
  labels: {
    amount: 'Deposit, US dollars',
    dueOn: 'Due on',
    receivedOn: 'Received on',
    method: 'How it was paid',
    note: 'Note',
    reason: 'Reason',
  },
  hints: {
    amount: 'For example 937,500',
    receivedOn: 'Leave empty until it arrives.',
    reason: 'Up to 500 characters.',
  },
  legends: {
    reserve: 'Turn the hold into a reservation',
    deposit: 'The deposit',
    extend: 'Extend the hold once',
    cancel: 'Cancel the reservation',
  },
  buttons: {
    release: 'Release hold',
    extend: 'Extend hold',
    reserve: 'Reserve with deposit',
    deposit: 'Save deposit',
    under_contract: 'Mark under contract',
    sold: 'Mark sold',
    cancel: 'Cancel reservation',
  },
  working: 'Saving…',
  done: {
    release: 'The hold is released; the holder and the team will be emailed.',
    extend: 'The hold is extended; the holder will be reminded before its new end.',
    reserve: 'The lot is reserved. The broker will be emailed.',
    deposit: 'The deposit is saved.',
    under_contract: 'The reservation is under contract. The broker will be emailed.',
    sold: 'The lot is sold. The broker will be emailed.',
    cancel: 'The reservation is cancelled and the lot is available again.',
  },
  refused: {
    amount: 'Enter the deposit as an amount of US dollars, such as 937,500.',
    due: 'Enter the day the deposit is due.',
    due_past: 'The due day has passed: enter today or a day to come.',
    received: 'The day received cannot be later than today.',
    reason: 'Give a reason, in up to 500 characters.',
    long: 'That text is too long: shorten it and try again.',
    control: 'That text holds characters we cannot keep: retype it and try again.',
    not_found: 'That hold or reservation is no longer listed.',
    not_allowed: 'That step cannot be taken from where the reservation stands.',
    ended: 'That hold or reservation has already ended.',
    extended_before: 'This hold has been extended once already.',
    not_a_hold: 'This is no longer a hold: it has been reserved.',
    invalid: 'That change could not be made. Check the entry and try again.',
    unavailable: 'The change could not be saved just now. Please try again in a moment.',
  } satisfies Record<ClaimRefusal, string>,
};

export const teamHolds = {
  holdHeading: 'Hold a lot',
  holdIntro: (hours: number) => `A hold keeps a lot for this buyer for ${hours} hours; every broker sees it as On hold.`,
  lotLabel: 'Lot',
  chooseLot: 'Choose an available lot',
  place: 'Place hold',
  noLots: 'No lot is available to hold.',
  answers: { ...holdAnswers, held: 'The lot is on hold.', not_yours: 'This registration is not active: a hold needs an active registration.' } as Record<HoldAnswer, string>,
  settings: {
    heading: 'Holds',
    intro: 'How long a hold lasts before it ends by itself, and how many lots one broker may hold at once.',
    hours: 'Hold length, hours',
    limit: 'Lots one broker may hold at once',
    save: 'Save hold settings',
    saved: 'Hold settings saved. They apply to holds placed from now on.',
    invalid: 'Enter a hold length of 1 to 720 hours and a limit of 1 to 50 lots.',
    unavailable: 'The settings could not be saved just now. Please try again in a moment.',
  },
  shape: {
    heading: 'On the site plan',
    label: 'Shape on the plan',
    none: 'Not on the plan',
    save: 'Save shape',
    answers: {
      linked: 'The lot is linked to its shape on the plan.',
      unlinked: 'The lot is no longer on the plan.',
      taken: 'Another lot is linked to that shape. Unlink it first.',
      invalid: 'Choose a shape of the plan.',
      not_found: 'That lot is no longer listed.',
      unavailable: 'The shape could not be saved just now. Please try again in a moment.',
    },
  },
  lotPage: {
    title: (lot: string) => `${lot} · Estates`,
    back: 'All estates',
    open: 'Holds and reservation',
  },
  overdue: {
    heading: 'Deposits overdue',
    line: (lot: string, buyer: string, amount: string, due: string) => `${lot}: ${amount} from ${buyer}, due ${due}`,
  },
  activity: {
    hold_placed: (lot: string | null) => `Hold placed on ${lot ?? 'a lot'}`,
    hold_released: (lot: string | null) => `Hold on ${lot ?? 'a lot'} released`,
    hold_extended: (lot: string | null) => `Hold on ${lot ?? 'a lot'} extended`,
    reserved: (lot: string | null) => `${lot ?? 'A lot'} reserved`,
    deposit_received: (lot: string | null) => `Deposit for ${lot ?? 'a lot'} received`,
    deposit_changed: (lot: string | null) => `Deposit for ${lot ?? 'a lot'} changed`,
    under_contract: (lot: string | null) => `${lot ?? 'A lot'} under contract`,
    sold: (lot: string | null) => `${lot ?? 'A lot'} sold`,
    reservation_cancelled: (lot: string | null) => `Reservation of ${lot ?? 'a lot'} cancelled`,
  },
};
