import type { ReactNode } from 'react';
import { claimForms as copy, teamHolds } from '@/lib/copy/holds';
import { listPriceWords } from '@/lib/copy/money';
import { linkEstateShape } from '@/lib/holds/actions';
import { SITE_PLAN } from '@/lib/holds/site-plan';
import type { BoardLot, LotClaim } from '@/lib/holds/types';
import { Button } from '../shared/button';
import { EmptyState } from '../shared/empty-state';
import { FormField } from '../shared/form-field';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import type { StatusMessage } from '../shared/status-sentence';
import { ClaimFacts, ClaimStatus } from './claim-facts';
import { ClaimForms } from './claim-forms';
import { StandingPill } from './standing-pill';
import styles from './lot-claims.module.scss';

interface LotClaimsProps {
  lot: BoardLot;
  /** Every claim on the lot, newest first (the active one among them). */
  claims: LotClaim[];
  timeZone: string;
  said: StatusMessage | null;
  /** Shapes other estates are linked to, by id: not offered again. */
  shapesTaken: Set<string>;
  /** The estate's own part, after its claim: its status, details, history and deletion (components/team/estate-panel). */
  children?: ReactNode;
}

/** One lot in the back office: what it shows, its claim and what the team can do with it, its shape on the plan, and its earlier claims. */
export function LotClaims({ lot, claims, timeZone, said, shapesTaken, children }: LotClaimsProps) {
  const active = claims.find((claim) => claim.state === 'active') ?? null;
  const earlier = claims.filter((claim) => claim !== active);
  return (
    <PageColumn
      back={{ href: '/admin/estates', label: teamHolds.lotPage.back }}
      heading={lot.lot}
      intro={
        <p className={styles.standing}>
          <StandingPill standing={lot.standing} /> · {listPriceWords(lot.listPrice)}
        </p>
      }
      status={said}
    >
      <div className={styles.sections}>
        <Panel id="claim" sectionId="claim" heading={copy.heading} byline={active ? <ClaimStatus claim={active} /> : undefined}>
          {active ? (
            <>
              <ClaimFacts claim={active} timeZone={timeZone} audience="team" />
              <ClaimForms key={active.id} claim={active} />
            </>
          ) : (
            <EmptyState>{copy.none}</EmptyState>
          )}
        </Panel>

        {children}

        <Panel id="plan-shape" sectionId="plan-shape" heading={teamHolds.shape.heading}>
          <form action={linkEstateShape} className={styles.shape}>
            <input type="hidden" name="estate" value={lot.id} />
            <FormField id="shape" label={teamHolds.shape.label} beside={<Button kind="secondary">{teamHolds.shape.save}</Button>}>
              {(control) => (
                <select {...control} name="shape" defaultValue={lot.shape ?? ''}>
                  <option value="">{teamHolds.shape.none}</option>
                  {SITE_PLAN.lots
                    .filter((shape) => shape.id === lot.shape || !shapesTaken.has(shape.id))
                    .map((shape) => (
                      <option key={shape.id} value={shape.id}>
                        {shape.name}
                      </option>
                    ))}
                </select>
              )}
            </FormField>
          </form>
        </Panel>

        {earlier.length ? (
          <Panel id="earlier" heading={copy.history}>
            <ol className={styles.earlier}>
              {earlier.map((claim) => (
                <li key={claim.id}>
                  <ClaimStatus claim={claim} />
                  <ClaimFacts claim={claim} timeZone={timeZone} audience="team" />
                </li>
              ))}
            </ol>
          </Panel>
        ) : null}
      </div>
    </PageColumn>
  );
}
