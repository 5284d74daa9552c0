import { unlistedPage } from '@/lib/unlisted-page';
import { InsightsBoard } from '@/components/insights/insights-board';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { insightFigures } from '@/lib/copy/insight-figures';
import { insightFigureList, parseBrokerSort } from '@/lib/insights/figures';
import { loadInsights, parsePeriod } from '@/lib/insights/load';
import { readQuery } from '@/lib/query-params';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(insightFigures.title);

export default async function InsightsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const query = readQuery(await searchParams);
  const period = parsePeriod(query.period);
  const sort = parseBrokerSort(query.sort);
  const { timeZone } = serverConfig();
  const insights = await loadInsights(getStore(), actor, period, timeZone, new Date());
  return <InsightsBoard period={period} sort={sort} figures={insightFigureList(insights, { sort, timeZone })} />;
}
