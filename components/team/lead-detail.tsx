import type { ReactNode } from 'react';
import { addLeadNote, changeBrokerAccess, changeLeadWork, decideBrokerRequest, resendLeadNotice } from '@/lib/admin/actions';
import { historyLine } from '@/lib/admin/history';
import { KEEP_TYPED } from '@/lib/admin/owners';
import { shownStatus } from '@/lib/admin/registration-forms';
import { teamTime } from '@/lib/admin/time';
import { inbox, leadPage, teamPage } from '@/lib/copy/team';
import { registrationsPage } from '@/lib/copy/team-brokers';
import { CONTEXT_FIELDS, LEAD_FORMS, type FieldDefinition } from '@/lib/leads/forms';
import type { LeadDetail as Detail } from '@/lib/leads/types';
import type { NoticeState } from '@/lib/delivery/types';
import type { RegistrationStatus, TeamRegistration } from '@/lib/portal/types';
import { privacyNoticeDate } from '@/lib/privacy-versions';
import { Button } from '../shared/button';
import { Columns } from '../shared/columns';
import { EmailAddress } from '../shared/email-address';
import { EmptyState } from '../shared/empty-state';
import { EventList } from '../shared/event-list';
import { FormField, type ControlProps } from '../shared/form-field';
import { SelectOptions } from '../shared/select-options';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import { StatusPill, type PillTone } from '../shared/status-pill';
import { DeliveryState } from './delivery-state';
import { LeadStatusPill } from './lead-status-pill';
import { OverdueMark } from './overdue-mark';
import styles from './lead-detail.module.scss';

interface LeadDetailProps {
  detail: Detail;
  notices: NoticeState[];
  /** The active team members, who may own a lead. */
  members: TeamChoice[];
  timeZone: string;
  /** The time the page is drawn at (an ISO string), which says whether a broker request is overdue. */
  now: string;
  /** What the last change did, to say so: a `saved` key of the content, or `refused` (`refused:owner`: not someone who may own a lead). */
  outcome: string | null;
  /** Brokers' registrations of this buyer (a prospect inquiry's), newest first. */
  registrations?: TeamRegistration[];
  /** A prospect's holds and reservations, and the way to hold a lot for them (components/holds/buyer-holds.tsx). */
  holds?: ReactNode;
}

type TeamChoice = { id: string; name: string };

const REGISTRATION_TONES: Record<RegistrationStatus | 'expired', PillTone> = { registered: 'positive', under_review: 'attention', declined: 'negative', expired: 'quiet' };

/** Who wrote or did something, and when. */
function byline(who: string, at: string, timeZone: string) {
  return (
    <>
      {who} · <time dateTime={at}>{teamTime(at, timeZone)}</time>
    </>
  );
}

