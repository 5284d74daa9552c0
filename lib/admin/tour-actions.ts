'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { actingAccount } from '@/lib/auth/guard';
import { serverConfig } from '@/lib/config/server';
import { getStore } from '@/lib/store';
import type { AgendaAnswer, TourSettingsFormState } from '@/lib/tours/forms';
import { assignHostForm, cancelTeamTourForm, saveSettingsForm, type ToursContext } from '@/lib/tours/manage';
import { isCalendarDate } from '@/lib/tours/settings';

// The team's private tours at /admin/tours: the settings form (useActionState, with or without JavaScript), and
// the agenda's plain posts (a host, a cancellation), each sent back to the agenda with what it came to.

const PAGE = '/admin/tours';

const context = (): ToursContext => ({ store: getStore(), now: Date.now, timeZone: serverConfig().timeZone });

/** A team member, from a page of this site, or sent back to the agenda. */
const TEAM = { role: 'team', refusedTo: PAGE, log: 'tours.refused' } as const;

export async function saveTourSettingsForm(_previous: TourSettingsFormState, formData: FormData): Promise<TourSettingsFormState> {
  const actor = await actingAccount(TEAM);
  const answer = await saveSettingsForm(context(), actor, formData);
  // The answer is the form's (a redirect would leave an earlier refusal in its state); the page around it is read again.
  if (answer.outcome === 'saved') revalidatePath(PAGE);
  return answer;
}

/** Back to the agenda's days it was sent from, saying what the change came to, at the tour when it is still listed. */
function backToAgenda(formData: FormData, answer: AgendaAnswer): never {
  const from = formData.get('from');
  const query = new URLSearchParams();
  if (typeof from === 'string' && isCalendarDate(from)) query.set('from', from);
  if ('saved' in answer) query.set('saved', answer.saved);
  else query.set('refused', answer.refused);
  const tour = formData.get('tour');
  const anchor = 'saved' in answer && answer.saved !== 'cancelled' && typeof tour === 'string' && /^[0-9a-f-]{36}$/i.test(tour) ? `#tour-${tour}` : '#agenda';
  revalidatePath(PAGE);
  redirect(`${PAGE}?${query}${anchor}`);
}

export async function assignTourHost(formData: FormData): Promise<void> {
  const actor = await actingAccount(TEAM);
  backToAgenda(formData, await assignHostForm(context(), actor, formData));
}

export async function cancelTeamTour(formData: FormData): Promise<void> {
  const actor = await actingAccount(TEAM);
  backToAgenda(formData, await cancelTeamTourForm(context(), actor, formData));
}
