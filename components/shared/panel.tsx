import type { ReactNode } from 'react';
import styles from './panel.module.scss';

interface PanelProps {
  /** The heading's id, which names the panel as a region: `{id}-heading`. */
  id: string;
  heading: ReactNode;
  /** A line under the heading: when it was last changed, how many there are. */
  byline?: ReactNode;
  children: ReactNode;
  /** `plain`: the words and rules without the card around them, for a panel inside another. */
  look?: 'card' | 'plain';
  /** Kept on the section, for a link to it (`#add-estate`). */
  sectionId?: string;
  /**
   * `false` where what it holds is a region named by the same heading (a TableOrCards `labelledBy` it): the section
   * stays unnamed, so that the one name is not announced twice.
   */
  region?: boolean;
  /** Its heading's level: 3 for a panel among others under a heading of their own. */
  level?: 2 | 3;
}

/**
 * A titled part of a page on a white card: a `<section>` named by its heading (an `<h2>` unless told), so a screen
 * reader lists it as a region.
 */
export function Panel({ id, heading, byline, children, look = 'card', sectionId, region = true, level = 2 }: PanelProps) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section id={sectionId} className={styles.panel} data-look={look} aria-labelledby={region ? `${id}-heading` : undefined}>
      <Heading id={`${id}-heading`} className={styles.heading}>
        {heading}
      </Heading>
      {byline ? <p className={styles.byline}>{byline}</p> : null}
      {children}
    </section>
  );
}
