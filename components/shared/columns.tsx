import type { ReactNode } from 'react';
import styles from './columns.module.scss';

/**
 * A page's two columns: the main one and, beside it from a laptop's width, the side (a form to add, a list of
 * versions); on a phone the side comes after. Each is a column of panels. `even` gives them half each, for two things
 * read side by side (a registration and what it meets).
 */
export function Columns({ main, side, even }: { main: ReactNode; side: ReactNode; even?: boolean }) {
  return (
    <div className={styles.columns} data-even={even ? '' : undefined}>
      <div className={styles.column}>{main}</div>
      <div className={styles.column}>{side}</div>
    </div>
  );
}
