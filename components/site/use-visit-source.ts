'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { UTM_PARAMETERS } from '@/lib/leads/forms';
import { LANDING_KEY } from '@/lib/wake-marks.mjs';

/** Where this visit came from, remembered for the visit (the tab's session), as the landing page first saw it. */
const KEY = 'aldercrest.visitSource';

/**
 * The query and referrer of the visit's first page, as its first script kept them (scripts/first-paint.mjs):
 * the page may come to life pages later, when the address is no longer the one the visit landed on; this
 * page's own where the script did not keep them.
 */
function landing(): [search: string, referrer: string] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(LANDING_KEY) ?? 'null');
    const [search, referrer] = Array.isArray(kept) ? (kept as unknown[]) : [];
    if (typeof search === 'string' && typeof referrer === 'string') return [search, referrer];
  } catch {
    // Not JSON: this page's own.
  }
  return [window.location.search, document.referrer];
}

function remember(): string {
  try {
    let known = sessionStorage.getItem(KEY);
    if (known === null) {
      const [search, landedFrom] = landing();
      const parameters = new URLSearchParams(search);
      const source: Record<string, string> = {};
      for (const name of UTM_PARAMETERS) {
        const value = parameters.get(name);
        if (value) source[name] = value.slice(0, 200);
      }
      // The referring site only: a full address can carry someone's search or account.
      const referrer = landedFrom ? new URL(landedFrom) : null;
      if (referrer && referrer.host !== window.location.host) source.referrer = referrer.origin;
      known = JSON.stringify(source);
      sessionStorage.setItem(KEY, known);
    }
    return known;
  } catch {
    // Storage refused (a private window, a sandbox): nothing is known of the visit.
    return '{}';
  }
}

const subscribe = () => () => undefined;

/**
 * The utm_ parameters of the page the visit landed on and the referring site,
 * read once per visit, for the forms' hidden fields. Nothing in the server's
 * HTML: without JavaScript, the server reads what the post itself carries.
 */
export function useVisitSource(): Partial<Record<(typeof UTM_PARAMETERS)[number] | 'referrer', string>> {
  const known = useSyncExternalStore(subscribe, remember, () => '{}');
  return useMemo(() => JSON.parse(known) as Record<string, string>, [known]);
}
