import { addLeadNote, changeBrokerAccess, changeLeadWork, decideBrokerRequest, resendLeadNotice } from '@/lib/admin/actions';
import { historyLine } from '@/lib/admin/history';
import { teamTime } from '@/lib/admin/time';
import { inbox, leadPage, teamPage } from '@/lib/copy/team';
import { registrationsPage } from '@/lib/copy/team-brokers';
import { CONTEXT_FIELDS, LEAD_FORMS, type FieldDefinition } from '@/lib/leads/forms';
import type { LeadDetail as Detail } from '@/lib/leads/types';
import type { NoticeState } from '@/lib/delivery/types';
import type { TeamRegistration } from '@/lib/portal/types';
import { DeliveryState } from './delivery-state';
import { OverdueMark } from './overdue-mark';
import { RegistrationStatusBadge } from './registrations-list';
import styles from './lead-detail.module.scss';

interface LeadDetailProps {
  detail: Detail;
  notices: NoticeState[];
  salesTeam: string[];
  timeZone: string;
  /** The time the page is drawn at (an ISO string), which says whether a broker request is overdue. */
  now: string;
  /** What the last change did, to say so: a `saved` key of the content, or `refused`. */
  outcome: string | null;
  /** Brokers' registrations of this buyer (a prospect inquiry's), newest first. */
  registrations?: TeamRegistration[];
}

