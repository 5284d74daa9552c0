import { getImageProps } from 'next/image';
import type { CSSProperties } from 'react';
import { broker, hero, inquiry, site } from '@/lib/copy/site';
import { Monogram } from '../shared/monogram';
import styles from './hero.module.scss';

/**
 * Full-screen opening. The photograph is art-directed: portrait screens get a
 * portrait frame of the scene rather than a landscape one enlarged to cover
 * them, so a phone receives a sharp image of the size it shows. Each element
 * marked `data-hero-face` is set in a face the build writes into the page with
 * just the letters these elements hold (scripts/hero-fonts.mjs).
 */
export function Hero() {
  const inquire = `#${inquiry.anchor}`;
  const common = { alt: hero.image.alt, fill: true, sizes: '100vw', quality: 70 } as const;
  const {
    props: { srcSet: portrait },
  } = getImageProps({ ...common, src: hero.portrait.src });
  // The photograph is a backdrop (browsers do not count it as the page's largest paint; the title is), asked for at
  // low priority once the first paint is on screen: lazy, and left out of the page until then (`data-photo`,
  // scripts/first-paint.mjs), where it had been decoded and drawn into the first frame, which waited for it
  // (BENCHMARKS.md). Where the page holds nothing back (no script, a reload, a link to a part) it is asked for at
  // once: a browser without JavaScript loads lazy images as eager ones, and it is on the screen.
  const { props: landscape } = getImageProps({ ...common, src: hero.image.src, loading: 'lazy', fetchPriority: 'low' });

  return (
    <header className={styles.hero} style={{ '--backdrop': hero.image.backdrop, '--backdrop-portrait': hero.portrait.backdrop } as CSSProperties}>
      <div className={styles.photo}>
        <picture>
          <source media="(max-aspect-ratio: 4/5)" srcSet={portrait} sizes={common.sizes} />
          {/* eslint-disable-next-line jsx-a11y/alt-text -- the alt text is in the props next/image prepared */}
          <img {...landscape} className={styles.image} />
        </picture>
      </div>
      <div className={styles.scrim} aria-hidden="true" />
      <nav className={styles.nav} aria-label={hero.navLabel}>
        <a href={inquire} data-hero-face="text">
          {hero.navInquire}
        </a>
        <a href={`#${broker.anchor}`} data-hero-face="text">
          {hero.navBrokers}
        </a>
      </nav>
      <div className={styles.content}>
        <Monogram className={styles.mark} />
        <p className={styles.eyebrow} data-hero-face="text">
          {hero.eyebrow}
        </p>
        <h1 className={styles.title} data-hero-face="display">
          {site.name}
        </h1>
        <span className={styles.rule} aria-hidden="true" />
        <p className={styles.tagline} data-hero-face="display">
          {hero.tagline}
        </p>
        <a className={styles.cta} href={inquire} data-hero-face="text">
          {hero.cta}
        </a>
      </div>
      <a className={styles.scrollCue} href={inquire} aria-label={hero.scrollLabel}>
        <svg viewBox="0 0 24 40" fill="none" stroke="currentColor" strokeWidth="1.2" aria-hidden="true">
          <path d="M12 2v34M4 28l8 8 8-8" />
        </svg>
      </a>
    </header>
  );
}