/** What the person sent: each field they filled, an address or a number as a link to write or call. */
function Details({ detail }: { detail: Detail }) {
  const values = detail.lead as unknown as Record<string, string | null>;
  const labels: Record<string, string> = inbox.forms[detail.form].fieldLabels;
  const fields: readonly FieldDefinition[] = LEAD_FORMS[detail.form].fields;
  return (
    <dl className={styles.facts}>
      {fields
        .filter((field) => values[field.name])
        .map((field) => {
          const value = values[field.name]!;
          return (
            <div key={field.name} data-wide={field.type === 'textarea' ? '' : undefined}>
              <dt>{labels[field.name]}</dt>
              <dd>
                {field.type === 'email' ? (
                  <EmailAddress address={value} />
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
  );
}

/** The campaign and the site that brought the lead, or that nothing did. */
function Source({ detail }: { detail: Detail }) {
  const values = detail.lead as unknown as Record<string, string | null>;
  const source = CONTEXT_FIELDS.filter((field) => values[field.name]);
  if (!source.length) return <EmptyState>{leadPage.noSource}</EmptyState>;
  return (
    <dl className={styles.facts}>
      {source.map((field) => (
        <div key={field.name}>
          <dt>{leadPage.sourceLabels[field.name]}</dt>
          <dd>{field.name === 'privacy_notice' ? leadPage.privacyNotice(privacyNoticeDate(values[field.name]!)) : values[field.name]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The brokers who registered this buyer, each a link to the registration's review. */
function Registrations({ registrations, timeZone, now }: { registrations: TeamRegistration[]; timeZone: string; now: string }) {
  const copy = registrationsPage.leadSection;
  return (
    <Panel id="registrations" sectionId="registrations" heading={copy.heading} byline={copy.intro}>
      <EventList
        events={registrations.map((registration) => {
          const status = shownStatus(registration, new Date(now));
          return {
            key: registration.id,
            what: (
              <>
                <a className={styles.registration} href={`/admin/registrations/${registration.id}`}>
                  {copy.line(registration.broker.name, registration.broker.brokerage)}
                </a>{' '}
                <StatusPill tone={REGISTRATION_TONES[status]} status={status}>
                  {registrationsPage.statuses[status]}
                </StatusPill>
              </>
            ),
            byline: (
              <>
                {copy.as(registration.fullName)} <time dateTime={registration.createdAt}>{teamTime(registration.createdAt, timeZone)}</time>
              </>
            ),
          };
        })}
      />
    </Panel>
  );
}

/** The notes the team wrote, newest last, and the form to add one. */
function Notes({ detail, timeZone }: { detail: Detail; timeZone: string }) {
  return (
    <Panel id="notes" sectionId="notes" heading={leadPage.notes}>
      {detail.notes.length ? (
        <EventList
          events={detail.notes.map((note) => ({
            key: note.id,
            what: <span className={styles.note}>{note.body}</span>,
            byline: byline(note.author, note.createdAt, timeZone),
          }))}
        />
      ) : (
        <EmptyState>{leadPage.noNotes}</EmptyState>
      )}
      <form action={addLeadNote} className={styles.form}>
        <input type="hidden" name="id" value={detail.lead.id} />
        <FormField id="note-body" label={leadPage.notes} labelHidden>
          {(control) => <textarea {...control} name="body" rows={3} maxLength={4000} required placeholder={leadPage.notePlaceholder} />}
        </FormField>
        <Button>{leadPage.addNote}</Button>
      </form>
    </Panel>
  );
}

interface WorkFormProps {
  leadId: string;
  /** The lead's column it changes. */
  field: 'status' | 'owner' | 'follow_up_on';
  id: string;
  label: string;
  hint?: string;
  /** Marked invalid: the page's status sentence says what was refused. */
  invalid?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A form of one field of the team's work on the lead (its status, owner or follow-up), saved by its own button. */
function WorkForm({ leadId, field, id, label, hint, invalid, children }: WorkFormProps) {
  return (
    <form action={changeLeadWork}>
      <input type="hidden" name="id" value={leadId} />
      <input type="hidden" name="field" value={field} />
      <FormField id={id} label={label} hint={hint} invalid={invalid} beside={<Button>{leadPage.save}</Button>}>
        {children}
      </FormField>
    </form>
  );
}

/**
 * Who owns the lead, chosen from the team or nobody. An owner who has left the team, or a name typed in before owners
 * were accounts, stays chosen (saving it keeps it) until someone is, and the hint says why it is not on the list.
 */
function OwnerForm({ lead, members, refused }: { lead: Detail['lead']; members: TeamChoice[]; refused: boolean }) {
  const typed = lead.owner !== null && lead.owner_id === null;
  const former = lead.owner_id !== null && !members.some((member) => member.id === lead.owner_id);
  const current = typed ? KEEP_TYPED : (lead.owner_id ?? '');
  const choices = Object.fromEntries([
    ['', leadPage.nobody],
    ...members.map((member) => [member.id, member.name]),
    ...(typed || former ? [[current, lead.owner!]] : []),
  ]);
  const hint = typed ? leadPage.writtenOwner(lead.owner!) : former ? leadPage.formerOwner(lead.owner!) : leadPage.ownerHint;
  return (
    <WorkForm leadId={lead.id} field="owner" id="lead-owner" label={leadPage.owner} hint={hint} invalid={refused}>
      {(control) => (
        <select {...control} name="value" defaultValue={current}>
          <SelectOptions choices={choices} />
        </select>
      )}
    </WorkForm>
  );
}

/** The team's work: the decision on a broker's request or an inquiry's status, then its owner and follow-up. */
function Work({ detail, members, refusedOwner }: { detail: Detail; members: TeamChoice[]; refusedOwner: boolean }) {
  const { form, lead } = detail;
  const statuses: readonly string[] = LEAD_FORMS[form].statuses;
  return (
    <Panel id="work" heading={leadPage.work}>
      <div className={styles.work}>
        {form === 'broker' ? (
          <div>
            {lead.status === 'pending' ? null : <p>{leadPage.decided(inbox.statuses[lead.status] ?? lead.status)}</p>}
            <form action={decideBrokerRequest} className={styles.buttons}>
              <input type="hidden" name="id" value={lead.id} />
              {lead.status !== 'approved' ? (
                <Button name="decision" value="approved">
                  {leadPage.approve}
                </Button>
              ) : null}
              {lead.status !== 'declined' ? (
                <Button kind="secondary" name="decision" value="declined">
                  {leadPage.decline}
                </Button>
              ) : null}
            </form>
          </div>
        ) : (
          <WorkForm leadId={lead.id} field="status" id="lead-status" label={leadPage.status}>
            {(control) => (
              <select {...control} name="value" defaultValue={lead.status}>
                {statuses.map((status) => (
                  <option key={status} value={status}>
                    {inbox.statuses[status]}
                  </option>
                ))}
              </select>
            )}
          </WorkForm>
        )}
        <OwnerForm lead={lead} members={members} refused={refusedOwner} />
        <WorkForm leadId={lead.id} field="follow_up_on" id="lead-follow-up" label={leadPage.followUp}>
          {(control) => <input {...control} name="value" type="date" defaultValue={lead.follow_up_on ?? ''} />}
        </WorkForm>
      </div>
    </Panel>
  );
}

/** A broker's access to the portal, given by approving their request: ended or given back here, with its history. */
function Access({ detail, timeZone }: { detail: Detail; timeZone: string }) {
  const access = detail.access!;
  const copy = leadPage.access;
  return (
    <Panel id="access" sectionId="access" heading={copy.heading}>
      <p>{access.status === 'active' ? copy.active : copy.revoked}</p>
      <p className={styles.quiet}>
        {access.joinedAt ? copy.joined(teamTime(access.joinedAt, timeZone)) : copy.notJoined}
        {access.lastSignInAt ? ` · ${copy.lastSignIn(teamTime(access.lastSignInAt, timeZone))}` : ''}
      </p>
      <form action={changeBrokerAccess} className={styles.buttons}>
        <input type="hidden" name="id" value={detail.lead.id} />
        {access.status === 'active' ? (
          <Button kind="secondary" name="change" value="revoke">
            {copy.revoke}
          </Button>
        ) : (
          <Button name="change" value="restore">
            {copy.restore}
          </Button>
        )}
      </form>
      {access.activity.length ? (
        <EventList
          events={[...access.activity].reverse().map((entry, index) => ({
            key: `${entry.at}-${index}`,
            what: teamPage.activity[entry.action](entry.detail),
            byline: byline(entry.actor, entry.at, timeZone),
          }))}
        />
      ) : null}
    </Panel>
  );
}

/** One lead, everything about it, and the team's work on it: status, owner, follow-up, notes, decision, delivery, history. */
export function LeadDetail({ detail, notices, members, timeZone, now, outcome, registrations = [], holds = null }: LeadDetailProps) {
  const { form, lead, activity } = detail;
  const refused = outcome === 'refused' || outcome === 'refused:owner';
  const said = outcome === 'refused:owner' ? leadPage.refusedOwner : outcome === 'refused' ? leadPage.refused : outcome ? leadPage.saved[outcome] : undefined;

  return (
    <PageColumn
      back={{ href: `/admin?form=${form}`, label: leadPage.back }}
      eyebrow={inbox.forms[form].one}
      heading={lead.full_name}
      intro={
        <p className={styles.marks}>
          <span>
            {inbox.received} <time dateTime={lead.created_at}>{teamTime(lead.created_at, timeZone)}</time>
          </span>
          <LeadStatusPill status={lead.status} />
          {form === 'broker' ? <OverdueMark lead={lead} now={now} /> : null}
        </p>
      }
      status={said ? { tone: refused ? 'error' : 'success', text: said } : null}
    >
      <Columns
        main={
          <>
            <Panel id="details" heading={leadPage.details}>
              <Details detail={detail} />
            </Panel>
            {/* Right after the buyer's details: a broker may claim them as a client. */}
            {registrations.length ? <Registrations registrations={registrations} timeZone={timeZone} now={now} /> : null}
            {holds}
            <Panel id="source" heading={leadPage.source}>
              <Source detail={detail} />
            </Panel>
            <Notes detail={detail} timeZone={timeZone} />
          </>
        }
        side={
          <>
            <Work detail={detail} members={members} refusedOwner={outcome === 'refused:owner'} />
            {detail.access ? <Access detail={detail} timeZone={timeZone} /> : null}
            <Panel id="delivery" sectionId="delivery" heading={leadPage.delivery}>
              {notices.length ? (
                <DeliveryState notices={notices} timeZone={timeZone} resend={{ action: resendLeadNotice, leadId: lead.id }} />
              ) : (
                <EmptyState>{leadPage.noDelivery}</EmptyState>
              )}
            </Panel>
            <Panel id="history" heading={leadPage.history}>
              {activity.length ? (
                <EventList
                  events={[...activity].reverse().map((entry, index) => ({
                    key: `${entry.at}-${index}`,
                    what: historyLine(entry, timeZone),
                    byline: byline(entry.actor, entry.at, timeZone),
                  }))}
                />
              ) : (
                <EmptyState>{leadPage.noHistory}</EmptyState>
              )}
            </Panel>
          </>
        }
      />
    </PageColumn>
  );
}
