import { currentActor, TEAM_ROLES } from '@/lib/auth/session';
import { CSV_PREAMBLE, csvLine } from '@/lib/admin/csv';
import { serverConfig } from '@/lib/config/server';
import { insightFigureList, isFigureId, parseBrokerSort } from '@/lib/insights/figures';
import { loadInsights, parsePeriod } from '@/lib/insights/load';
import { readQuery } from '@/lib/query-params';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

const PRIVATE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

/** One chart's figures as CSV: the same columns and rows as the table beside it, for the period asked for. */
export async function GET(request: Request, { params }: { params: Promise<{ figure: string }> }) {
  const actor = await currentActor();
  const { figure: id } = await params;
  // To anyone but a team member signed in, there is nothing here.
  if (!actor || !TEAM_ROLES.includes(actor.role) || !isFigureId(id)) {
    return new Response('Not Found', { status: 404, headers: { ...PRIVATE, 'content-type': 'text/plain; charset=utf-8' } });
  }
  // Read as every page reads its query: a parameter the site cannot keep is dropped, and said once in the log.
  const query = readQuery(Object.fromEntries(new URL(request.url).searchParams));
  const period = parsePeriod(query.period);
  const { timeZone } = serverConfig();
  const now = new Date();
  const insights = await loadInsights(getStore(), actor, period, timeZone, now);
  const figure = insightFigureList(insights, { sort: parseBrokerSort(query.sort), timeZone }).find((each) => each.id === id)!;
  const body = CSV_PREAMBLE + csvLine(figure.table.columns.map((column) => column.header)) + figure.table.rows.map((row) => csvLine(row)).join('');
  return new Response(body, {
    headers: {
      ...PRIVATE,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="aldercrest-${id}-${period}-${now.toISOString().slice(0, 10)}.csv"`,
    },
  });
}
