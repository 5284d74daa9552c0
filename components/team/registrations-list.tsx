import { teamDay } from '@/lib/admin/time';
import { REGISTRATION_FILTERS, shownStatus } from '@/lib/admin/registration-forms';
import { registrationsPage as copy } from '@/lib/copy/team-brokers';
import type { RegistrationStatus, TeamRegistration } from '@/lib/portal/types';
import { EmptyState } from '../shared/empty-state';
import { PageColumn } from '../shared/page-column';
import { StatusPill, type PillTone } from '../shared/status-pill';
import { TableOrCards, type Column } from '../shared/table-or-cards';
import { ViewLinks } from '../shared/view-links';
import styles from './registrations-list.module.scss';

interface RegistrationsListProps {
  /** In the order to show them: those under review first, newest first. */
  registrations: TeamRegistration[];
  status: RegistrationStatus | null;
  /** How many wait for a decision, whatever the filter. */
  underReview: number;
  timeZone: string;
  now: Date;
}

const TONES: Record<ReturnType<typeof shownStatus>, PillTone> = { registered: 'positive', under_review: 'attention', declined: 'negative', expired: 'quiet' };

/** A registration's status, as a pill (an ended registration reads as expired). */
export function RegistrationStatusBadge({ registration, now }: { registration: Pick<TeamRegistration, 'status' | 'expiresAt'>; now: Date }) {
  const status = shownStatus(registration, now);
  return (
    <StatusPill tone={TONES[status]} status={status}>
      {copy.statuses[status]}
    </StatusPill>
  );
}

/** A day of the table, kept on one line. */
function Day({ iso, timeZone }: { iso: string; timeZone: string }) {
  return (
    <time className={styles.day} dateTime={iso}>
      {teamDay(iso, timeZone)}
    </time>
  );
}

/** The table's columns: the buyer, a link to the review, then the broker, the status and the two days. */
const columnsIn = (timeZone: string, now: Date): Column<TeamRegistration>[] => [
  { header: copy.columns.buyer, names: true, cell: (registration) => <a href={`/admin/registrations/${registration.id}`}>{registration.fullName}</a> },
  {
    header: copy.columns.broker,
    wide: true,
    cell: (registration) => (
      <>
        {registration.broker.name}
        <span className={styles.brokerage}>{registration.broker.brokerage ?? copy.noBrokerage}</span>
      </>
    ),
  },
  { header: copy.columns.status, cell: (registration) => <RegistrationStatusBadge registration={registration} now={now} /> },
  { header: copy.columns.registeredOn, cell: (registration) => <Day iso={registration.createdAt} timeZone={timeZone} /> },
  { header: copy.columns.expiresOn, cell: (registration) => (registration.expiresAt ? <Day iso={registration.expiresAt} timeZone={timeZone} /> : copy.notYet) },
];

/** Every client registration for the team, filtered by status, each with its broker, dates and a way to its review. */
export function RegistrationsList({ registrations, status, underReview, timeZone, now }: RegistrationsListProps) {
  return (
    <PageColumn heading={copy.heading} intro={copy.intro}>
      <ViewLinks
        label={copy.filtersLabel}
        links={[null, ...REGISTRATION_FILTERS].map((filter) => ({
          href: filter ? `/admin/registrations?status=${filter}` : '/admin/registrations',
          label: copy.filters[filter ?? 'all'],
          current: filter === status,
          count: filter === 'under_review' ? underReview : undefined,
        }))}
      />
      <TableOrCards
        label={copy.tableLabel}
        columns={columnsIn(timeZone, now)}
        rows={registrations}
        rowKey={(registration) => registration.id}
        rowStatus={(registration) => registration.status}
        empty={<EmptyState>{status ? copy.noneOfStatus(copy.filters[status]) : copy.none}</EmptyState>}
      />
    </PageColumn>
  );
}
