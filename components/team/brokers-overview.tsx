import { changeBrokerAccess } from '@/lib/admin/actions';
import { teamTime } from '@/lib/admin/time';
import { brokersPage as copy } from '@/lib/copy/team-brokers';
import type { BrokerOverview, RegistrationStatus } from '@/lib/portal/types';
import { Button } from '../shared/button';
import { EmailAddress } from '../shared/email-address';
import { EmptyState } from '../shared/empty-state';
import { PageColumn } from '../shared/page-column';
import type { StatusMessage } from '../shared/status-sentence';
import { StatusPill } from '../shared/status-pill';
import { TableOrCards, type Column } from '../shared/table-or-cards';
import styles from './brokers-overview.module.scss';

interface BrokersOverviewProps {
  brokers: BrokerOverview[];
  timeZone: string;
  /** The sentence to show at the top: access changed, or refused. */
  said: StatusMessage | null;
}

const REGISTRATION_ORDER: RegistrationStatus[] = ['registered', 'under_review', 'declined'];

/** A moment as the team reads it, breaking only between its date and its time ("Nov 25, 2026," / "8:34 AM EST"). */
function When({ at, timeZone }: { at: string; timeZone: string }) {
  const text = teamTime(at, timeZone);
  const parts = /^(.*\d{4},) (.*)$/.exec(text);
  return (
    <time dateTime={at} className={styles.when}>
      {parts ? (
        <>
          <span>{parts[1]}</span> <span>{parts[2]}</span>
        </>
      ) : (
        text
      )}
    </time>
  );
}

/** Ending or giving back a broker's access, through the request they were approved from; back to this page. */
function AccessButton({ broker }: { broker: BrokerOverview }) {
  if (!broker.leadId) return <p className={styles.quiet}>{copy.noRequest}</p>;
  const revoke = broker.status === 'active';
  // Giving access back sends an invitation from the request: with the request erased or past retention, there is none to send it from.
  if (!revoke && !broker.leadKept) return <p className={styles.quiet}>{copy.requestGone}</p>;
  return (
    <form action={changeBrokerAccess}>
      <input type="hidden" name="id" value={broker.leadId} />
      <input type="hidden" name="back" value="brokers" />
      <Button kind={revoke ? 'secondary' : 'primary'} name="change" value={revoke ? 'revoke' : 'restore'}>
        {revoke ? copy.revoke : copy.restore}
        <span className={styles.hidden}>{copy.forWhom(broker.name)}</span>
      </Button>
    </form>
  );
}

function Downloads({ broker, timeZone }: { broker: BrokerOverview; timeZone: string }) {
  if (!broker.downloads) return <span className={styles.quiet}>{copy.downloads.none}</span>;
  return (
    <details className={styles.downloads}>
      <summary>{copy.downloads.count(broker.downloads)}</summary>
      <p>{copy.downloads.latest(broker.recentDownloads.length)}</p>
      <ol>
        {broker.recentDownloads.map((download, index) => (
          <li key={`${download.at}-${index}`}>
            <span>{copy.downloads.kinds[download.kind]}</span> <When at={download.at} timeZone={timeZone} />
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The columns: who the broker is, their access, last sign-in, terms, downloads, registrations, and the means to change their access. */
const columnsIn = (timeZone: string): Column<BrokerOverview>[] => [
  {
    header: copy.columns.broker,
    names: true,
    cell: (broker) => (
      <span className={styles.broker}>
        <span className={styles.name}>{broker.name}</span>
        {broker.brokerage ? <span className={styles.brokerage}>{broker.brokerage}</span> : null}
        <EmailAddress address={broker.email} />
      </span>
    ),
  },
  {
    header: copy.columns.access,
    cell: (broker) => (
      <>
        <StatusPill tone={broker.status === 'active' ? 'positive' : 'negative'} status={broker.status}>
          {copy.statuses[broker.status]}
        </StatusPill>
        {broker.status === 'active' || broker.revokedAt ? (
          <span className={styles.detail}>
            {broker.status === 'active' ? copy.since : copy.endedOn} <When at={broker.status === 'active' ? broker.accessSince : broker.revokedAt!} timeZone={timeZone} />
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: copy.columns.lastSignIn,
    cell: (broker) => (broker.lastSignInAt ? <When at={broker.lastSignInAt} timeZone={timeZone} /> : <span className={styles.quiet}>{copy.neverSignedIn}</span>),
  },
  {
    header: copy.columns.terms,
    cell: (broker) =>
      broker.terms ? (
        <>
          <span className={styles.strong}>{copy.terms.version(broker.terms.version)}</span>
          <span className={styles.detail}>
            {copy.terms.accepted} <When at={broker.terms.acceptedAt} timeZone={timeZone} />
          </span>
          {broker.terms.current ? null : <span className={styles.warning}>{copy.terms.notLatest}</span>}
        </>
      ) : (
        <span className={styles.quiet}>{copy.terms.none}</span>
      ),
  },
  { header: copy.columns.downloads, cell: (broker) => <Downloads broker={broker} timeZone={timeZone} /> },
  {
    header: copy.columns.registrations,
    cell: (broker) => (
      <dl className={styles.counts}>
        {REGISTRATION_ORDER.map((status) => (
          <div key={status} data-none={broker.registrations[status] === 0 ? '' : undefined}>
            <dt>{copy.registrations[status]}</dt>
            <dd>{broker.registrations[status]}</dd>
          </div>
        ))}
      </dl>
    ),
  },
  {
    header: copy.columns.actions,
    wide: true,
    unlabelled: true,
    cell: (broker) => (
      <div className={styles.actions}>
        <AccessButton broker={broker} />
        {broker.leadId && broker.leadKept ? (
          <a href={`/admin/leads/${broker.leadId}`}>
            {copy.request}
            <span className={styles.hidden}>{copy.forWhom(broker.name)}</span>
          </a>
        ) : null}
      </div>
    ),
  },
];

/** Every broker account: access, terms, downloads and registrations, a table on a desk and a card on a phone. */
export function BrokersOverview({ brokers, timeZone, said }: BrokersOverviewProps) {
  return (
    <PageColumn heading={copy.heading} intro={copy.intro} status={said}>
      <TableOrCards
        label={copy.tableLabel}
        columns={columnsIn(timeZone)}
        rows={brokers}
        rowKey={(broker) => broker.id}
        rowId={(broker) => `broker-${broker.id}`}
        rowStatus={(broker) => broker.status}
        cardsBelow="xl"
        empty={<EmptyState>{copy.none}</EmptyState>}
      />
    </PageColumn>
  );
}
