import { portalHolds } from '@/lib/copy/holds';
import type { LotClaim } from '@/lib/holds/types';
import { EmptyState } from '../shared/empty-state';
import { Panel } from '../shared/panel';
import { ClaimFacts, ClaimStatus } from './claim-facts';
import styles from './buyer-holds.module.scss';

/** On a broker's registration page: the holds and reservation of their client, each step as it stands. */
export function RegistrationHolds({ claims, timeZone }: { claims: LotClaim[]; timeZone: string }) {
  return (
    <Panel id="holds" sectionId="holds" heading={portalHolds.registrationHeading}>
      {claims.length ? (
        <ol className={styles.claims}>
          {claims.map((claim) => (
            <li key={claim.id}>
              <p className={styles.head}>
                {claim.lot} <ClaimStatus claim={claim} />
              </p>
              <ClaimFacts claim={claim} timeZone={timeZone} audience="broker" />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState>{portalHolds.registrationNone}</EmptyState>
      )}
    </Panel>
  );
}
