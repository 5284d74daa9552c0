import { inbox } from '@/lib/copy/team';
import { formatWait, overdueWait } from '@/lib/leads/overdue';
import { StatusPill } from '../shared/status-pill';
import styles from './overdue-mark.module.scss';

/** "Overdue · waiting 21 h 4 min" on a broker request still pending 20 hours after it arrived; nothing otherwise. */
export function OverdueMark({ lead, now }: { lead: { status: string; created_at: string }; now: string }) {
  const waited = overdueWait(lead, new Date(now));
  if (waited === null) return null;
  return (
    <span className={styles.mark}>
      <StatusPill tone="negative" status="overdue">
        <strong>{inbox.overdue.mark}</strong>
      </StatusPill>{' '}
      <span>{inbox.overdue.waited(formatWait(waited))}</span>
    </span>
  );
}
