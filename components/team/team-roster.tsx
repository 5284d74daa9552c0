import { changeMemberRole, removeMember } from '@/lib/admin/team-actions';
import { teamTime } from '@/lib/admin/time';
import { leadPage, teamPage as copy } from '@/lib/copy/team';
import type { Actor, TeamOverview } from '@/lib/auth/types';
import { InviteMemberForm } from './invite-member-form';
import styles from './team-roster.module.scss';

interface TeamRosterProps {
  actor: Actor;
  overview: TeamOverview;
  timeZone: string;
  outcome: string | null;
}

/** The sales team: who is on it, in what role, when they were last in; for owners, the means to change it. */
export function TeamRoster({ actor, overview, timeZone, outcome }: TeamRosterProps) {
  const owner = actor.role === 'owner';
  const said = outcome === 'refused' ? copy.refused : outcome ? copy.saved[outcome] : undefined;
  return (
    <main className={styles.page}>
      <p>
        <a className={styles.back} href="/admin">
          ← {leadPage.back}
        </a>
      </p>
      <h1 className={styles.heading}>{copy.heading}</h1>
      <p className={styles.intro}>{copy.intro}</p>
      <p className={styles.said} role="status" data-outcome={outcome === 'refused' ? 'refused' : 'saved'}>
        {said ?? ''}
      </p>

      <div className={styles.columns}>
        <ul className={styles.members} aria-label={copy.title}>
          {overview.members.map((member) => {
            const you = member.id === actor.id;
            return (
              <li key={member.id} className={styles.member}>
                <h2 className={styles.name}>
                  {member.name}
                  {you ? <span className={styles.you}> ({copy.you})</span> : null}
                </h2>
                <p className={styles.email}>{member.email}</p>
                <p className={styles.facts}>
                  <span className={styles.role} data-role={member.role}>
                    {copy.roles[member.role]}
                  </span>
                  {member.fixed ? ` · ${copy.fixed}` : ''}
                  {' · '}
                  {member.joinedAt
                    ? copy.joined(teamTime(member.joinedAt, timeZone))
                    : member.invitedUntil
                      ? copy.invitedUntil(teamTime(member.invitedUntil, timeZone))
                      : copy.notJoined}
                  {member.lastSignInAt ? ` · ${copy.lastSignIn(teamTime(member.lastSignInAt, timeZone))}` : ''}
                  {member.passkeys ? ` · ${copy.passkeys(member.passkeys)}` : ''}
                </p>
                {owner && !member.fixed ? (
                  <div className={styles.controls}>
                    <form action={changeMemberRole} className={styles.role}>
                      <input type="hidden" name="account" value={member.id} />
                      <label htmlFor={`role-${member.id}`}>{copy.role}</label>
                      <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
                        {Object.entries(copy.roles).map(([role, label]) => (
                          <option key={role} value={role}>
                            {label}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className={styles.secondary}>
                        {copy.changeRole}
                      </button>
                    </form>
                    <details className={styles.remove}>
                      <summary>{copy.remove(member.name)}</summary>
                      <form action={removeMember}>
                        <input type="hidden" name="account" value={member.id} />
                        <input type="hidden" name="confirm" value="yes" />
                        <p>{copy.removeWarning}</p>
                        <button type="submit" className={styles.danger}>
                          {copy.removeNow(member.name)}
                        </button>
                      </form>
                    </details>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>

        <div className={styles.side}>
          {owner ? <InviteMemberForm /> : null}
          <section aria-labelledby="team-activity-heading" className={styles.card}>
            <h2 id="team-activity-heading">{copy.activity.heading}</h2>
            {overview.activity.length ? (
              <ol className={styles.activity}>
                {overview.activity.map((event, index) => (
                  <li key={`${event.at}-${index}`}>
                    <span>
                      <strong>{event.account}</strong>: {copy.activity[event.action](event.detail)}
                    </span>
                    <span className={styles.byline}>
                      {event.actor} · <time dateTime={event.at}>{teamTime(event.at, timeZone)}</time>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.quiet}>{copy.activity.none}</p>
            )}
          </section>
        </div>
      </div>
    </main>
  );
}
