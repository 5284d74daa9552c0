import type { Metadata } from 'next';
import { CardFrame } from '@/components/shared/card-frame';
import styles from '@/components/account/auth-form.module.scss';
import { signInFromLink } from '@/lib/auth/actions';
import { authContext } from '@/lib/auth/session';
import { linkState } from '@/lib/auth/sign-in';
import { LINK_TOKEN } from '@/lib/auth/tokens';
import { linkPage } from '@/lib/copy/account';
import { site } from '@/lib/copy/site';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: linkPage.title, robots: { index: false, follow: false } };

/**
 * Where a sign-in email's link, or an invitation, opens. Opening it spends nothing (mail scanners open links
 * to look at them): the button posts, and only that signs someone in.
 */
export default async function SignInLinkPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const token = typeof query.token === 'string' && LINK_TOKEN.test(query.token) && !('dead' in query) ? query.token : null;
  const state = token ? await linkState(authContext(), token) : { live: false, purpose: null };
  return (
    <CardFrame eyebrow={site.name} heading={linkPage.heading} width="narrow">
      {token && state.live ? (
        <form className={styles.form} action={signInFromLink}>
          <p className={styles.intro}>{state.purpose === 'invitation' ? linkPage.invitation : linkPage.sign_in}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={styles.submit}>
            {linkPage.button}
          </button>
        </form>
      ) : (
        <div className={styles.form}>
          <p className={styles.status} role="status" data-tone="error">
            {linkPage.dead}
          </p>
          <p className={styles.links}>
            <a href="/sign-in">{linkPage.again}</a>
          </p>
        </div>
      )}
    </CardFrame>
  );
}
