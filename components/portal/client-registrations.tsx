import type { ReactNode } from 'react';
import { teamTime } from '@/lib/admin/time';
import { portalPage } from '@/lib/copy/portal';
import { renewRegistration } from '@/lib/portal/actions';
import { expired, renewable } from '@/lib/portal/registration-forms';
import type { Registration, RegistrationStatus, RenewOutcome } from '@/lib/portal/types';
import { Button } from '../shared/button';
import { EmailAddress } from '../shared/email-address';
import { EmptyState } from '../shared/empty-state';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import { StatusPill, type PillTone } from '../shared/status-pill';
import { StatusSentence, type StatusMessage } from '../shared/status-sentence';
import { TableOrCards, type Column } from '../shared/table-or-cards';
import styles from './client-registrations.module.scss';
import { RegistrationForm } from './registration-form';
import { Fact } from '../shared/fact';

const copy = portalPage.registrations;

/**
 * A moment as the portal writes it (teamTime: the site's time zone, with its name), its date and its time each
 * kept whole, so that a narrow column breaks between them rather than inside either.
 */
function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  const [date, time] = teamTime(iso, timeZone).split(/, (?=[^,]*$)/);
  return (
    <time dateTime={iso} className={styles.when}>
      <span>{time ? `${date},` : date}</span>
      {time ? (
        <>
          {' '}
          <span>{time}</span>
        </>
      ) : null}
    </time>
  );
}

/** Registered, under review, declined; or registered and its 90 days gone by. */
const statusOf = (registration: Registration, now: number): RegistrationStatus | 'expired' => (expired(registration, now) ? 'expired' : registration.status);

const TONES: Record<RegistrationStatus | 'expired', PillTone> = { registered: 'positive', under_review: 'attention', declined: 'negative', expired: 'quiet' };

function RegistrationStatus({ registration, now }: { registration: Registration; now: number }) {
  const status = statusOf(registration, now);
  return (
    <StatusPill tone={TONES[status]} status={status}>
      {copy.list.status[status]}
    </StatusPill>
  );
}

/** One button that renews, as a plain form post; back to the list, or to the registration's page. */
function RenewForm({ registration, from }: { registration: Registration; from: 'list' | 'page' }) {
  return (
    <form action={renewRegistration}>
      <input type="hidden" name="id" value={registration.id} />
      <input type="hidden" name="from" value={from} />
      <Button kind="secondary" aria-label={from === 'list' ? copy.list.renewLabel(registration.fullName) : undefined}>
        {copy.list.renew}
      </Button>
    </form>
  );
}

/** What the last renewal came to, as the page's sentence. */
const renewalSaid = (renewal: RenewOutcome | null): StatusMessage | null =>
  renewal ? { tone: renewal === 'renewed' ? 'success' : 'error', text: copy.renewal[renewal] } : null;

/** The list's columns: the buyer names the row (a link to its page, the address under it), then where it stands. */
function registrationColumns(now: number, timeZone: string): Column<Registration>[] {
  const { columns } = copy.list;
  return [
    {
      header: columns.buyer,
      names: true,
      cell: (registration) => (
        <>
          <a href={`/portal/registrations/${registration.id}`}>{registration.fullName}</a>
          <small>
            <EmailAddress address={registration.email} link={false} />
          </small>
        </>
      ),
    },
    {
      header: columns.status,
      wide: true,
      cell: (registration) => (
        <>
          <RegistrationStatus registration={registration} now={now} />
          {registration.status === 'declined' && registration.reason ? (
            <p className={styles.reason}>
              <span>{copy.list.reason}:</span> {registration.reason}
            </p>
          ) : null}
        </>
      ),
    },
    { header: columns.registered, cell: (registration) => <When iso={registration.createdAt} timeZone={timeZone} /> },
    { header: columns.expires, cell: (registration) => (registration.expiresAt ? <When iso={registration.expiresAt} timeZone={timeZone} /> : copy.list.noExpiry) },
    {
      header: columns.renew,
      wide: true,
      cell: (registration) =>
        renewable(registration, now) ? (
          <RenewForm registration={registration} from="list" />
        ) : registration.renewedAt ? (
          <>
            {copy.list.renewed} <When iso={registration.renewedAt} timeZone={timeZone} />
          </>
        ) : null,
    },
  ];
}

