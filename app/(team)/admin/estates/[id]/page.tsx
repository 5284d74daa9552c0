import { unlistedPage } from '@/lib/unlisted-page';
import { notFound } from 'next/navigation';
import { LotClaims } from '@/components/holds/lot-claims';
import type { StatusMessage } from '@/components/shared/status-sentence';
import { EstatePanel } from '@/components/team/estate-panel';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { teamHolds } from '@/lib/copy/holds';
import { readHoldAnswer } from '@/lib/holds/forms';
import type { ShapeAnswer } from '@/lib/holds/manage';
import { readAddressId, readQuery } from '@/lib/query-params';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage('Lot · Estates');

const SHAPE_ANSWERS = Object.keys(teamHolds.shape.answers) as ShapeAnswer[];

/** What the address says the last hold or shape change came to. */
function saidOf(query: Record<string, string | string[] | undefined>, held: boolean): StatusMessage | null {
  const hold = readHoldAnswer(query.hold);
  // Said while it is still so: the address outlives the reservation made from the same page.
  if (hold && (hold !== 'held' || held)) return { tone: hold === 'held' ? 'success' : 'error', text: teamHolds.answers[hold] };
  const shape = SHAPE_ANSWERS.find((answer) => answer === query.shape);
  if (shape) return { tone: shape === 'linked' || shape === 'unlinked' ? 'success' : 'error', text: teamHolds.shape.answers[shape] };
  return null;
}

export default async function LotPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const id = readAddressId((await params).id);
  if (!id) notFound();
  const store = getStore();
  const now = new Date();
  const [board, claims, history] = await Promise.all([store.lotBoard(actor, now), store.lotClaims(actor, { estateId: id }, now), store.estateHistory(actor, id)]);
  const lot = board.lots.find((candidate) => candidate.id === id);
  if (!lot) notFound();
  const shapesTaken = new Set(board.lots.flatMap((other) => (other.id !== id && other.shape ? [other.shape] : [])));
  const timeZone = serverConfig().timeZone;
  return (
    <LotClaims lot={lot} claims={claims} timeZone={timeZone} said={saidOf(readQuery(await searchParams), lot.standing === 'on_hold')} shapesTaken={shapesTaken}>
      <EstatePanel estate={lot} history={history} timeZone={timeZone} />
    </LotClaims>
  );
}
