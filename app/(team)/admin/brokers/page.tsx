import { unlistedPage } from '@/lib/unlisted-page';
import type { StatusMessage } from '@/components/shared/status-sentence';
import { BrokersOverview } from '@/components/team/brokers-overview';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { brokersPage } from '@/lib/copy/team-brokers';
import { getStore } from '@/lib/store';
import type { BrokerOverview } from '@/lib/portal/types';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(brokersPage.title);

/** What the address says happened last: a broker's access ended or given back (named by their request), or refused. */
function outcomeOf(query: Record<string, string | string[] | undefined>, brokers: BrokerOverview[]): StatusMessage | null {
  if ('refused' in query) return { tone: 'error', text: brokersPage.refused };
  const broker = typeof query.lead === 'string' ? brokers.find((entry) => entry.leadId === query.lead) : undefined;
  const saved = query.saved === 'revoke' || query.saved === 'restore' ? query.saved : null;
  return broker && saved ? { tone: 'success', text: brokersPage.saved[saved](broker.name) } : null;
}

// The team's view of its brokers; a broker is told nothing is here (404), and the store refuses them in any case.
export default async function BrokersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const brokers = await getStore().brokerOverview(actor);
  return <BrokersOverview brokers={brokers} timeZone={serverConfig().timeZone} said={outcomeOf(readQuery(await searchParams), brokers)} />;
}
