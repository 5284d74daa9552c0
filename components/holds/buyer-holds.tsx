import { teamHolds } from '@/lib/copy/holds';
import type { HoldAnswer } from '@/lib/holds/forms';
import { placeTeamHold } from '@/lib/holds/actions';
import type { BoardLot, LotClaim } from '@/lib/holds/types';
import { Button } from '../shared/button';
import { EmptyState } from '../shared/empty-state';
import { FormField } from '../shared/form-field';
import { Panel } from '../shared/panel';
import { SelectOptions } from '../shared/select-options';
import { StatusSentence } from '../shared/status-sentence';
import { ClaimFacts, ClaimStatus } from './claim-facts';
import styles from './buyer-holds.module.scss';

interface BuyerHoldsProps {
  /** Whom a new hold is for: the lead's or the registration's id. */
  forWhom: { lead: string } | { registration: string };
  /** Their claims, newest first. */
  claims: LotClaim[];
  /** The lots free to hold now. */
  available: BoardLot[];
  holdHours: number;
  timeZone: string;
  /** What the last hold asked from here came to. */
  answer: HoldAnswer | null;
  /** The lot that hold was asked for, chosen again in the form while it is still free to hold. */
  chosenLot: string | null;
  /** Whether a hold may be placed (an active registration; any lead). */
  canHold: boolean;
}

/** A buyer's holds and reservations, each with the way to its lot, and the team's form to hold an available lot for them. */
export function BuyerHolds({ forWhom, claims, available, holdHours, timeZone, answer, chosenLot, canHold }: BuyerHoldsProps) {
  const [name, value] = 'lead' in forWhom ? ['lead', forWhom.lead] : ['registration', forWhom.registration];
  return (
    <Panel id="hold" sectionId="hold" heading={teamHolds.lotPage.open}>
      {answer ? <StatusSentence tone={answer === 'held' ? 'success' : 'error'}>{teamHolds.answers[answer]}</StatusSentence> : null}
      {claims.length ? (
        <ol className={styles.claims}>
          {claims.map((claim) => (
            <li key={claim.id}>
              <p className={styles.head}>
                <a href={`/admin/estates/${claim.estateId}#claim`}>{claim.lot}</a> <ClaimStatus claim={claim} />
              </p>
              <ClaimFacts claim={claim} timeZone={timeZone} audience="team" />
            </li>
          ))}
        </ol>
      ) : null}
      {canHold ? (
        available.length ? (
          <form action={placeTeamHold} className={styles.form}>
            <input type="hidden" name={name} value={value} />
            <p className={styles.intro}>{teamHolds.holdIntro(holdHours)}</p>
            <FormField id="hold-lot" label={teamHolds.lotLabel} beside={<Button kind="secondary">{teamHolds.place}</Button>}>
              {(control) => (
                <select {...control} name="estate" required defaultValue={available.some((lot) => lot.id === chosenLot) ? chosenLot! : ''}>
                  <SelectOptions prompt={teamHolds.chooseLot} choices={available.map((lot) => [lot.id, lot.lot] as const)} />
                </select>
              )}
            </FormField>
          </form>
        ) : (
          <EmptyState>{teamHolds.noLots}</EmptyState>
        )
      ) : null}
    </Panel>
  );
}
