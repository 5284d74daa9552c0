import { unlistedPage } from '@/lib/unlisted-page';
import { notFound } from 'next/navigation';
import { BuyerHolds } from '@/components/holds/buyer-holds';
import { LeadDetail } from '@/components/team/lead-detail';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { leadPage } from '@/lib/copy/team';
import { readHoldAnswer } from '@/lib/holds/forms';
import { getStore } from '@/lib/store';
import { readAddressId, readId, readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage('Lead');

export default async function LeadPage({ params, searchParams }: PageProps<'/admin/leads/[id]'>) {
  const actor = await requireTeam();
  const id = readAddressId((await params).id);
  if (!id) notFound();
  const store = getStore();
  const detail = await store.leadDetail(actor, id);
  if (!detail) notFound();
  const now = new Date();
  const inquiry = detail.form === 'inquiry';
  const [notices, team, registrations, claims, board] = await Promise.all([
    store.leadNotices(actor, [id]),
    store.teamOverview(actor, new Date()),
    // Brokers register buyers, who may have written to us as prospects: never a broker's own request.
    inquiry ? store.inquiryRegistrations(actor, id) : [],
    inquiry ? store.lotClaims(actor, { leadId: id }, now) : [],
    inquiry ? store.lotBoard(actor, now) : null,
  ]);
  const query = readQuery(await searchParams);
  // `?saved=status` after a change, `?refused` after one that was not made (`?refused=owner`: not someone who may own
  // a lead); anything else says nothing.
  const saved = typeof query.saved === 'string' && Object.hasOwn(leadPage.saved, query.saved) ? query.saved : null;
  const outcome = 'refused' in query ? (query.refused === 'owner' ? 'refused:owner' : 'refused') : saved;

  return (
    <LeadDetail
      detail={detail}
      notices={notices}
      members={team.members.map(({ id, name }) => ({ id, name }))}
      timeZone={serverConfig().timeZone}
      now={new Date().toISOString()}
      outcome={outcome}
      registrations={registrations}
      holds={
        board ? (
          <BuyerHolds
            forWhom={{ lead: id }}
            claims={claims}
            available={board.lots.filter((lot) => lot.standing === 'available')}
            holdHours={board.settings.holdHours}
            timeZone={serverConfig().timeZone}
            answer={readHoldAnswer(query.hold)}
            chosenLot={readId(query.lot)}
            canHold
          />
        ) : null
      }
    />
  );
}
