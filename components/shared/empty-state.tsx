import type { ReactNode } from 'react';
import styles from './empty-state.module.scss';

interface EmptyStateProps {
  /** What there is none of, and what comes next: "No estates yet. Add the first one below." */
  children: ReactNode;
  /** A way to fill it, when the page has one elsewhere. */
  action?: { href: string; label: string };
}

/** Where a list or a table would stand with nothing in it: a quiet sentence, and where to begin. */
export function EmptyState({ children, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p>{children}</p>
      {action ? (
        <p>
          <a href={action.href}>{action.label}</a>
        </p>
      ) : null}
    </div>
  );
}
