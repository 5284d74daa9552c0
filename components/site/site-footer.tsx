import { siteUrl } from '@/lib/config/site';
import { footer, site } from '@/lib/copy/site';
import { CurrentYear } from './current-year';
import { Monogram } from '../shared/monogram';
import styles from './site-footer.module.scss';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <Monogram className={styles.mark} />
        {/* The wordmark as drawn (scripts/build-brand.mjs): a cached file rather than 14 KB of outlines in every page. */}
        {/* eslint-disable-next-line @next/next/no-img-element -- an SVG needs none of next/image's resizing */}
        <img className={styles.wordmark} src="/brand/wordmark.svg" alt={site.name} width={765} height={123} loading="lazy" decoding="async" />
        <p className={styles.tagline}>{footer.tagline}</p>
        {/* On paper, where the page came from. */}
        <p className={styles.address}>{siteUrl().origin}</p>
        <p className={styles.copyright}>
          <CurrentYear atBuild={new Date().getFullYear()} before={footer.copyright.before} after={footer.copyright.after} />
        </p>
      </div>
    </footer>
  );
}
