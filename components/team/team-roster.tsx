import { changeMemberRole, removeMember } from '@/lib/admin/team-actions';
import { teamTime } from '@/lib/admin/time';
import { teamPage as copy } from '@/lib/copy/team';
import type { Actor, TeamMember, TeamOverview } from '@/lib/auth/types';
import { Button } from '../shared/button';
import { CardList } from '../shared/card-list';
import { Columns } from '../shared/columns';
import { ConfirmButton } from '../shared/confirm-button';
import { EmailAddress } from '../shared/email-address';
import { EmptyState } from '../shared/empty-state';
import { EventList } from '../shared/event-list';
import { FormField } from '../shared/form-field';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import { SelectOptions } from '../shared/select-options';
import { StatusPill } from '../shared/status-pill';
import { InviteMemberForm } from './invite-member-form';
import styles from './team-roster.module.scss';

interface TeamRosterProps {
  actor: Actor;
  overview: TeamOverview;
  timeZone: string;
  outcome: string | null;
}

/** Where a member stands: joined, or invited until when; last in; passkeys. */
function standing(member: TeamMember, timeZone: string) {
  const joined = member.joinedAt
    ? copy.joined(teamTime(member.joinedAt, timeZone))
    : member.invitedUntil
      ? copy.invitedUntil(teamTime(member.invitedUntil, timeZone))
      : copy.notJoined;
  return [
    member.fixed ? copy.fixed : null,
    joined,
    member.lastSignInAt ? copy.lastSignIn(teamTime(member.lastSignInAt, timeZone)) : null,
    member.passkeys ? copy.passkeys(member.passkeys) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** An owner's means to change a member: their role, or their place on the team, asked and then confirmed. */
function MemberControls({ member }: { member: TeamMember }) {
  return (
    <div className={styles.controls}>
      <form action={changeMemberRole} className={styles.roleForm}>
        <input type="hidden" name="account" value={member.id} />
        <FormField id={`role-${member.id}`} label={copy.role}>
          {(control) => (
            <select {...control} name="role" defaultValue={member.role}>
              <SelectOptions choices={copy.roles} />
            </select>
          )}
        </FormField>
        <Button kind="secondary">{copy.changeRole}</Button>
      </form>
      <ConfirmButton
        action={removeMember}
        fields={{ account: member.id, confirm: 'yes' }}
        ask={copy.remove(member.name)}
        warning={copy.removeWarning}
        confirm={copy.removeNow(member.name)}
      />
    </div>
  );
}

/** A member: name, address, role and standing; for an owner, the means to change them. */
function MemberCard({ member, you, owner, timeZone }: { member: TeamMember; you: boolean; owner: boolean; timeZone: string }) {
  return (
    <>
      <h2 className={styles.name}>
        {member.name}
        {you ? <span className={styles.you}> ({copy.you})</span> : null}
      </h2>
      <p>
        <EmailAddress address={member.email} link={false} />
      </p>
      <p className={styles.facts}>
        <StatusPill tone={member.role === 'owner' ? 'neutral' : 'quiet'} status={member.role}>
          {copy.roles[member.role]}
        </StatusPill>{' '}
        {standing(member, timeZone)}
      </p>
      {owner && !member.fixed ? <MemberControls member={member} /> : null}
    </>
  );
}

/** The sales team: who is on it, in what role, when they were last in; for owners, the means to change it. */
export function TeamRoster({ actor, overview, timeZone, outcome }: TeamRosterProps) {
  const owner = actor.role === 'owner';
  const said = outcome === 'refused' ? copy.refused : outcome ? copy.saved[outcome] : undefined;
  return (
    <PageColumn
      heading={copy.heading}
      intro={copy.intro}
      status={said ? { tone: outcome === 'refused' ? 'error' : 'success', text: said } : null}
    >
      <Columns
        main={
          <CardList
            label={copy.title}
            cards={overview.members.map((member) => ({
              key: member.id,
              content: <MemberCard member={member} you={member.id === actor.id} owner={owner} timeZone={timeZone} />,
            }))}
          />
        }
        side={
          <>
            {owner ? (
              <Panel id="invite" heading={copy.invite.heading}>
                <InviteMemberForm />
              </Panel>
            ) : null}
            <Panel id="team-activity" heading={copy.activity.heading}>
              {overview.activity.length ? (
                <EventList
                  events={overview.activity.map((event, index) => ({
                    key: `${event.at}-${index}`,
                    what: (
                      <>
                        <strong>{event.account}</strong>: {copy.activity[event.action](event.detail)}
                      </>
                    ),
                    byline: (
                      <>
                        {event.actor} · <time dateTime={event.at}>{teamTime(event.at, timeZone)}</time>
                      </>
                    ),
                  }))}
                />
              ) : (
                <EmptyState>{copy.activity.none}</EmptyState>
              )}
            </Panel>
          </>
        }
      />
    </PageColumn>
  );
}
