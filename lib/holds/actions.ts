'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { actingAccount } from '@/lib/auth/guard';
import { serverConfig } from '@/lib/config/server';
import { getStore } from '@/lib/store';
import type { ClaimFormState } from './claim-state';
import { readId } from '@/lib/query-params';
import { typedInAddress } from './forms';
import { changeClaimForm, linkShapeForm, placeHoldForm, releaseHoldForm, saveHoldSettingsForm, type HoldsContext } from './manage';
import { isPlanShape } from './site-plan';

// Holds and reservations: a broker's from the portal, the team's from a lead, a registration and the lot's page. Plain
// posts go back to the page they came from saying what they came to; the lot page's forms keep their values (useActionState).

const context = (): HoldsContext => ({ store: getStore(), now: Date.now, timeZone: serverConfig().timeZone });

const BROKER = { role: 'signedIn', refusedTo: '/portal', log: 'portal.refused', action: 'hold' } as const;
const TEAM = { role: 'team', refusedTo: '/admin/estates', log: 'holds.refused' } as const;

/** The client chosen, kept for the form: for the next lot once one is held, or to try again when a hold was refused. */
const chosen = (formData: FormData) => {
  const registration = readId(formData.get('registration'));
  return registration ? `&for=${registration}` : '';
};

export async function placeBrokerHold(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  const { answer, estateId } = await placeHoldForm(context(), actor, formData);
  revalidatePath('/portal', 'layout');
  redirect(estateId ? `/portal?hold=${answer}&lot=${estateId}${chosen(formData)}#lot-${estateId}` : `/portal?hold=${answer}${chosen(formData)}#availability`);
}

export async function releaseBrokerHold(formData: FormData): Promise<void> {
  const actor = await actingAccount(BROKER);
  const answer = await releaseHoldForm(context(), actor, formData);
  revalidatePath('/portal', 'layout');
  redirect(`/portal?hold=${answer}#availability`);
}

/** The team's hold from a lead's or a registration's page: to the lot's page once placed, else back there saying why. */
export async function placeTeamHold(formData: FormData): Promise<void> {
  const actor = await actingAccount(TEAM);
  const { answer, estateId } = await placeHoldForm(context(), actor, formData);
  revalidatePath('/admin', 'layout');
  if (answer === 'held' && estateId) redirect(`/admin/estates/${estateId}?hold=held#claim`);
  const lead = readId(formData.get('lead'));
  const registration = readId(formData.get('registration'));
  const back = lead ? `/admin/leads/${lead}` : registration ? `/admin/registrations/${registration}` : '/admin/estates';
  redirect(`${back}?hold=${answer}${estateId ? `&lot=${estateId}` : ''}#hold`);
}

export async function changeClaim(_previous: ClaimFormState, formData: FormData): Promise<ClaimFormState> {
  const actor = await actingAccount(TEAM);
  const state = await changeClaimForm(context(), actor, formData);
  if (state.outcome === 'done') revalidatePath('/admin', 'layout');
  return state;
}

export async function saveHoldSettings(formData: FormData): Promise<void> {
  const actor = await actingAccount(TEAM);
  const answer = await saveHoldSettingsForm(context(), actor, formData);
  revalidatePath('/admin/estates');
  const kept = answer === 'saved' ? '' : `&holdHours=${typedInAddress(formData.get('holdHours'), 8)}&brokerLimit=${typedInAddress(formData.get('brokerLimit'), 8)}`;
  redirect(`/admin/estates?settings=${answer}${kept}#hold-settings`);
}

export async function linkEstateShape(formData: FormData): Promise<void> {
  const actor = await actingAccount(TEAM);
  const { answer, estateId } = await linkShapeForm(context(), actor, formData, isPlanShape);
  revalidatePath('/admin', 'layout');
  redirect(estateId ? `/admin/estates/${estateId}?shape=${answer}#plan-shape` : `/admin/estates?shape=${answer}`);
}
