import Link from 'next/link';
import { notFound as copy, site } from '@/lib/content';
import { Monogram } from './monogram';
import styles from './not-found.module.scss';

/** The answer to an address that leads nowhere: in the site's own voice, one step from home. */
export function NotFound() {
  return (
    <main className={styles.page}>
      <Monogram className={styles.mark} />
      <p className={styles.eyebrow}>{site.name}</p>
      <h1 className={styles.title}>{copy.heading}</h1>
      <p className={styles.body}>{copy.body}</p>
      <Link className={styles.home} href="/">
        {copy.home}
      </Link>
    </main>
  );
}