/** One lead, everything about it, and the team's work on it: status, owner, follow-up, notes, decision, delivery, history. */
export function LeadDetail({ detail, notices, salesTeam, timeZone, now, outcome, registrations = [] }: LeadDetailProps) {
  const { form, lead, notes, activity, access } = detail;
  const values = lead as unknown as Record<string, string | null>;
  const labels: Record<string, string> = inbox.forms[form].fieldLabels;
  const fields: readonly FieldDefinition[] = LEAD_FORMS[form].fields;
  const statuses: readonly string[] = LEAD_FORMS[form].statuses;
  const source = CONTEXT_FIELDS.filter((field) => values[field.name]);
  const said = outcome === 'refused' ? leadPage.refused : outcome ? leadPage.saved[outcome] : undefined;
  const idField = <input type="hidden" name="id" value={lead.id} />;

  return (
    <main className={styles.page}>
      <p>
        <a className={styles.back} href={`/admin?form=${form}`}>
          ← {leadPage.back}
        </a>
      </p>
      <header className={styles.header}>
        <p className={styles.form}>{inbox.forms[form].one}</p>
        <h1 className={styles.name}>{lead.full_name}</h1>
        <p className={styles.received}>
          {inbox.received} <time dateTime={lead.created_at}>{teamTime(lead.created_at, timeZone)}</time> ·{' '}
          <span className={styles.status} data-status={lead.status}>
            {inbox.statuses[lead.status] ?? lead.status}
          </span>
        </p>
        {form === 'broker' ? <OverdueMark lead={lead} now={now} className={styles.overdue} /> : null}
      </header>
      <p className={styles.said} role="status" data-outcome={outcome === 'refused' ? 'refused' : 'saved'}>
        {said ?? ''}
      </p>

      <div className={styles.columns}>
        <div className={styles.column}>
          <section aria-labelledby="details-heading" className={styles.section}>
            <h2 id="details-heading">{leadPage.details}</h2>
            <dl className={styles.fields}>
              {fields
                .filter((field) => values[field.name])
                .map((field) => {
                  const value = values[field.name]!;
                  return (
                    <div key={field.name} className={field.type === 'textarea' ? styles.wide : undefined}>
                      <dt>{labels[field.name]}</dt>
                      <dd>
                        {field.type === 'email' ? (
                          <a href={`mailto:${value}`}>{value}</a>
                        ) : field.type === 'tel' ? (
                          <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>
                        ) : (
                          value
                        )}
                      </dd>
                    </div>
                  );
                })}
            </dl>
          </section>

          {/* Right after the buyer's details: a broker may claim them as a client. */}
          {registrations.length ? (
            <section aria-labelledby="registrations-heading" className={styles.section} id="registrations">
              <h2 id="registrations-heading">{registrationsPage.leadSection.heading}</h2>
              <p className={styles.quiet}>{registrationsPage.leadSection.intro}</p>
              <ul className={styles.registrations}>
                {registrations.map((registration) => (
                  <li key={registration.id}>
                    <a href={`/admin/registrations/${registration.id}`}>
                      {registrationsPage.leadSection.line(registration.broker.name, registration.broker.brokerage)}
                    </a>{' '}
                    <RegistrationStatusBadge registration={registration} now={new Date(now)} />
                    <span className={styles.byline}>
                      {registrationsPage.leadSection.as(registration.fullName)}{' '}
                      <time dateTime={registration.createdAt}>{teamTime(registration.createdAt, timeZone)}</time>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="source-heading" className={styles.section}>
            <h2 id="source-heading">{leadPage.source}</h2>
            {source.length ? (
              <dl className={styles.fields}>
                {source.map((field) => (
                  <div key={field.name}>
                    <dt>{leadPage.sourceLabels[field.name]}</dt>
                    <dd>{values[field.name]}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className={styles.quiet}>{leadPage.noSource}</p>
            )}
          </section>

          <section aria-labelledby="notes-heading" className={styles.section} id="notes">
            <h2 id="notes-heading">{leadPage.notes}</h2>
            {notes.length ? (
              <ol className={styles.notes}>
                {notes.map((note) => (
                  <li key={note.id}>
                    <p className={styles.noteBody}>{note.body}</p>
                    <Byline who={note.author} at={note.createdAt} timeZone={timeZone} />
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.quiet}>{leadPage.noNotes}</p>
            )}
            <form action={addLeadNote} className={styles.noteForm}>
              {idField}
              <label htmlFor="note-body" className={styles.visuallyHidden}>
                {leadPage.notes}
              </label>
              <textarea id="note-body" name="body" rows={3} maxLength={4000} required placeholder={leadPage.notePlaceholder} />
              <button type="submit">{leadPage.addNote}</button>
            </form>
          </section>
        </div>

        <div className={styles.column}>
          <section aria-labelledby="work-heading" className={styles.section}>
            <h2 id="work-heading">{leadPage.work}</h2>
            {form === 'broker' ? (
              <div className={styles.decision}>
                {lead.status === 'pending' ? null : <p>{leadPage.decided(inbox.statuses[lead.status] ?? lead.status)}</p>}
                <form action={decideBrokerRequest} className={styles.decisionButtons}>
                  {idField}
                  {lead.status !== 'approved' ? (
                    <button type="submit" name="decision" value="approved">
                      {leadPage.approve}
                    </button>
                  ) : null}
                  {lead.status !== 'declined' ? (
                    <button type="submit" name="decision" value="declined" className={styles.secondary}>
                      {leadPage.decline}
                    </button>
                  ) : null}
                </form>
              </div>
            ) : (
              <form action={changeLeadWork} className={styles.change}>
                {idField}
                <input type="hidden" name="field" value="status" />
                <label htmlFor="lead-status">{leadPage.status}</label>
                <select id="lead-status" name="value" defaultValue={lead.status}>
                  {statuses.map((status) => (
                    <option key={status} value={status}>
                      {inbox.statuses[status]}
                    </option>
                  ))}
                </select>
                <button type="submit">{leadPage.save}</button>
              </form>
            )}
            <form action={changeLeadWork} className={styles.change}>
              {idField}
              <input type="hidden" name="field" value="owner" />
              <label htmlFor="lead-owner">{leadPage.owner}</label>
              <input id="lead-owner" name="value" list="sales-team" defaultValue={lead.owner ?? ''} maxLength={80} autoComplete="off" aria-describedby="owner-hint" />
              <datalist id="sales-team">
                {salesTeam.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <button type="submit">{leadPage.save}</button>
              <p id="owner-hint" className={styles.hint}>
                {leadPage.ownerHint}
              </p>
            </form>
            <form action={changeLeadWork} className={styles.change}>
              {idField}
              <input type="hidden" name="field" value="follow_up_on" />
              <label htmlFor="lead-follow-up">{leadPage.followUp}</label>
              <input id="lead-follow-up" name="value" type="date" defaultValue={lead.follow_up_on ?? ''} />
              <button type="submit">{leadPage.save}</button>
            </form>
          </section>

          {access ? (
            <section aria-labelledby="access-heading" className={styles.section} id="access">
              <h2 id="access-heading">{leadPage.access.heading}</h2>
              <p>{access.status === 'active' ? leadPage.access.active : leadPage.access.revoked}</p>
              <p className={styles.quiet}>
                {access.joinedAt ? leadPage.access.joined(teamTime(access.joinedAt, timeZone)) : leadPage.access.notJoined}
                {access.lastSignInAt ? ` · ${leadPage.access.lastSignIn(teamTime(access.lastSignInAt, timeZone))}` : ''}
              </p>
              <form action={changeBrokerAccess} className={styles.decisionButtons}>
                {idField}
                {access.status === 'active' ? (
                  <button type="submit" name="change" value="revoke" className={styles.secondary}>
                    {leadPage.access.revoke}
                  </button>
                ) : (
                  <button type="submit" name="change" value="restore">
                    {leadPage.access.restore}
                  </button>
                )}
              </form>
              {access.activity.length ? (
                <ol className={styles.history}>
                  {[...access.activity].reverse().map((entry, index) => (
                    <li key={`${entry.at}-${index}`}>
                      <span>{teamPage.activity[entry.action](entry.detail)}</span>
                      <Byline who={entry.actor} at={entry.at} timeZone={timeZone} />
                    </li>
                  ))}
                </ol>
              ) : null}
            </section>
          ) : null}

          <section aria-labelledby="delivery-heading" className={styles.section} id="delivery">
            <h2 id="delivery-heading">{leadPage.delivery}</h2>
            {notices.length ? (
              <DeliveryState notices={notices} timeZone={timeZone} resend={{ action: resendLeadNotice, leadId: lead.id }} />
            ) : (
              <p className={styles.quiet}>{leadPage.noDelivery}</p>
            )}
          </section>

          <section aria-labelledby="history-heading" className={styles.section}>
            <h2 id="history-heading">{leadPage.history}</h2>
            {activity.length ? (
              <ol className={styles.history}>
                {[...activity].reverse().map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    <span>{historyLine(entry, timeZone)}</span>
                    <Byline who={entry.actor} at={entry.at} timeZone={timeZone} />
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.quiet}>{leadPage.noHistory}</p>
            )}
          </section>
        </div>
      </div>
    </main>
  );
}

/** Who wrote or did something, and when, under it. */
function Byline({ who, at, timeZone }: { who: string; at: string; timeZone: string }) {
  return (
    <span className={styles.byline}>
      {who} · <time dateTime={at}>{teamTime(at, timeZone)}</time>
    </span>
  );
}
