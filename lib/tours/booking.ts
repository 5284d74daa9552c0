import 'server-only';
import type { ServerConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { clientAddress } from '@/lib/request';
import { isStoreError, type LeadStore } from '@/lib/store';
import { dayIn } from './calendar';
import { TOUR_TOKEN, tourTokenHash } from './links';
import { isOfferedStart } from './offered';

// What a post of the buyer's tour page (/tour/<token>) does: book a time, move the tour, or cancel it, by the
// link's token alone. Every post ends in an address to send the browser to (post, redirect, get): the page again
// with a sentence for whatever went wrong, the tour as booked, or the page of a cancelled tour. Never a throw, so
// never a 500; one log line each, with what was asked and how it ended, never the token or anything of the buyer's.

export type TourPostKind = 'book' | 'move' | 'cancel';

/** What the page says above the times or the tour after a post (lib/copy/tours.ts tourPage.notices). */
export type TourNoticeCode = 'missing' | 'invalid' | 'full' | 'busy' | 'error' | 'same';

/** How a post ended, for its log line. */
type Outcome =
  | 'booked'
  | 'moved'
  | 'cancelled'
  | 'exists'
  | 'full'
  | 'invalid'
  | 'not_offered'
  | 'same'
  | 'missing'
  | 'malformed'
  | 'malformed_token'
  | 'dead'
  | 'not_found'
  | 'limited'
  | 'store_error';

export interface TourPostContext {
  store: () => LeadStore;
  config: () => Pick<ServerConfig, 'guards' | 'timeZone'>;
  headers: Headers;
  now: () => number;
}

/** An instant as the page's choices carry it: an ISO string in UTC, to the millisecond. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The page of a token, with what it is to show. */
export function tourPageUrl(token: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `/tour/${token}${search ? `?${search}` : ''}`;
}

/** The page a cancelled tour's post lands on (its link no longer opens). */
export const CANCELLED_URL = '/tour/cancelled';

/** Where a post goes, from what the form sent: the address to send the browser to next. */
export async function tourPost(kind: TourPostKind, formData: unknown, context: TourPostContext): Promise<string> {
  const started = performance.now();
  const finish = (outcome: Outcome, target: string, details: Record<string, string | undefined> = {}): string => {
    logEvent(
      'tour.post',
      { action: kind, outcome, durationMs: Math.round(performance.now() - started), ...details },
      outcome === 'store_error' ? 'error' : outcome === 'booked' || outcome === 'moved' || outcome === 'cancelled' ? 'info' : 'warn',
    );
    return target;
  };

  const token = formData instanceof FormData ? formData.get('token') : null;
  // A post with no token of the right shape has no page to go back to: the page of one that cannot open says so.
  if (typeof token !== 'string' || !TOUR_TOKEN.test(token)) return finish('malformed_token', tourPageUrl('unknown'));
  const form = formData as FormData;
  const step: Record<string, string> = kind === 'book' ? {} : { step: kind };
  // Back to the times of the day the buyer had chosen, when the post named one.
  let day: Record<string, string> = {};
  const again = (notice: TourNoticeCode) => tourPageUrl(token, { ...step, ...day, notice });
  // A booking or a move the store turned down: a time taken or no longer valid sends the buyer back to the times
  // with the sentence; a link dead, or with no tour to move, to the link's page, which says where things stand.
  const refused = (outcome: 'full' | 'invalid' | 'dead' | 'not_found') =>
    finish(outcome, outcome === 'full' || outcome === 'invalid' ? again(outcome) : tourPageUrl(token));

  let startsAt: Date | null = null;
  if (kind !== 'cancel') {
    const sent = form.get('startsAt');
    if (sent === null || sent === '') return finish('missing', again('missing'));
    // The same instant read back, or it was no real one (a 30 February is rolled into March by Date).
    if (typeof sent !== 'string' || !INSTANT.test(sent) || new Date(Date.parse(sent) || 0).toISOString() !== sent) return finish('malformed', again('invalid'));
    startsAt = new Date(sent);
    day = { day: dayIn(startsAt, context.config().timeZone) };
  }

  const hash = tourTokenHash(token);
  try {
    const store = context.store();
    const config = context.config();
    const admitted = await store.admitTourPost({
      clientAddress: clientAddress(context.headers, config.guards.clients),
      perClient: config.guards.perClient,
      global: config.guards.global,
    });
    if (admitted === 'limited') return finish('limited', again('busy'));
    const at = new Date(context.now());
    // Only a time the page offers is booked or moved to.
    if (startsAt && !(await isOfferedStart(store, startsAt, at, config.timeZone))) return finish('not_offered', again('invalid'));

    if (kind === 'book') {
      const answer = await store.bookTourByLink(hash, startsAt!, config.timeZone, at);
      if (answer.outcome === 'booked') return finish('booked', tourPageUrl(token, { done: 'booked' }));
      // A repeated post, or a second tab: the link's tour is booked already, and the page shows it.
      if (answer.outcome === 'exists') return finish('exists', tourPageUrl(token, { done: 'exists' }));
      return refused(answer.outcome);
    }

    if (kind === 'move') {
      const link = await store.tourLink(hash, at);
      if (!link) return finish('dead', tourPageUrl(token));
      if (!link.tour) return finish('not_found', tourPageUrl(token));
      if (link.tour.startsAt === startsAt!.toISOString()) return finish('same', again('same'));
      const answer = await store.moveTourByLink(hash, startsAt!, config.timeZone, at);
      if (answer.outcome === 'moved') return finish('moved', tourPageUrl(token, { done: 'moved' }));
      return refused(answer.outcome === 'cancelled' ? 'invalid' : answer.outcome);
    }

    const answer = await store.cancelTourByLink(hash, at);
    switch (answer.outcome) {
      case 'cancelled':
        return finish('cancelled', CANCELLED_URL);
      case 'dead':
        return finish('dead', tourPageUrl(token));
      // Nothing booked to cancel (a repeated post finds the link dead instead): the page shows where things stand.
      default:
        return finish('not_found', tourPageUrl(token));
    }
  } catch (error) {
    return finish('store_error', again('error'), {
      reason: isStoreError(error) ? error.reason : 'unexpected',
      code: isStoreError(error) ? error.code : (error as Error | undefined)?.name,
    });
  }
}
