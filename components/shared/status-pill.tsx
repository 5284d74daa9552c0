import type { ReactNode } from 'react';
import styles from './status-pill.module.scss';

/**
 * How a status reads at a glance: `positive` (available, registered, active), `attention` (reserved, under review),
 * `negative` (declined, revoked), `quiet` (sold, expired: over and done), `neutral` (a role).
 */
export type PillTone = 'positive' | 'attention' | 'negative' | 'quiet' | 'neutral';

interface StatusPillProps {
  tone: PillTone;
  children: ReactNode;
  /** The status's own name, kept on the pill (`data-status`) for the page's rules and its tests. */
  status?: string;
  className?: string;
}

/** A status as a small outlined pill beside what it describes; its words are the status, its colour the tone. */
export function StatusPill({ tone, children, status, className }: StatusPillProps) {
  return (
    <span className={className ? `${styles.pill} ${className}` : styles.pill} data-tone={tone} data-status={status}>
      {children}
    </span>
  );
}
