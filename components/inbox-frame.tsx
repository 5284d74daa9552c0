import type { ReactNode } from 'react';
import { inbox, site } from '@/lib/content';
import { Monogram } from './monogram';
import styles from './inbox-frame.module.scss';

interface InboxFrameProps {
  member: string;
  children: ReactNode;
}

/** The inbox's header, its way between lists and erasure, and the column its pages sit in. */
export function InboxFrame({ member, children }: InboxFrameProps) {
  return (
    <div className={styles.inbox}>
      <header className={styles.header}>
        <a className={styles.home} href="/admin">
          <Monogram className={styles.mark} />
          <span>
            <span className={styles.site}>{site.name}</span>
            <span className={styles.title}>{inbox.heading}</span>
          </span>
        </a>
        <p className={styles.member}>{inbox.signedInAs(member)}</p>
      </header>
      {children}
    </div>
  );
}
