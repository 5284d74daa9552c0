import styles from './view-links.module.scss';

export interface ViewLink {
  href: string;
  label: string;
  current: boolean;
  /** How many it holds, beside its label: "Under review 4". */
  count?: number;
}

/**
 * The views of one list (its statuses, its kinds) as a line of links over it, the one shown marked: plain links, so
 * that each view has its own address and works before any script.
 */
export function ViewLinks({ label, links }: { label: string; links: ViewLink[] }) {
  return (
    <nav className={styles.views} aria-label={label}>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
              {link.count === undefined ? null : <span className={styles.count}>{link.count}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
