import { REGISTRATION_FILTERS, shownStatus } from '@/lib/admin/registration-forms';
import { leadPage } from '@/lib/copy/team';
import { registrationsPage as copy } from '@/lib/copy/team-brokers';
import type { RegistrationStatus, TeamRegistration } from '@/lib/portal/types';
import styles from '../shared/registrations.module.scss';

interface RegistrationsListProps {
  /** In the order to show them: those under review first, newest first. */
  registrations: TeamRegistration[];
  status: RegistrationStatus | null;
  /** How many wait for a decision, whatever the filter. */
  underReview: number;
  timeZone: string;
  now: Date;
}

/** A day as the team reads it, in their time zone. */
export function teamDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** A registration's status, as a small badge (an ended registration reads as expired). */
export function RegistrationStatusBadge({ registration, now }: { registration: Pick<TeamRegistration, 'status' | 'expiresAt'>; now: Date }) {
  const status = shownStatus(registration, now);
  return (
    <span className={styles.status} data-status={status}>
      {copy.statuses[status]}
    </span>
  );
}

/** Every client registration for the team, filtered by status, each with its broker, dates and a way to its review. */
export function RegistrationsList({ registrations, status, underReview, timeZone, now }: RegistrationsListProps) {
  const filters = [null, ...REGISTRATION_FILTERS] as const;
  return (
    <main className={styles.page}>
      <p>
        <a className={styles.back} href="/admin">
          ← {leadPage.back}
        </a>
      </p>
      <h1 className={styles.heading}>{copy.heading}</h1>
      <p className={styles.intro}>{copy.intro}</p>

      <nav className={styles.filters} aria-label={copy.filtersLabel}>
        <ul>
          {filters.map((filter) => (
            <li key={filter ?? 'all'}>
              <a href={filter ? `/admin/registrations?status=${filter}` : '/admin/registrations'} aria-current={filter === status ? 'page' : undefined}>
                {copy.filters[filter ?? 'all']}
                {filter === 'under_review' ? <span className={styles.count}>{underReview}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {registrations.length ? (
        <div className={styles.tableWrap} role="region" aria-label={copy.tableLabel}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{copy.columns.buyer}</th>
                <th scope="col">{copy.columns.broker}</th>
                <th scope="col">{copy.columns.status}</th>
                <th scope="col">{copy.columns.registeredOn}</th>
                <th scope="col">{copy.columns.expiresOn}</th>
              </tr>
            </thead>
            <tbody>
              {registrations.map((registration) => (
                <tr key={registration.id} data-status={registration.status}>
                  <th scope="row">
                    <a href={`/admin/registrations/${registration.id}`}>{registration.fullName}</a>
                  </th>
                  <td data-label={copy.columns.broker}>
                    {registration.broker.name}
                    <span className={styles.brokerage}>{registration.broker.brokerage ?? copy.noBrokerage}</span>
                  </td>
                  <td data-label={copy.columns.status}>
                    <RegistrationStatusBadge registration={registration} now={now} />
                  </td>
                  <td data-label={copy.columns.registeredOn}>
                    <time dateTime={registration.createdAt}>{teamDay(registration.createdAt, timeZone)}</time>
                  </td>
                  <td data-label={copy.columns.expiresOn}>
                    {registration.expiresAt ? <time dateTime={registration.expiresAt}>{teamDay(registration.expiresAt, timeZone)}</time> : copy.notYet}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.quiet}>{status ? copy.noneOfStatus(copy.filters[status]) : copy.none}</p>
      )}
    </main>
  );
}
