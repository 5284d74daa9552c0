'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { isSameOrigin } from '@/lib/admin/member';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { getStore } from '@/lib/store';
import { bookForRegistrationForm, cancelBrokerTourForm, moveBrokerTourForm, type BrokerTourAnswer, type ToursContext } from '@/lib/tours/manage';

// A broker's private tour for a registered client, from the registration's page: plain form posts (no JavaScript
// needed), each sent back to that page with what it came to; the page then shows the tour, or the times again.

const context = (): ToursContext => ({ store: getStore(), now: Date.now, timeZone: serverConfig().timeZone });

async function broker() {
  const actor = await requireSignedIn();
  if (!(await isSameOrigin())) {
    logEvent('portal.refused', { action: 'tour', reason: 'cross_origin' }, 'warn');
    redirect('/portal');
  }
  return actor;
}

function backToRegistration({ outcome, registration }: BrokerTourAnswer): never {
  revalidatePath('/portal', 'layout');
  redirect(registration ? `/portal/registrations/${registration}?tour=${outcome}#tour` : '/portal');
}

export async function bookRegistrationTour(formData: FormData): Promise<void> {
  const actor = await broker();
  backToRegistration(await bookForRegistrationForm(context(), actor, formData));
}

export async function cancelRegistrationTour(formData: FormData): Promise<void> {
  const actor = await broker();
  backToRegistration(await cancelBrokerTourForm(context(), actor, formData));
}

export async function moveRegistrationTour(formData: FormData): Promise<void> {
  const actor = await broker();
  backToRegistration(await moveBrokerTourForm(context(), actor, formData));
}
