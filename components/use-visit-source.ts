'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { UTM_PARAMETERS } from '@/lib/leads/forms';

/** Where this visit came from, remembered for the visit (the tab's session), as the landing page first saw it. */
const KEY = 'aldercrest.visitSource';

function remember(): string {
  try {
    let known = sessionStorage.getItem(KEY);
    if (known === null) {
      const parameters = new URLSearchParams(window.location.search);
      const source: Record<string, string> = {};
      for (const name of UTM_PARAMETERS) {
        const value = parameters.get(name);
        if (value) source[name] = value.slice(0, 200);
      }
      // The referring site only: a full address can carry someone's search or account.
      const referrer = document.referrer ? new URL(document.referrer) : null;
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
