import { notFound as copy, site } from '@/lib/copy/site';
import { Monogram } from '../shared/monogram';
import styles from './not-found.module.scss';

/** The answer to an address that leads nowhere: in the site's own voice, one step from home. */
export function NotFound() {
  return (
    <main className={styles.page}>
      <Monogram className={styles.mark} />
      <p className={styles.eyebrow}>{site.name}</p>
      <h1 className={styles.title}>{copy.heading}</h1>
      <p className={styles.body}>{copy.body}</p>
      {/* A plain link: next/link here would ship its client code (about 4 KB) with the
          home page too, since the not-found boundary travels in every page's payload. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a className={styles.home} href="/">
        {copy.home}
      </a>
    </main>
  );
}
