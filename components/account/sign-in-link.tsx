import { signInFromLink } from '@/lib/auth/actions';
import { linkPage as copy } from '@/lib/copy/account';
import { Button } from '../shared/button';
import { StatusSentence } from '../shared/status-sentence';
import styles from './auth-form.module.scss';

/**
 * A live link's one button, which posts: opening the page spends nothing, as mail scanners open links to look at
 * them. A link spent, expired or mistyped (`token` null) says so, and where to ask again.
 */
export function SignInLink({ token, invitation }: { token: string | null; invitation: boolean }) {
  if (!token) {
    return (
      <div className={styles.form}>
        <StatusSentence tone="error">{copy.dead}</StatusSentence>
        <p className={styles.links}>
          <a href="/sign-in">{copy.again}</a>
        </p>
      </div>
    );
  }
  return (
    <form className={styles.form} action={signInFromLink}>
      <p className={styles.intro}>{invitation ? copy.invitation : copy.sign_in}</p>
      <input type="hidden" name="token" value={token} />
      <Button className={styles.wide}>{copy.button}</Button>
    </form>
  );
}
