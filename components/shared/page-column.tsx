import type { ReactNode } from 'react';
import { StatusSentence, type StatusMessage } from './status-sentence';
import styles from './page-column.module.scss';

interface PageColumnProps {
  /** The way back, above everything, on a page within a place: a lead's to the leads, a lot's to the estates. */
  back?: { href: string; label: string };
  /** A small line above the heading: what kind of page this is ("Client registration"). */
  eyebrow?: ReactNode;
  heading: ReactNode;
  /** Under the heading: what the page is for, or who and when. */
  intro?: ReactNode;
  /**
   * What the last change did, said under the introduction. `null` keeps the status region, empty, for a page that
   * says something after a change; leave it out on a page that never does.
   */
  status?: StatusMessage | null;
  /** `narrow` (one form), `medium` (one column of cards), `wide` (a table, or columns side by side). */
  width?: 'narrow' | 'medium' | 'wide';
  children: ReactNode;
}

/** A signed-in page's column: its `<main>`, the way back, its heading and introduction, and its status sentence. */
export function PageColumn({ back, eyebrow, heading, intro, status, width = 'wide', children }: PageColumnProps) {
  return (
    <main id="main" className={styles.page} data-width={width}>
      {back ? (
        <p>
          {/* A plain link, as everywhere behind sign-in: no client router code for it. */}
          <a className={styles.back} href={back.href}>
            ← {back.label}
          </a>
        </p>
      ) : null}
      <header className={styles.header}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.heading}>{heading}</h1>
        {intro ? <div className={styles.intro}>{intro}</div> : null}
      </header>
      {status === undefined ? null : <StatusSentence tone={status?.tone ?? 'success'}>{status?.text}</StatusSentence>}
      {children}
    </main>
  );
}
