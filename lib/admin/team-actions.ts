'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { InviteState } from '@/lib/auth/form-state';
import { actingAccount } from '@/lib/auth/guard';
import { authContext } from '@/lib/auth/session';
import { logInvitation, newInvitation } from '@/lib/auth/sign-in';
import { normalizeEmail } from '@/lib/auth/tokens';
import { deliveryWorker } from '@/lib/delivery';
import { formTexts, parseFields } from '@/lib/form-fields';
import { logEvent } from '@/lib/log';
import { recordId } from '@/lib/query-params';
import { isStoreError } from '@/lib/store';

// The team's management, for owners alone: the store refuses anyone else too (42501), whatever reached it.

const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const inviteSchema = z.object({
  name: z
    .string()
    .transform((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1).max(80).regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u)),
  email: z.string().trim().max(254).pipe(z.email()).transform(normalizeEmail),
  role: z.enum(['owner', 'member']),
  phone: z
    .string()
    .trim()
    .max(40)
    .refine((value) => !CONTROL.test(value) && /^[\d\s()+.\-x]*$/i.test(value))
    .transform((value) => value || null),
});

/** An owner, from a page of this site, or sent back to the team's page. */
const OWNER = { role: 'owner', refusedTo: '/admin/team', log: 'inbox.refused' } as const;

export async function inviteMember(_previous: InviteState, formData: FormData): Promise<InviteState> {
  const actor = await actingAccount(OWNER);
  const values = formTexts(formData, ['name', 'email', 'role', 'phone'], 400);
  const answer = (outcome: InviteState['outcome'], errors: InviteState['errors'] = {}, name = ''): InviteState => ({
    outcome,
    name,
    values: outcome === 'invited' || outcome === 'invitedQuiet' ? {} : values,
    errors,
    answerId: crypto.randomUUID(),
  });
  const parsed = parseFields(inviteSchema, values);
  if (!parsed.success) {
    logEvent('team.refused', { action: 'invite', reason: 'invalid' }, 'warn');
    return answer('refused', Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true])));
  }
  const context = authContext();
  const { invitation, link } = newInvitation(context);
  try {
    const outcome = await context.store.inviteMember(actor, parsed.data, invitation, new Date(context.now()), context.mail);
    logEvent('team.invited', { outcome, role: parsed.data.role });
    if (outcome !== 'invited') return answer(outcome, { email: true });
    logInvitation(context, link, 'team');
    if (context.mail) deliveryWorker().wake();
    // The roster beside the form shows them at once.
    revalidatePath('/admin/team');
    return answer(context.mail ? 'invited' : 'invitedQuiet', {}, parsed.data.name);
  } catch (error) {
    if (!isStoreError(error)) throw error;
    logEvent('team.unavailable', { reason: error.reason, code: error.code }, 'error');
    return answer('unavailable');
  }
}

const memberChange = z.object({ account: recordId, role: z.enum(['owner', 'member']) });

export async function changeMemberRole(formData: FormData): Promise<void> {
  const actor = await actingAccount(OWNER);
  const parsed = memberChange.safeParse({ account: formData.get('account'), role: formData.get('role') });
  const changed = parsed.success && (await authContext().store.changeRole(actor, parsed.data.account, parsed.data.role, new Date()));
  logEvent('team.role_changed', { changed });
  redirect(changed ? '/admin/team?saved=role' : '/admin/team?refused');
}

export async function removeMember(formData: FormData): Promise<void> {
  const actor = await actingAccount(OWNER);
  const parsed = z.object({ account: recordId, confirm: z.literal('yes') }).safeParse({ account: formData.get('account'), confirm: formData.get('confirm') });
  const removed = parsed.success && (await authContext().store.removeMember(actor, parsed.data.account, new Date()));
  logEvent('team.removed', { removed });
  redirect(removed ? '/admin/team?saved=removed' : '/admin/team?refused');
}
