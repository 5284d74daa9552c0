import { teamDate } from '@/lib/admin/time';
import { claimWords, teamHolds } from '@/lib/copy/holds';
import { formatUsd } from '@/lib/copy/money';
import type { LotClaim } from '@/lib/holds/types';
import { StatusPill } from '../shared/status-pill';
import styles from './overdue-deposits.module.scss';

/** At the top of the inbox, while any: each reservation whose deposit is unpaid past its due day, with the way to its lot. */
export function OverdueDeposits({ claims }: { claims: LotClaim[] }) {
  if (!claims.length) return null;
  return (
    <section className={styles.overdue} aria-labelledby="deposits-overdue-heading">
      <h2 id="deposits-overdue-heading" className={styles.heading}>
        <StatusPill tone="negative" status="overdue">
          <strong>{claimWords.overdue}</strong>
        </StatusPill>{' '}
        {teamHolds.overdue.heading}
      </h2>
      <ul>
        {claims.map((claim) => (
          <li key={claim.id}>
            <a href={`/admin/estates/${claim.estateId}#claim`}>
              {teamHolds.overdue.line(claim.lot, claim.buyer?.name ?? claimWords.erased, formatUsd(claim.deposit?.amount ?? 0), teamDate(claim.deposit?.dueOn ?? ''))}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
