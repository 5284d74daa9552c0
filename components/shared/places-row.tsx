'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import styles from './signed-in-frame.module.scss';

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
 * The signed-in places as a list, the current one marked. Where the list is one row that scrolls sideways (a phone's
 * width), it opens with the current place in its middle rather than at the row's start, beyond which the last places
 * sit out of sight.
 */
export function PlacesRow({ places, current }: { places: Place[]; current?: string }) {
  const here = currentPlace(places, usePathname(), current);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current;
    const item = row?.querySelector('[aria-current="page"]')?.closest('li');
    if (!row || !item || row.scrollWidth <= row.clientWidth) return;
    const place = item.getBoundingClientRect();
    const seen = row.getBoundingClientRect();
    row.scrollLeft += place.left - seen.left - (seen.width - place.width) / 2;
  }, [here]);
  return (
    <ul ref={list}>
      {places.map((place) => (
        <li key={place.href}>
          <a href={place.href} aria-current={here === place.href ? 'page' : undefined}>
            {place.label}
            {/* The count as a figure to the eye and as words to a screen reader: "Registrations (2 under review)". */}
            {place.count ? (
              <>
                <span className={styles.count} aria-hidden="true" data-count={place.count.value}>
                  {place.count.value}
                </span>
                <span className={styles.visuallyHidden}>{`(${place.count.label})`}</span>
              </>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
