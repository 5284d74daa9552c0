import type { Metadata } from 'next';
import { ErasePerson } from '@/components/erase-person';
import { InboxFrame } from '@/components/inbox-frame';
import { currentMember } from '@/lib/admin/member';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Erase a person',
  robots: { index: false, follow: false },
};

export default async function ErasePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const member = await currentMember();
  const query = await searchParams;
  const erased = typeof query.erased === 'string' && /^\d{1,6}$/.test(query.erased) ? Number(query.erased) : null;
  return (
    <InboxFrame member={member.name}>
      <ErasePerson erased={erased} refused={'refused' in query} />
    </InboxFrame>
  );
}
