import { unlistedPage } from '@/lib/unlisted-page';
import { redirect } from 'next/navigation';
import { NameStep } from '@/components/account/name-step';
import { CardFrame } from '@/components/shared/card-frame';
import { homeOf, requireSignedIn, safeReturnPath } from '@/lib/auth/session';
import { nameStep } from '@/lib/copy/account';
import { readQuery } from '@/lib/query-params';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(nameStep.title);

/** Asked after a sign-in while the account's name is only the guess its address gave; otherwise straight on. */
export default async function NameStepPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireSignedIn();
  const query = readQuery(await searchParams);
  const next = safeReturnPath(query.next) ?? homeOf(actor.role);
  const guess = await getStore().nameQuestion(actor);
  if (guess === null) redirect(next);
  return (
    <CardFrame eyebrow={nameStep.eyebrow} heading={nameStep.heading} width="narrow">
      <NameStep guess={guess} next={next} />
    </CardFrame>
  );
}
