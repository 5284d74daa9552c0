import { footer, site } from '@/lib/content';
import { Monogram } from './monogram';
import styles from './site-footer.module.scss';

/** Renders the year of the moment it is rendered; the page's revalidation keeps that moment recent. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Monogram className={styles.mark} />
          <p className={styles.wordmark}>{site.name}</p>
        </div>
        <p className={styles.tagline}>{footer.tagline}</p>
        <p className={styles.copyright}>{footer.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
