import { erasePerson } from '@/lib/admin/actions';
import { erasePage, leadPage } from '@/lib/copy/team';
import styles from './erase-person.module.scss';

/** The form that erases a person on request, and what the last erasure did. */
export function ErasePerson({ erased, refused }: { erased: number | null; refused: boolean }) {
  return (
    <main className={styles.page}>
      <p>
        <a className={styles.back} href="/admin">
          ← {leadPage.back}
        </a>
      </p>
      <h1 className={styles.heading}>{erasePage.heading}</h1>
      <p className={styles.intro}>{erasePage.intro}</p>
      <p className={styles.said} role="status" data-outcome={refused ? 'refused' : 'done'}>
        {erased !== null ? erasePage.done(erased) : refused ? erasePage.refused : ''}
      </p>
      <form action={erasePerson} className={styles.form}>
        <label htmlFor="erase-email">{erasePage.email}</label>
        <input id="erase-email" name="email" type="email" required maxLength={254} autoComplete="off" />
        <label className={styles.confirm}>
          <input type="checkbox" name="confirm" value="yes" required /> {erasePage.confirm}
        </label>
        <button type="submit">{erasePage.submit}</button>
      </form>
    </main>
  );
}
