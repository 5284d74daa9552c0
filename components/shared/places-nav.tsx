'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import styles from './places-nav.module.scss';

export interface Place {
  href: string;
  label: string;
  /** Said after the label, as a count: the registrations waiting for the team. */
  count?: { value: number; label: string };
}

/**
 * The place an address is in: the one named, or else the one whose address is the longest start of it (a lead's page
 * is in the leads', `/admin`; a tour's in the tours'). Read from the address as the server renders it too, so that a
 * page without its scripts marks its place as well.
 */
export function currentPlace(places: Place[], pathname: string | null, named?: string) {
  if (named) return named;
  if (!pathname) return undefined;
  const within = places.filter((place) => pathname === place.href || pathname.startsWith(`${place.href}/`));
  return within.sort((a, b) => b.href.length - a.href.length)[0]?.href;
}

/**
 * The way between the signed-in places, the current one marked. Below a laptop's width they are one row that scrolls
 * sideways, with an arrow at each edge beyond which more places lie; the script opens it on the current place, which
 * before the script is held in sight at the row's edge. From a laptop's width they fit a line.
 */
export function PlacesNav({ label, places, current }: { label: string; places: Place[]; current?: string }) {
  const here = currentPlace(places, usePathname(), current);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current;
    if (!row) return;
    // From here the script keeps the current place in sight, and the row lets go of it (the style sheet's hold).
    row.dataset.centred = '';
    const item = row.querySelector('[aria-current="page"]')?.closest('li');
    if (!item || row.scrollWidth <= row.clientWidth) return;
    const place = item.getBoundingClientRect();
    const seen = row.getBoundingClientRect();
    row.scrollLeft += place.left - seen.left - (seen.width - place.width) / 2;
  }, [here]);
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul ref={list} className={styles.places}>
        {places.map((place) => (
          <li key={place.href} data-current={here === place.href ? '' : undefined}>
            <a href={place.href} aria-current={here === place.href ? 'page' : undefined}>
              {place.label}
              {/* The count as a figure to the eye and as words to a screen reader: "Registrations (2 under review)". */}
              {place.count ? (
                <>
                  <span className={styles.count} aria-hidden="true" data-count={place.count.value}>
                    {place.count.value}
                  </span>
                  <span className={styles.hidden}>{`(${place.count.label})`}</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