interface ClientRegistrationsProps {
  /** The broker's own registrations, newest first; null for a team member, who registers nobody. */
  registrations: Registration[] | null;
  renewal: RenewOutcome | null;
  now: number;
  timeZone: string;
}

/** The portal's client registration: the form, and the broker's own registrations with a renewal in their last 14 days. */
export function ClientRegistrations({ registrations, renewal, now, timeZone }: ClientRegistrationsProps) {
  const said = renewalSaid(renewal);
  return (
    <Panel id="client-registration" sectionId="client-registration" heading={portalPage.sections.registrations} byline={copy.intro}>
      {registrations === null ? (
        <EmptyState>{copy.team}</EmptyState>
      ) : (
        <div className={styles.layout}>
          <RegistrationForm />
          {/* Where a renewal sends the broker back to, its sentence in sight. */}
          <div id="registrations" className={styles.list}>
            <h3 id="your-registrations">{copy.list.heading}</h3>
            {said ? <StatusSentence tone={said.tone}>{said.text}</StatusSentence> : null}
            <TableOrCards
              labelledBy="your-registrations"
              columns={registrationColumns(now, timeZone)}
              rows={registrations}
              rowKey={(registration) => registration.id}
              rowStatus={(registration) => statusOf(registration, now)}
              cardsBelow="lg"
              empty={<EmptyState>{copy.list.empty}</EmptyState>}
            />
          </div>
        </div>
      )}
    </Panel>
  );
}


/** One registration, on its own page: everything the broker sent and what became of it; then its private tour, if any. */
export function RegistrationDetail({
  registration,
  renewal,
  now,
  timeZone,
  tour = null,
}: {
  registration: Registration;
  renewal: RenewOutcome | null;
  now: number;
  timeZone: string;
  tour?: ReactNode;
}) {
  const facts = copy.page.facts;
  const when = (iso: string | null) => (iso ? teamTime(iso, timeZone) : copy.page.none);
  return (
    <PageColumn
      back={{ href: '/portal#client-registration', label: copy.page.back }}
      eyebrow={copy.page.title}
      heading={registration.fullName}
      status={renewalSaid(renewal)}
      width="medium"
    >
      <div className={styles.stack}>
        <div className={styles.detail}>
          <dl className={styles.facts}>
            <Fact label={facts.status}>
              <RegistrationStatus registration={registration} now={now} />
            </Fact>
            {registration.status === 'declined' ? (
              <Fact label={facts.reason} wide>
                {registration.reason ?? copy.page.none}
              </Fact>
            ) : null}
            <Fact label={facts.email}>
              <EmailAddress address={registration.email} link={false} />
            </Fact>
            <Fact label={facts.phone}>{registration.phone ?? copy.page.none}</Fact>
            <Fact label={facts.registered}>{when(registration.createdAt)}</Fact>
            <Fact label={facts.expires}>{registration.expiresAt ? when(registration.expiresAt) : copy.list.noExpiry}</Fact>
            {registration.renewedAt ? <Fact label={facts.renewed}>{when(registration.renewedAt)}</Fact> : null}
            {registration.decidedAt ? <Fact label={facts.decided}>{when(registration.decidedAt)}</Fact> : null}
            <Fact label={facts.note} wide>
              <span className={styles.note}>{registration.note ?? copy.page.none}</span>
            </Fact>
          </dl>
          {renewable(registration, now) ? (
            <div className={styles.renewal}>
              <p>{copy.page.renewHint}</p>
              <RenewForm registration={registration} from="page" />
            </div>
          ) : null}
        </div>
        {tour}
      </div>
    </PageColumn>
  );
}
