import { unlistedPage } from '@/lib/unlisted-page';
import type { StatusMessage } from '@/components/shared/status-sentence';
import { EstatesManager } from '@/components/team/estates-manager';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { estatesPage } from '@/lib/copy/team-brokers';
import { getStore } from '@/lib/store';
import { readQuery } from '@/lib/query-params';
import { cutText } from '@/lib/storable-text';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(estatesPage.title);

/** What the address says happened last: a change saved, refused (and why), or nothing to change. */
function outcomeOf(query: Record<string, string | string[] | undefined>): StatusMessage | null {
  if ('refused' in query) {
    const text = query.refused === 'sold' ? estatesPage.refusedSold : query.refused === 'gone' ? estatesPage.refusedGone : estatesPage.refused;
    return { tone: 'error', text };
  }
  const saved = typeof query.saved === 'string' && Object.hasOwn(estatesPage.saved, query.saved) ? query.saved : null;
  if (!saved) return null;
  return { tone: saved === 'unchanged' ? 'info' : 'success', text: estatesPage.saved[saved]! };
}

export default async function EstatesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const store = getStore();
  const board = await store.lotBoard(actor, new Date());
  const query = readQuery(await searchParams);
  const answer = (['saved', 'invalid', 'unavailable'] as const).find((option) => option === query.settings) ?? null;
  const kept = (value: unknown) => (typeof value === 'string' ? cutText(value, 8) : null);
  return (
    <EstatesManager
      estates={board.lots}
      holdSettings={board.settings}
      settingsReply={answer ? { answer, holdHours: kept(query.holdHours), brokerLimit: kept(query.brokerLimit) } : null}
      timeZone={serverConfig().timeZone}
      said={outcomeOf(query)}
    />
  );
}
