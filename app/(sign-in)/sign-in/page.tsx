import { unlistedPage } from '@/lib/unlisted-page';
import { redirect } from 'next/navigation';
import { CardFrame } from '@/components/shared/card-frame';
import { SignInForm } from '@/components/account/sign-in-form';
import { currentActor, homeOf, safeReturnPath } from '@/lib/auth/session';
import { signInPage } from '@/lib/copy/account';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(signInPage.title);

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = readQuery(await searchParams);
  const next = safeReturnPath(query.next);
  // Someone signed in already goes on where they were going.
  const actor = await currentActor();
  if (actor) redirect(next ?? homeOf(actor.role));
  const farewell = 'signed-out' in query ? (query['signed-out'] === 'everywhere' ? signInPage.signedOutEverywhere : signInPage.signedOut) : null;
  return (
    <CardFrame eyebrow={signInPage.eyebrow} heading={signInPage.heading} width="narrow">
      <SignInForm next={next} farewell={farewell} />
    </CardFrame>
  );
}
