import { inbox } from '@/lib/copy/team';
import { teamTime } from '@/lib/admin/time';
import type { NoticeState } from '@/lib/delivery/types';
import { Button } from '../shared/button';
import styles from './delivery-state.module.scss';

interface DeliveryStateProps {
  notices: readonly NoticeState[];
  timeZone: string;
  /** Given, a failed notice can be sent again from here: the form's action and the lead it belongs to. */
  resend?: { action: (formData: FormData) => Promise<void>; leadId: string };
}

/** The order the team reads a lead's notices in: its own email first. */
const ORDER = ['team_email', 'receipt', 'webhook', 'broker_overdue', 'broker_approved', 'broker_declined'];

/** Where each of a lead's notices stands: sent, waiting or retrying with its next try, or failed with why; nothing without one. */
export function DeliveryState({ notices, timeZone, resend }: DeliveryStateProps) {
  if (!notices.length) return null;
  const copy = inbox.delivery;
  const ordered = [...notices].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return (
    <ul className={styles.notices}>
      {ordered.map((notice) => (
        <li key={notice.id} className={styles.notice} data-status={notice.status}>
          <p>
            <span className={styles.kind}>{copy.kinds[notice.kind] ?? notice.kind}</span>{' '}
            <span className={styles.state}>
              {notice.status === 'sent'
                ? copy.sent(teamTime(notice.sentAt!, timeZone))
                : notice.status === 'pending'
                  ? copy.pending(teamTime(notice.nextAttemptAt, timeZone), notice.attempts)
                  : notice.status === 'dropped'
                    ? copy.dropped(notice.lastError)
                    : copy.failed(notice.lastError)}
            </span>
          </p>
          {resend && notice.status === 'failed' ? (
            <form action={resend.action}>
              <input type="hidden" name="id" value={resend.leadId} />
              <input type="hidden" name="notice" value={notice.id} />
              <Button kind="secondary">{copy.resend}</Button>
            </form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
