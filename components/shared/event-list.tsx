import type { ReactNode } from 'react';
import styles from './event-list.module.scss';

export interface ListedEvent {
  key: string;
  /** What happened, or what it is: "Julien Marchetti: Removed from the team", "Version 2 (current)". */
  what: ReactNode;
  /** Who and when, quieter, under it. */
  byline?: ReactNode;
  /** More under the byline: the fields a change touched. */
  details?: ReactNode;
}

/** Things that happened, or versions, one under another, each with who and when: newest first, as the caller orders them. */
export function EventList({ events }: { events: ListedEvent[] }) {
  return (
    <ol className={styles.events}>
      {events.map((event) => (
        <li key={event.key}>
          <span className={styles.what}>{event.what}</span>
          {event.byline ? <span className={styles.byline}>{event.byline}</span> : null}
          {event.details}
        </li>
      ))}
    </ol>
  );
}
