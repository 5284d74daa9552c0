import { unlistedPage } from '@/lib/unlisted-page';
import { SignInLink } from '@/components/account/sign-in-link';
import { CardFrame } from '@/components/shared/card-frame';
import { authContext } from '@/lib/auth/session';
import { linkState } from '@/lib/auth/sign-in';
import { LINK_TOKEN } from '@/lib/auth/tokens';
import { linkPage } from '@/lib/copy/account';
import { site } from '@/lib/copy/site';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(linkPage.title);

/** Where a sign-in email's link, or an invitation, opens. */
export default async function SignInLinkPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = readQuery(await searchParams);
  const token = typeof query.token === 'string' && LINK_TOKEN.test(query.token) && !('dead' in query) ? query.token : null;
  const state = token ? await linkState(authContext(), token) : { live: false, purpose: null };
  return (
    <CardFrame eyebrow={site.name} heading={linkPage.heading} width="narrow">
      <SignInLink token={state.live ? token : null} invitation={state.purpose === 'invitation'} />
    </CardFrame>
  );
}
