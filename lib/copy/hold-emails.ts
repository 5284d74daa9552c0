// Every word of the emails about holds and reservations (lib/delivery/hold-emails.ts).
import type { ClaimNoticeKind, ReservationStep } from '@/lib/holds/types';

export const holdEmails = {
  labels: { lot: 'Lot', buyer: 'Buyer', broker: 'Broker', ends: 'Ends', ended: 'Ended', deposit: 'Deposit', due: 'Due on', reason: 'Reason given' },
  /** A buyer whose details were erased on request. */
  erased: 'Your client',
  subject: {
    hold_reminder: (lot: string) => `Your hold on ${lot} ends in 24 hours`,
    hold_ended: (lot: string) => `The hold on ${lot} has ended`,
    deposit_overdue: (lot: string) => `Deposit overdue: ${lot}`,
    reservation_step: {
      reserved: (lot: string) => `${lot} is reserved for your client`,
      under_contract: (lot: string) => `${lot} is under contract`,
      sold: (lot: string) => `${lot} is sold`,
      cancelled: (lot: string) => `The reservation of ${lot} is cancelled`,
    } satisfies Record<ReservationStep, (lot: string) => string>,
  },
  body: {
    hold_reminder: (lot: string, buyer: string, ends: string) =>
      `The hold on ${lot} for ${buyer} ends on ${ends}, and the lot is then available to every broker again. To keep it, ask the sales team to reserve it with a deposit; a hold may be extended once.`,
    expired: (lot: string, buyer: string, ended: string) => `The hold on ${lot} for ${buyer} ended at its time, ${ended}. The lot is available again.`,
    released: (lot: string, buyer: string, ended: string) => `The hold on ${lot} for ${buyer} was released on ${ended}. The lot is available again.`,
    deposit_overdue: (lot: string, buyer: string) => `The deposit for the reservation of ${lot} by ${buyer} has not been recorded as received, and its due day has passed.`,
    reservation_step: {
      reserved: (lot: string, buyer: string) => `We are pleased to confirm that ${lot} is reserved for ${buyer}. The deposit and its due day are below.`,
      under_contract: (lot: string, buyer: string) => `${lot}, reserved for ${buyer}, is now under contract.`,
      sold: (lot: string, buyer: string) => `${lot} is sold to ${buyer}. Thank you for bringing your client to Aldercrest.`,
      cancelled: (lot: string, buyer: string) => `The reservation of ${lot} for ${buyer} is cancelled, and the lot is available again.`,
    } satisfies Record<ReservationStep, (lot: string, buyer: string) => string>,
  },
  open: { portal: 'Open the broker portal', registration: 'Open your client’s registration', lot: 'Open the lot' },
  footer: {
    broker: 'You receive this message as the broker of this client in the Aldercrest Estates broker portal.',
    team: 'Sent to the Aldercrest Estates sales team about a hold or reservation in the back office.',
  },
} as const;

export type HoldEmailKind = ClaimNoticeKind;
