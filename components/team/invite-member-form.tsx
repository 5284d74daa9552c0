'use client';

import { useActionState } from 'react';
import { inviteMember } from '@/lib/admin/team-actions';
import type { InviteState } from '@/lib/auth/form-state';
import { teamPage } from '@/lib/copy/team';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import { SelectOptions } from '../shared/select-options';
import { StatusSentence } from '../shared/status-sentence';
import styles from './invite-member-form.module.scss';

const copy = teamPage.invite;
const initial: InviteState = { outcome: null, name: '', values: {}, errors: {}, answerId: '' };

/** What the answer says, in a sentence. */
function answerOf(state: InviteState): string {
  if (state.outcome === 'invited') return copy.invited(state.name);
  if (state.outcome === 'invitedQuiet') return copy.invitedQuiet(state.name);
  return state.outcome ? copy[state.outcome] : '';
}

/** An owner invites someone to the team; a refusal keeps what was typed, marks the fields at fault and says what to change. */
export function InviteMemberForm() {
  const [state, action, pending] = useActionState<InviteState, FormData>(inviteMember, initial);
  const invited = state.outcome === 'invited' || state.outcome === 'invitedQuiet';
  // A field at fault is marked, and described by the sentence that says what to change.
  const fault = (name: keyof InviteState['errors']) => (state.errors[name] ? { invalid: true, describedBy: 'invite-said' } : {});
  return (
    <form id="invite-form" key={state.answerId} action={action} className={styles.form} aria-busy={pending}>
      <FormField id="invite-name" label={copy.name} {...fault('name')}>
        {(control) => <input {...control} name="name" maxLength={80} required autoComplete="off" defaultValue={state.values.name ?? ''} />}
      </FormField>
      <FormField id="invite-email" label={copy.email} {...fault('email')}>
        {(control) => <input {...control} name="email" type="email" maxLength={254} required autoComplete="off" defaultValue={state.values.email ?? ''} />}
      </FormField>
      <FormField id="invite-role" label={copy.role} {...fault('role')}>
        {(control) => (
          <select {...control} name="role" defaultValue={state.values.role ?? 'member'}>
            <SelectOptions choices={teamPage.roles} />
          </select>
        )}
      </FormField>
      <FormField id="invite-phone" label={copy.phone} hint={copy.phoneHint} {...fault('phone')}>
        {(control) => <input {...control} name="phone" type="tel" maxLength={40} autoComplete="off" defaultValue={state.values.phone ?? ''} />}
      </FormField>
      <Button disabled={pending}>{pending ? copy.submitting : copy.submit}</Button>
      <StatusSentence id="invite-said" tone={invited ? 'success' : 'error'}>
        {answerOf(state)}
      </StatusSentence>
    </form>
  );
}
