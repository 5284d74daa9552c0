import type { ReactNode } from 'react';
import { site } from '@/lib/copy/site';
import { Monogram } from './monogram';
import styles from './card-frame.module.scss';

/**
 * The frame of the pages that stand apart from the home page (signing in, a buyer's tour): the mark and the name on
 * the ink of the hero, and an ivory card for the page's business. `narrow` suits a question or two, centred on a wide
 * screen; `wide` a page of choices, read from the top.
 */
export function CardFrame({ eyebrow, heading, width, children }: { eyebrow: string; heading: string; width: 'narrow' | 'wide'; children: ReactNode }) {
  return (
    <main className={`${styles.page} ${styles[width]}`}>
      {/* A plain link: the way home is a whole page away. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a className={styles.brand} href="/">
        <Monogram className={styles.mark} />
        <span>{site.name}</span>
      </a>
      <section className={styles.card} aria-labelledby="frame-heading">
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="frame-heading" className={styles.heading}>
          {heading}
        </h1>
        {children}
      </section>
    </main>
  );
}
