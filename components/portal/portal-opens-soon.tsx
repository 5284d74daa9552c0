import { portalPage as copy } from '@/lib/copy/portal';
import { EmailAddress } from '../shared/email-address';
import { PageColumn } from '../shared/page-column';

/** A broker's portal before the team has published its first terms: a sentence, and the way to write meanwhile. */
export function PortalOpensSoon({ teamAddress }: { teamAddress: string | null }) {
  return (
    <PageColumn heading={copy.heading} intro={copy.opensSoon.intro} width="medium">
      {teamAddress ? (
        <p>
          {copy.opensSoon.write} <EmailAddress address={teamAddress} />.
        </p>
      ) : null}
    </PageColumn>
  );
}
