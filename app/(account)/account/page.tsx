import { unlistedPage } from '@/lib/unlisted-page';
import { AccountSettings } from '@/components/account/account-settings';
import { SignedInFrame } from '@/components/shared/signed-in-frame';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { accountPage } from '@/lib/copy/account';
import { getStore } from '@/lib/store';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(accountPage.title);

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireSignedIn();
  const { timeZone } = serverConfig();
  const [overview, weeklyFigures] = await Promise.all([
    getStore().accountOverview(actor, new Date()),
    actor.role === 'owner' ? getStore().weeklyFigures(actor, null, timeZone, new Date()) : null,
  ]);
  const query = readQuery(await searchParams);
  const saved = typeof query.saved === 'string' && Object.hasOwn(accountPage.saved, query.saved) ? query.saved : null;
  return (
    <SignedInFrame actor={actor} current="/account">
      <AccountSettings actor={actor} overview={overview} timeZone={timeZone} outcome={'refused' in query ? 'refused' : saved} weeklyFigures={weeklyFigures} />
    </SignedInFrame>
  );
}
