import { unlistedPage } from '@/lib/unlisted-page';
import type { StatusMessage } from '@/components/shared/status-sentence';
import { ToursAdmin } from '@/components/team/tours-admin';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { toursAdmin } from '@/lib/copy/team';
import { getStore } from '@/lib/store';
import { agendaDays, agendaRange } from '@/lib/tours/agenda';
import { timeZoneLabel } from '@/lib/tours/slots';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(toursAdmin.title);

/** What the address says happened last: a change saved, or refused (and why). */
function outcomeOf(query: Record<string, string | string[] | undefined>): StatusMessage | null {
  const pick = (table: Record<string, string>, key: unknown) => (typeof key === 'string' && Object.hasOwn(table, key) ? table[key]! : null);
  if ('refused' in query) return { tone: 'error', text: pick(toursAdmin.refused, query.refused) ?? toursAdmin.refused.invalid! };
  const saved = pick(toursAdmin.saved, query.saved);
  return saved ? { tone: 'success', text: saved } : null;
}

export default async function ToursPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const store = getStore();
  const { timeZone } = serverConfig();
  const query = readQuery(await searchParams);
  const now = new Date();
  const range = agendaRange(query.from, now, timeZone);
  const [settings, tours, team] = await Promise.all([store.tourSettings(), store.tourAgenda(actor, range.fromInstant, range.toInstant), store.teamOverview(actor, now)]);
  return (
    <ToursAdmin
      settings={settings}
      range={range}
      days={agendaDays(tours, timeZone)}
      members={team.members.map(({ id, name }) => ({ id, name }))}
      timeZone={timeZone}
      zone={timeZoneLabel(timeZone, now)}
      said={outcomeOf(query)}
    />
  );
}
