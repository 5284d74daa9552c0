import type { ReactNode } from 'react';
import styles from './disclosure.module.scss';

interface DisclosureProps {
  /** The words that open it, with an arrow that turns as it opens. */
  summary: ReactNode;
  children: ReactNode;
  /** Open as the page comes (after a refusal inside it, so that its words are in sight without JavaScript too). */
  open?: boolean;
  /** `link` (bronze, the default), `danger` (a change that cannot be taken back), `neutral` (ink). */
  tone?: 'link' | 'danger' | 'neutral';
  className?: string;
}

/** Something folded away behind a line that opens it (a `<details>`): more details, a history, a form seldom needed. */
export function Disclosure({ summary, children, open, tone = 'link', className }: DisclosureProps) {
  return (
    <details className={className ? `${styles.disclosure} ${className}` : styles.disclosure} data-tone={tone} open={open || undefined}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
