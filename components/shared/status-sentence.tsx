import type { ReactNode } from 'react';
import styles from './status-sentence.module.scss';

/** What a sentence means: a change made, a change refused, or word of how things stand. */
export type StatusTone = 'success' | 'error' | 'info';

/** A sentence to say, with its meaning. */
export interface StatusMessage {
  tone: StatusTone;
  text: ReactNode;
}

interface StatusSentenceProps {
  tone: StatusTone;
  /** Nothing said yet: the live region is there, empty, so that what a form says later is announced. */
  children?: ReactNode;
  id?: string;
  /** `div` where the sentence carries a list (what to change in a form). */
  as?: 'p' | 'div';
  className?: string;
  /** A refusal read out before anything else on a page that has just loaded with it: `role="alert"`. */
  urgent?: boolean;
}

// The mark beside the words, so that the meaning never rests on colour alone.
const MARKS: Record<StatusTone, ReactNode> = {
  success: <path d="M4 10.5l4 4 8-9" />,
  error: <path d="M10 4.5v7M10 14.5v1" />,
  info: <path d="M10 8.5v7M10 4.5v1" />,
};

/**
 * The sentence that says what the last change did, or how things stand: one colour per meaning, the same on every
 * page (success green, error red, information ink), in a `role="status"` region that is always in the page.
 */
export function StatusSentence({ tone, children, id, as: Tag = 'p', className, urgent }: StatusSentenceProps) {
  const said = children !== undefined && children !== null && children !== '' && children !== false;
  const Words = Tag === 'div' ? 'div' : 'span';
  return (
    <Tag id={id} role={urgent ? 'alert' : 'status'} className={className ? `${styles.said} ${className}` : styles.said} data-tone={tone}>
      {said ? (
        <>
          <svg className={styles.mark} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            {MARKS[tone]}
          </svg>
          <Words className={styles.words}>{children}</Words>
        </>
      ) : null}
    </Tag>
  );
}
