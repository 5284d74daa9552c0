import Link from 'next/link';
import type { ReactNode } from 'react';
import { teamTime } from '@/lib/admin/time';
import { portalPage } from '@/lib/copy/portal';
import { renewRegistration } from '@/lib/portal/actions';
import { expired, renewable } from '@/lib/portal/registration-forms';
import type { Registration, RenewOutcome } from '@/lib/portal/types';
import portal from './broker-portal.module.scss';
import styles from './client-registrations.module.scss';
import { RegistrationForm } from './registration-form';

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
const statusOf = (registration: Registration, now: number) => (expired(registration, now) ? 'expired' : registration.status);

function StatusBadge({ registration, now }: { registration: Registration; now: number }) {
  const status = statusOf(registration, now);
  return (
    <span className={styles.status} data-status={status}>
      {copy.list.status[status]}
    </span>
  );
}

/** One button that renews, as a plain form post; back to the list, or to the registration's page. */
function RenewForm({ registration, from }: { registration: Registration; from: 'list' | 'page' }) {
  return (
    <form action={renewRegistration} className={styles.renew}>
      <input type="hidden" name="id" value={registration.id} />
      <input type="hidden" name="from" value={from} />
      <button type="submit" aria-label={from === 'list' ? copy.list.renewLabel(registration.fullName) : undefined}>
        {copy.list.renew}
      </button>
    </form>
  );
}

/** What the last renewal came to, in a sentence. */
function RenewalSaid({ renewal }: { renewal: RenewOutcome | null }) {
  if (!renewal) return null;
  return (
    <p className={portal.said} role="status" data-outcome={renewal === 'renewed' ? 'saved' : 'refused'}>
      {copy.renewal[renewal]}
    </p>
  );
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
  const columns = copy.list.columns;
  return (
    <section className={portal.section} aria-labelledby="registrations" id="client-registration">
      <h2 id="registrations">{portalPage.sections.registrations}</h2>
      <p className={portal.lead}>{copy.intro}</p>
      {registrations === null ? (
        <p className={styles.team}>{copy.team}</p>
      ) : (
        <div className={styles.layout}>
          <RegistrationForm />
          <div className={styles.list}>
            <h3 id="your-registrations">{copy.list.heading}</h3>
            <RenewalSaid renewal={renewal} />
            {registrations.length === 0 ? (
              <p className={portal.empty}>{copy.list.empty}</p>
            ) : (
              <table className={styles.registrations} aria-labelledby="your-registrations">
                <thead>
                  <tr>
                    {Object.values(columns).map((label) => (
                      <th key={label} scope="col">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {registrations.map((registration) => (
                    <tr key={registration.id} data-status={statusOf(registration, now)}>
                      <th scope="row" data-label={columns.buyer}>
                        <a href={`/portal/registrations/${registration.id}`}>{registration.fullName}</a>
                        <span className={styles.email}>{registration.email}</span>
                      </th>
                      <td data-label={columns.status}>
                        <StatusBadge registration={registration} now={now} />
                        {registration.status === 'declined' && registration.reason ? (
                          <p className={styles.reason}>
                            <span>{copy.list.reason}:</span> {registration.reason}
                          </p>
                        ) : null}
                      </td>
                      <td data-label={columns.registered}>
                        <When iso={registration.createdAt} timeZone={timeZone} />
                      </td>
                      <td data-label={columns.expires}>{registration.expiresAt ? <When iso={registration.expiresAt} timeZone={timeZone} /> : copy.list.noExpiry}</td>
                      <td data-label={columns.renew} data-empty={renewable(registration, now) || registration.renewedAt ? undefined : ''}>
                        {renewable(registration, now) ? (
                          <RenewForm registration={registration} from="list" />
                        ) : registration.renewedAt ? (
                          <>
                            {copy.list.renewed} <When iso={registration.renewedAt} timeZone={timeZone} />
                          </>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>
      )}
    </section>
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
    <main id="main" className={portal.page}>
      <Link className={styles.back} href="/portal#client-registration">
        {copy.page.back}
      </Link>
      <p className={styles.eyebrow}>{copy.page.title}</p>
      <h1 className={portal.heading}>{registration.fullName}</h1>
      <div className={styles.detail}>
        <RenewalSaid renewal={renewal} />
        <dl className={styles.facts}>
          <div>
            <dt>{facts.status}</dt>
            <dd>
              <StatusBadge registration={registration} now={now} />
            </dd>
          </div>
          {registration.status === 'declined' ? (
            <div data-wide="">
              <dt>{facts.reason}</dt>
              <dd>{registration.reason ?? copy.page.none}</dd>
            </div>
          ) : null}
          <div>
            <dt>{facts.email}</dt>
            <dd>{registration.email}</dd>
          </div>
          <div>
            <dt>{facts.phone}</dt>
            <dd>{registration.phone ?? copy.page.none}</dd>
          </div>
          <div>
            <dt>{facts.registered}</dt>
            <dd>{when(registration.createdAt)}</dd>
          </div>
          <div>
            <dt>{facts.expires}</dt>
            <dd>{registration.expiresAt ? when(registration.expiresAt) : copy.list.noExpiry}</dd>
          </div>
          {registration.renewedAt ? (
            <div>
              <dt>{facts.renewed}</dt>
              <dd>{when(registration.renewedAt)}</dd>
            </div>
          ) : null}
          {registration.decidedAt ? (
            <div>
              <dt>{facts.decided}</dt>
              <dd>{when(registration.decidedAt)}</dd>
            </div>
          ) : null}
          <div data-wide="">
            <dt>{facts.note}</dt>
            <dd className={styles.note}>{registration.note ?? copy.page.none}</dd>
          </div>
        </dl>
        {renewable(registration, now) ? (
          <div className={styles.renewal}>
            <p>{copy.page.renewHint}</p>
            <RenewForm registration={registration} from="page" />
          </div>
        ) : null}
      </div>
      {tour}
    </main>
  );
}
