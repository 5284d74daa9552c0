'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actingAccount } from '@/lib/auth/guard';
import { serverConfig } from '@/lib/config/server';
import { getStore } from '@/lib/store';
import { dayIn } from '@/lib/tours/calendar';
import { bookForRegistrationForm, cancelBrokerTourForm, moveBrokerTourForm, type BrokerTourAnswer, type ToursContext } from '@/lib/tours/manage';

// A broker's private tour for a registered client, from the registration's page: plain form posts (no JavaScript
// needed), each sent back to that page with what it came to; the page then shows the tour, or the times again.

const context = (): ToursContext => ({ store: getStore(), now: Date.now, timeZone: serverConfig().timeZone });

/** The account posting, from a page of this site, or sent back to the portal. */
const BROKER = { role: 'signedIn', refusedTo: '/portal', log: 'portal.refused', action: 'tour' } as const;

/** Outcomes after which the page shows the tour itself rather than the times. */
const SETTLED = new Set<BrokerTourAnswer['outcome']>(['booked', 'moved', 'cancelled']);

/** The day of the time a form posted, in the site's zone: where a refused broker is shown the times again. */
function dayPosted(formData: FormData): string | null {
  const startsAt = z.iso.datetime({ offset: true }).safeParse(formData.get('startsAt'));
  return startsAt.success ? dayIn(startsAt.data, serverConfig().timeZone) : null;
}

function backToRegistration({ outcome, registration }: BrokerTourAnswer, formData: FormData): never {
  revalidatePath('/portal', 'layout');
  if (!registration) redirect('/portal');
  const day = SETTLED.has(outcome) ? null : dayPosted(formData);
  redirect(`/portal/registrations/${registration}?tour=${outcome}${day ? `&day=${day}` : ''}#tour`);
}

export async function bookRegistrationTour(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  backToRegistration(await bookForRegistrationForm(context(), actor, formData), formData);
}

export async function cancelRegistrationTour(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  backToRegistration(await cancelBrokerTourForm(context(), actor, formData), formData);
}

export async function moveRegistrationTour(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  backToRegistration(await moveBrokerTourForm(context(), actor, formData), formData);
}
