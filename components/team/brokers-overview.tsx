import { changeBrokerAccess } from '@/lib/admin/actions';
import { teamTime } from '@/lib/admin/time';
import { brokersPage as copy } from '@/lib/copy/team-brokers';
import { leadPage } from '@/lib/copy/team';
import type { BrokerOverview, RegistrationStatus } from '@/lib/portal/types';
import styles from './brokers-overview.module.scss';

interface BrokersOverviewProps {
  brokers: BrokerOverview[];
  timeZone: string;
  /** The sentence to show at the top: access changed, or refused. */
  said: { text: string; outcome: 'saved' | 'refused' } | null;
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
      <button type="submit" name="change" value={revoke ? 'revoke' : 'restore'} className={revoke ? styles.revoke : styles.restore}>
        {revoke ? copy.revoke : copy.restore}
        <span className={styles.visuallyHidden}>{copy.forWhom(broker.name)}</span>
      </button>
    </form>
  );
}

function Downloads({ broker, timeZone }: { broker: BrokerOverview; timeZone: string }) {
  if (!broker.downloads) return <span className={styles.quiet}>{copy.downloads.none}</span>;
  return (
    <details className={styles.downloads}>
      <summary>{copy.downloads.count(broker.downloads)}</summary>
      <p className={styles.caption}>{copy.downloads.latest(broker.recentDownloads.length)}</p>
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

/** Every broker account: access, terms, downloads and registrations, a table on a desk and a card on a phone. */
export function BrokersOverview({ brokers, timeZone, said }: BrokersOverviewProps) {
  return (
    <main className={styles.page}>
      <p>
        <a className={styles.back} href="/admin">
          ← {leadPage.back}
        </a>
      </p>
      <h1 className={styles.heading}>{copy.heading}</h1>
      <p className={styles.intro}>{copy.intro}</p>
      <p className={styles.said} role="status" data-outcome={said?.outcome ?? 'saved'}>
        {said?.text ?? ''}
      </p>

      {brokers.length ? (
        <table className={styles.table} aria-label={copy.tableLabel}>
          <thead>
            <tr>
              <th scope="col">{copy.columns.broker}</th>
              <th scope="col">{copy.columns.access}</th>
              <th scope="col">{copy.columns.lastSignIn}</th>
              <th scope="col">{copy.columns.terms}</th>
              <th scope="col">{copy.columns.downloads}</th>
              <th scope="col">{copy.columns.registrations}</th>
              <th scope="col">{copy.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {brokers.map((broker) => (
              <tr key={broker.id} id={`broker-${broker.id}`} data-status={broker.status}>
                <th scope="row">
                  <span className={styles.name}>{broker.name}</span>
                  {broker.brokerage ? <span className={styles.brokerage}>{broker.brokerage}</span> : null}
                  <a className={styles.email} href={`mailto:${broker.email}`}>
                    {broker.email}
                  </a>
                </th>
                <td data-label={copy.columns.access}>
                  <span className={styles.status} data-status={broker.status}>
                    {copy.statuses[broker.status]}
                  </span>
                  <span className={styles.detail}>
                    {broker.status === 'active' ? (
                      <>
                        {copy.since} <When at={broker.accessSince} timeZone={timeZone} />
                      </>
                    ) : broker.revokedAt ? (
                      <>
                        {copy.endedOn} <When at={broker.revokedAt} timeZone={timeZone} />
                      </>
                    ) : null}
                  </span>
                </td>
                <td data-label={copy.columns.lastSignIn}>
                  {broker.lastSignInAt ? <When at={broker.lastSignInAt} timeZone={timeZone} /> : <span className={styles.quiet}>{copy.neverSignedIn}</span>}
                </td>
                <td data-label={copy.columns.terms}>
                  {broker.terms ? (
                    <>
                      <span className={styles.strong}>{copy.terms.version(broker.terms.version)}</span>
                      <span className={styles.detail}>
                        {copy.terms.accepted} <When at={broker.terms.acceptedAt} timeZone={timeZone} />
                      </span>
                      {broker.terms.current ? null : <span className={styles.warning}>{copy.terms.notLatest}</span>}
                    </>
                  ) : (
                    <span className={styles.quiet}>{copy.terms.none}</span>
                  )}
                </td>
                <td data-label={copy.columns.downloads} className={styles.downloadsCell}>
                  <Downloads broker={broker} timeZone={timeZone} />
                </td>
                <td data-label={copy.columns.registrations}>
                  <dl className={styles.counts}>
                    {REGISTRATION_ORDER.map((status) => (
                      <div key={status} data-none={broker.registrations[status] === 0 ? '' : undefined}>
                        <dt>{copy.registrations[status]}</dt>
                        <dd>{broker.registrations[status]}</dd>
                      </div>
                    ))}
                  </dl>
                </td>
                <td data-label={copy.columns.actions} className={styles.actions}>
                  <AccessButton broker={broker} />
                  {broker.leadId && broker.leadKept ? (
                    <a className={styles.request} href={`/admin/leads/${broker.leadId}`}>
                      {copy.request}
                      <span className={styles.visuallyHidden}>{copy.forWhom(broker.name)}</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.quiet}>{copy.none}</p>
      )}
    </main>
  );
}
