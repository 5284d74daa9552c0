import { inbox } from '@/lib/copy/team';
import { StatusPill, type PillTone } from '../shared/status-pill';

// What waits on the team draws the eye; what is over and done is quiet.
const TONES: Record<string, PillTone> = {
  new: 'attention',
  pending: 'attention',
  contacted: 'neutral',
  qualified: 'neutral',
  touring: 'neutral',
  approved: 'positive',
  declined: 'negative',
  closed: 'quiet',
  spam: 'quiet',
};

/** Where a lead stands, in the inbox and on its page. */
export function LeadStatusPill({ status }: { status: string }) {
  return (
    <StatusPill tone={TONES[status] ?? 'neutral'} status={status}>
      {inbox.statuses[status] ?? status}
    </StatusPill>
  );
}
