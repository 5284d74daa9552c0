// Every word of the emails about holds and reservations (lib/delivery/hold-emails.ts). Lots, buyers and times arrive
// already written out: a time in the site's zone with the zone named, an amount in US dollars, a day as the team reads it.
import type { ReservationStep } from '@/lib/holds/types';

/** Who reads it: the broker whose client it is, the member of the team who placed the hold, or the sales team. */
export type HoldAudience = 'broker' | 'member' | 'team';

export const holdEmails = {
  labels: {
    lot: 'Lot',
    client: 'Client',
    buyer: 'Buyer',
    broker: 'Broker',
    placedBy: 'Held by',
    ends: 'Hold ends',
    ended: 'Ended',
    released: 'Released',
    deposit: 'Deposit',
    due: 'Due on',
    received: 'Received on',
    reason: 'Reason given',
  },
  /** A buyer whose details were erased on request: in a sentence, and as a fact. */
  erased: { broker: 'your client', member: 'a buyer whose details were erased', team: 'a buyer whose details were erased', fact: 'Details erased on request' },
  hold_reminder: {
    subject: (lot: string) => `Your hold on ${lot} ends in 24 hours`,
    ends: (lot: string, buyer: string, ends: string) => `The hold on ${lot} for ${buyer} ends on ${ends}. The lot is then open to every broker again.`,
    keep: {
      broker: 'Should your client need a little more time, our sales team can extend the hold once. To secure the lot, they can reserve it with a deposit.',
      member: 'You may extend it once, with a reason, or reserve the lot with a deposit, on the lot’s page.',
    },
    keepExtended: {
      broker: 'This hold has already been extended once. To secure the lot for your client, our sales team can reserve it with a deposit.',
      member: 'This hold has already been extended once. To keep the lot, reserve it with a deposit on the lot’s page.',
    },
  },
  hold_ended: {
    subject: (lot: string) => `The hold on ${lot} has ended`,
    heading: 'A hold has ended',
    expired: (lot: string, buyer: string, ended: string) => `The hold on ${lot} for ${buyer} ended at its time, ${ended}, and the lot is available again.`,
    // Who released it is not kept with the claim: the email says only that it was.
    released: (lot: string, buyer: string, ended: string) => `The hold on ${lot} for ${buyer} was released on ${ended}, and the lot is available again.`,
    again: 'Should your client wish to hold it again, you may place a new hold from the broker portal while the lot remains available.',
  },
  reservation_step: {
    subject: {
      reserved: (lot: string) => `${lot} is reserved for your client`,
      under_contract: (lot: string) => `${lot} is under contract`,
      sold: (lot: string) => `${lot} is sold`,
      cancelled: (lot: string) => `The reservation of ${lot} is cancelled`,
    } satisfies Record<ReservationStep, (lot: string) => string>,
    body: {
      reserved: (lot: string, buyer: string) => `We are pleased to confirm that ${lot} is reserved for ${buyer}. The deposit and the day it is due are below.`,
      under_contract: (lot: string, buyer: string) => `We are pleased to let you know that ${lot}, reserved for ${buyer}, is now under contract.`,
      sold: (lot: string, buyer: string) => `${lot} is sold to ${buyer}. Our congratulations to your client, and our thanks for bringing them to Aldercrest Estates.`,
      cancelled: (lot: string, buyer: string) => `The reservation of ${lot} for ${buyer} is cancelled, and the lot is available again.`,
    } satisfies Record<ReservationStep, (lot: string, buyer: string) => string>,
  },
  deposit_overdue: {
    subject: (lot: string) => `Deposit overdue: ${lot}`,
    heading: 'A deposit is overdue',
    body: (lot: string, buyer: string, due: string) => `The deposit for ${lot}, reserved for ${buyer}, was due on ${due} and has not been recorded as received.`,
    next: 'Once it arrives, record it on the lot’s page. This is the only reminder sent for it.',
  },
  open: { portal: 'Open the broker portal', registration: 'Open the registration', lot: 'Open the lot' },
  footer: {
    broker: 'You receive this message as the broker of this client in the Aldercrest Estates broker portal.',
    member: 'You receive this message because you placed this hold in the Aldercrest Estates back office.',
    team: 'Sent by the Aldercrest Estates website to the sales team when a hold ends or a deposit is overdue.',
  } satisfies Record<HoldAudience, string>,
} as const;
