import type { ReactNode } from 'react';
import { site } from '@/lib/content';
import { Monogram } from './monogram';
import styles from './auth-frame.module.scss';

/** The frame of the sign-in pages: the mark and the name on the ink of the hero, and a card for what is asked. */
export function AuthFrame({ eyebrow, heading, children }: { eyebrow: string; heading: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      {/* A plain link: the way home is a whole page away. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a className={styles.brand} href="/">
        <Monogram className={styles.mark} />
        <span>{site.name}</span>
      </a>
      <section className={styles.card} aria-labelledby="auth-heading">
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="auth-heading" className={styles.heading}>
          {heading}
        </h1>
        {children}
      </section>
    </main>
  );
}
