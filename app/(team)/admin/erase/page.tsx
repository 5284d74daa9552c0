import { unlistedPage } from '@/lib/unlisted-page';
import { ErasePerson } from '@/components/team/erase-person';
import { requireTeam } from '@/lib/auth/session';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage('Erase a person');

export default async function ErasePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireTeam();
  const query = readQuery(await searchParams);
  const erased = typeof query.erased === 'string' && /^\d{1,6}$/.test(query.erased) ? Number(query.erased) : null;
  return (
    <ErasePerson erased={erased} refused={'refused' in query} />
  );
}
