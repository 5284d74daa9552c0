import { standings } from '@/lib/copy/holds';
import type { LotStanding } from '@/lib/holds/types';
import { StatusPill, type PillTone } from '../shared/status-pill';

const TONES: Record<LotStanding, PillTone> = { available: 'positive', on_hold: 'attention', reserved: 'attention', under_contract: 'attention', sold: 'quiet' };

/** What a lot shows, in words, as every list of lots shows it. */
export function StandingPill({ standing }: { standing: LotStanding }) {
  return (
    <StatusPill tone={TONES[standing]} status={standing}>
      {standings[standing]}
    </StatusPill>
  );
}
