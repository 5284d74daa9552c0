import { getImageProps } from 'next/image';
import { broker, hero, inquiry, site } from '@/lib/content';
import { Monogram } from './monogram';
import styles from './hero.module.scss';

/**
 * Full-screen opening. The photograph is art-directed: portrait screens get a
 * portrait frame of the scene rather than a landscape one enlarged to cover
 * them, so a phone receives a sharp image of the size it shows.
 */
export function Hero() {
  const inquire = `#${inquiry.anchor}`;
  const common = { alt: hero.image.alt, fill: true, sizes: '100vw', quality: 70 } as const;
  const {
    props: { srcSet: portrait },
  } = getImageProps({ ...common, src: hero.portrait.src });
  const { props: landscape } = getImageProps({ ...common, src: hero.image.src, loading: 'eager', fetchPriority: 'high' });

  return (
    <header className={styles.hero} style={{ backgroundImage: `url(${hero.image.src.blurDataURL})` }}>
      <div className={styles.photo}>
        <picture>
          <source media="(max-aspect-ratio: 4/5)" srcSet={portrait} sizes={common.sizes} />
          {/* eslint-disable-next-line jsx-a11y/alt-text -- the alt text is in the props next/image prepared */}
          <img {...landscape} className={styles.image} />
        </picture>
      </div>
      <div className={styles.scrim} aria-hidden="true" />
      <nav className={styles.nav} aria-label={hero.navLabel}>
        <a href={inquire}>{hero.navInquire}</a>
        <a href={`#${broker.anchor}`}>{hero.navBrokers}</a>
      </nav>
      <div className={styles.content}>
        <Monogram className={styles.mark} />
        <p className={styles.eyebrow}>{hero.eyebrow}</p>
        <h1 className={styles.title}>{site.name}</h1>
        <span className={styles.rule} aria-hidden="true" />
        <p className={styles.tagline}>{hero.tagline}</p>
        <a className={styles.cta} href={inquire}>
          {hero.cta}
        </a>
      </div>
      <a className={styles.scrollCue} href={inquire} aria-label={hero.scrollLabel}>
        <svg viewBox="0 0 24 40" fill="none" stroke="currentColor" strokeWidth="1.2" aria-hidden="true" focusable="false">
          <path d="M12 2v34M4 28l8 8 8-8" />
        </svg>
      </a>
    </header>
  );
}
