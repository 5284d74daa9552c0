import type { ReactNode } from 'react';
import { signOut } from '@/lib/auth/actions';
import { brokersPage, inbox, site } from '@/lib/content';
import type { Actor } from '@/lib/store/types';
import { Monogram } from './monogram';
import styles from './signed-in-frame.module.scss';

/** Where each kind of account finds its way: the team between the leads, the estates and terms of the broker portal, the brokers, the team and their account; a broker the portal and theirs. */
function placesOf(actor: Actor) {
  return actor.role === 'broker'
    ? [
        { href: '/portal', label: inbox.nav.portal },
        { href: '/account', label: inbox.nav.account },
      ]
    : [
        { href: '/admin', label: inbox.nav.leads },
        { href: '/admin/estates', label: inbox.nav.estates },
        { href: '/admin/terms', label: inbox.nav.terms },
        { href: '/admin/brokers', label: brokersPage.nav },
        { href: '/admin/team', label: inbox.nav.team },
        { href: '/account', label: inbox.nav.account },
      ];
}

/** The header of every page behind sign-in: whose it is, the way between its places, signing out; and the column its pages sit in. */
export function SignedInFrame({ actor, current, children }: { actor: Actor; current?: string; children: ReactNode }) {
  const places = placesOf(actor);
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <a className={styles.home} href={places[0]!.href}>
          <Monogram className={styles.mark} />
          <span>
            <span className={styles.site}>{site.name}</span>
            <span className={styles.title}>{actor.role === 'broker' ? inbox.nav.portal : inbox.heading}</span>
          </span>
        </a>
        <nav className={styles.nav} aria-label={inbox.nav.label}>
          <ul>
            {places.map((place) => (
              <li key={place.href}>
                <a href={place.href} aria-current={current === place.href ? 'page' : undefined}>
                  {place.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.member}>
          <p>{inbox.signedInAs(actor.name)}</p>
          <form action={signOut}>
            <input type="hidden" name="from" value="frame" />
            <button type="submit">{inbox.signOut}</button>
          </form>
        </div>
      </header>
      {children}
    </div>
  );
}
