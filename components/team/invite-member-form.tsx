'use client';

import { useActionState } from 'react';
import { inviteMember } from '@/lib/admin/team-actions';
import type { InviteState } from '@/lib/auth/form-state';
import { teamPage } from '@/lib/copy/team';
import styles from './team-roster.module.scss';

const copy = teamPage.invite;
const initial: InviteState = { outcome: null, name: '', values: {}, errors: {}, answerId: '' };

/** An owner invites someone to the team; a refusal keeps what was typed, and says what to change. */
export function InviteMemberForm() {
  const [state, action, pending] = useActionState<InviteState, FormData>(inviteMember, initial);
  const message =
    state.outcome === 'invited'
      ? copy.invited(state.name)
      : state.outcome === 'invitedQuiet'
        ? copy.invitedQuiet(state.name)
        : state.outcome
          ? copy[state.outcome]
          : '';
  const invalid = (name: keyof InviteState['errors']) => (state.errors[name] ? true : undefined);
  return (
    <section aria-labelledby="invite-heading" className={styles.card}>
      <h2 id="invite-heading">{copy.heading}</h2>
      <form id="invite-form" key={state.answerId} action={action} className={styles.invite} aria-busy={pending}>
        <label htmlFor="invite-name">{copy.name}</label>
        <input id="invite-name" name="name" maxLength={80} required autoComplete="off" defaultValue={state.values.name ?? ''} aria-invalid={invalid('name')} />
        <label htmlFor="invite-email">{copy.email}</label>
        <input id="invite-email" name="email" type="email" maxLength={254} required autoComplete="off" defaultValue={state.values.email ?? ''} aria-invalid={invalid('email')} />
        <label htmlFor="invite-role">{copy.role}</label>
        <select id="invite-role" name="role" defaultValue={state.values.role ?? 'member'} aria-invalid={invalid('role')}>
          {Object.entries(teamPage.roles).map(([role, label]) => (
            <option key={role} value={role}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor="invite-phone">{copy.phone}</label>
        <input
          id="invite-phone"
          name="phone"
          type="tel"
          maxLength={40}
          autoComplete="off"
          defaultValue={state.values.phone ?? ''}
          aria-invalid={invalid('phone')}
          aria-describedby="invite-phone-hint"
        />
        <p id="invite-phone-hint" className={styles.quiet}>
          {copy.phoneHint}
        </p>
        <button type="submit" disabled={pending}>
          {pending ? copy.submitting : copy.submit}
        </button>
        <p className={styles.said} role="status" aria-live="polite" data-outcome={state.outcome === 'invited' || state.outcome === 'invitedQuiet' ? 'saved' : 'refused'}>
          {message}
        </p>
      </form>
    </section>
  );
}
