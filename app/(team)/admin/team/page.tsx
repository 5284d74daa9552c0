import { unlistedPage } from '@/lib/unlisted-page';
import { TeamRoster } from '@/components/team/team-roster';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { teamPage } from '@/lib/copy/team';
import { getStore } from '@/lib/store';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(teamPage.title);

export default async function TeamPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const overview = await getStore().teamOverview(actor, new Date());
  const query = readQuery(await searchParams);
  const saved = typeof query.saved === 'string' && Object.hasOwn(teamPage.saved, query.saved) ? query.saved : null;
  return <TeamRoster actor={actor} overview={overview} timeZone={serverConfig().timeZone} outcome={'refused' in query ? 'refused' : saved} />;
}
