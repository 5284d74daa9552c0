'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { actingAccount } from '@/lib/auth/guard';
import { serverConfig } from '@/lib/config/server';
import { getStore } from '@/lib/store';
import { bookForRegistrationForm, cancelBrokerTourForm, moveBrokerTourForm, type BrokerTourAnswer, type ToursContext } from '@/lib/tours/manage';

// A broker's private tour for a registered client, from the registration's page: plain form posts (no JavaScript
// needed), each sent back to that page with what it came to; the page then shows the tour, or the times again.

const context = (): ToursContext => ({ store: getStore(), now: Date.now, timeZone: serverConfig().timeZone });

/** The account posting, from a page of this site, or sent back to the portal. */
const BROKER = { role: 'signedIn', refusedTo: '/portal', log: 'portal.refused', action: 'tour' } as const;

function backToRegistration({ outcome, registration }: BrokerTourAnswer): never {
  revalidatePath('/portal', 'layout');
  redirect(registration ? `/portal/registrations/${registration}?tour=${outcome}#tour` : '/portal');
}

export async function bookRegistrationTour(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  backToRegistration(await bookForRegistrationForm(context(), actor, formData));
}

export async function cancelRegistrationTour(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  backToRegistration(await cancelBrokerTourForm(context(), actor, formData));
}

export async function moveRegistrationTour(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  backToRegistration(await moveBrokerTourForm(context(), actor, formData));
}
