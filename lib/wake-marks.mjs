// What the pages' first scripts (scripts/first-paint.mjs) and the pages' own code tell each other through the
// browser's storage, the page being woken only when the visitor shows intent.

/**
 * Set in `localStorage` while an inquiry saved on this device without a signal waits to be sent
 * (lib/offline/outbox.ts): the first script then wakes the page at once so that it sends it.
 */
export const OUTBOX_WAITING_MARK = 'outbox-waiting';

/**
 * The address's query and the referrer of the visit's first page, kept in `sessionStorage` by the first script
 * as that page wakes or is left: the visit's source (components/site/use-visit-source.ts) is read from them when the
 * forms come to life, which may be pages later.
 */
export const LANDING_KEY = 'aldercrest.landing';

/**
 * Set in `localStorage` once a passkey has been added or used on this device (components/account/passkey-register.tsx,
 * passkey-sign-in.tsx): sign-in, which otherwise waits for its form to be used before its script offers the passkey's
 * way in, then wakes at once to offer it (scripts/first-paint.mjs: paintFirst).
 */
export const PASSKEY_MARK = 'aldercrest-passkey';
