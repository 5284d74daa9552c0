import type { Metadata } from 'next';
import { ErasePerson } from '@/components/team/erase-person';
import { requireTeam } from '@/lib/auth/session';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Erase a person',
  robots: { index: false, follow: false },
};

export default async function ErasePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireTeam();
  const query = readQuery(await searchParams);
  const erased = typeof query.erased === 'string' && /^\d{1,6}$/.test(query.erased) ? Number(query.erased) : null;
  return (
    <ErasePerson erased={erased} refused={'refused' in query} />
  );
}
