import type { ReactNode } from 'react';
import { signOut } from '@/lib/auth/actions';
import { brokersPage, registrationsPage } from '@/lib/copy/team-brokers';
import { insightFigures } from '@/lib/copy/insight-figures';
import { inbox, toursAdmin } from '@/lib/copy/team';
import { site } from '@/lib/copy/site';
import { getStore } from '@/lib/store';
import type { Actor } from '@/lib/auth/types';
import { Monogram } from './monogram';
import { PlacesNav, type Place } from './places-nav';
import styles from './signed-in-frame.module.scss';

/**
 * Where each kind of account finds its way: the team between the leads, the client registrations (with how many
 * wait for a decision), the private tours, the estates and terms of the broker portal, the brokers, the portal itself as brokers see it, the team
 * and their account; a broker the portal and theirs.
 */
async function placesOf(actor: Actor): Promise<Place[]> {
  return actor.role === 'broker'
    ? [
        { href: '/portal', label: inbox.nav.portal },
        { href: '/account', label: inbox.nav.account },
      ]
    : [
        { href: '/admin', label: inbox.nav.leads },
        { href: '/admin/registrations', label: registrationsPage.nav.link, count: await underReview(actor) },
        { href: '/admin/tours', label: toursAdmin.nav },
        { href: '/admin/insights', label: insightFigures.nav },
        { href: '/admin/estates', label: inbox.nav.estates },
        { href: '/admin/terms', label: inbox.nav.terms },
        { href: '/admin/brokers', label: brokersPage.nav },
        { href: '/portal', label: registrationsPage.nav.portal },
        { href: '/admin/team', label: inbox.nav.team },
        { href: '/account', label: inbox.nav.account },
      ];
}

/** How many client registrations wait for the team's decision. */
async function underReview(actor: Actor): Promise<Place['count']> {
  const value = (await getStore().teamRegistrations(actor, 'under_review')).length;
  return { value, label: registrationsPage.nav.underReview(value) };
}

/**
 * The frame of every page behind sign-in: a header with the way home, the way between the places, who is signed in
 * and signing out; under it the page, which sits in a PageColumn. Words inside it break where they break naturally.
 */
export async function SignedInFrame({ actor, current, children }: { actor: Actor; current?: string; children: ReactNode }) {
  const places = await placesOf(actor);
  const whose = inbox.frame[actor.role === 'broker' ? 'broker' : 'team'];
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <a className={styles.home} href={places[0]!.href}>
          <Monogram className={styles.mark} />
          <span>
            <span className={styles.site}>{site.name}</span>
            <span className={styles.title}>{whose}</span>
          </span>
        </a>
        <PlacesNav label={whose} places={places} current={current} />
        <div className={styles.member}>
          <p>{inbox.signedInAs(actor.name)}</p>
          <form action={signOut}>
            <input type="hidden" name="from" value="frame" />
            <button type="submit" className={styles.signOut}>
              {inbox.signOut}
            </button>
          </form>
        </div>
      </header>
      {children}
    </div>
  );
}
