import { unlistedPage } from '@/lib/unlisted-page';
import { TermsManager } from '@/components/team/terms-manager';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { termsPage } from '@/lib/copy/team-brokers';
import { getStore } from '@/lib/store';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(termsPage.title);

export default async function TermsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const store = getStore();
  const [current, versions] = await Promise.all([store.currentTerms(actor), store.termsVersions(actor)]);
  const query = readQuery(await searchParams);
  // Only a version that exists is said to be published.
  const saved = typeof query.saved === 'string' && /^\d{1,9}$/.test(query.saved) ? Number(query.saved) : null;
  const published = saved !== null && versions.some((version) => version.version === saved) ? saved : null;
  return <TermsManager current={current} versions={versions} timeZone={serverConfig().timeZone} published={published} />;
}
