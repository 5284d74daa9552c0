import Image from 'next/image';
import { broker, hero, inquiry, site } from '@/lib/content';
import { Monogram } from './monogram';
import styles from './hero.module.scss';

export function Hero() {
  const inquire = `#${inquiry.anchor}`;
  return (
    <header className={styles.hero}>
      <Image
        className={styles.image}
        src={hero.image.src}
        alt={hero.image.alt}
        fill
        preload
        sizes="100vw"
        quality={70}
        placeholder="blur"
      />
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
