import { inbox } from '@/lib/copy/team';
import { formatWait, overdueWait } from '@/lib/leads/overdue';
import styles from './overdue-mark.module.scss';

/** "Overdue · waiting 21 h 4 min" on a broker request still pending 20 hours after it arrived; nothing otherwise. */
export function OverdueMark({ lead, now, className }: { lead: { status: string; created_at: string }; now: string; className?: string }) {
  const waited = overdueWait(lead, new Date(now));
  if (waited === null) return null;
  return (
    <span className={[styles.mark, className].filter(Boolean).join(' ')} data-overdue="">
      <strong>{inbox.overdue.mark}</strong> <span>{inbox.overdue.waited(formatWait(waited))}</span>
    </span>
  );
}
