import type { ReactNode } from 'react';
import styles from './columns.module.scss';

/**
 * A page's two columns: the main one and, beside it from a laptop's width, the side (a form to add, a list of
 * versions); on a phone the side comes after. Each is a column of panels.
 */
export function Columns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className={styles.columns}>
      <div className={styles.column}>{main}</div>
      <div className={styles.column}>{side}</div>
    </div>
  );
}
