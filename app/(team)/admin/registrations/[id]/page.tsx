import { unlistedPage } from '@/lib/unlisted-page';
import { notFound } from 'next/navigation';
import { BuyerHolds } from '@/components/holds/buyer-holds';
import type { StatusMessage } from '@/components/shared/status-sentence';
import { RegistrationReview } from '@/components/team/registration-review';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { registrationsPage } from '@/lib/copy/team-brokers';
import { readHoldAnswer } from '@/lib/holds/forms';
import { getStore } from '@/lib/store';
import { readAddressId, readId, readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(registrationsPage.title);

/** What the address says happened last: a decision saved, or one someone else made first. */
function outcomeOf(query: Record<string, string | string[] | undefined>): StatusMessage | null {
  if (query.refused === 'already') return { tone: 'error', text: registrationsPage.refusedAlready };
  const saved = typeof query.saved === 'string' && Object.hasOwn(registrationsPage.saved, query.saved) ? registrationsPage.saved[query.saved]! : null;
  return saved ? { tone: 'success', text: saved } : null;
}

export default async function RegistrationPage({ params, searchParams }: PageProps<'/admin/registrations/[id]'>) {
  const actor = await requireTeam();
  const id = readAddressId((await params).id);
  if (!id) notFound();
  const store = getStore();
  const now = new Date();
  const [review, claims, board] = await Promise.all([store.registrationReview(actor, id), store.lotClaims(actor, { registrationId: id }, now), store.lotBoard(actor, now)]);
  if (!review) notFound();
  const query = readQuery(await searchParams);
  const { registration } = review;
  const { timeZone } = serverConfig();
  const active = registration.status === 'registered' && registration.expiresAt !== null && Date.parse(registration.expiresAt) > now.getTime();
  return (
    <RegistrationReview
      review={review}
      timeZone={timeZone}
      now={now}
      said={outcomeOf(query)}
      holds={
        <BuyerHolds
          forWhom={{ registration: id }}
          claims={claims}
          available={board.lots.filter((lot) => lot.standing === 'available')}
          holdHours={board.settings.holdHours}
          timeZone={timeZone}
          answer={readHoldAnswer(query.hold)}
          chosenLot={readId(query.lot)}
          canHold={active}
        />
      }
    />
  );
}
