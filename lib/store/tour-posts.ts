import type { CallFunction } from './database';
import { StoreError, type SubmissionGuard } from './types';

/** The forms' limits, held to the posts of the buyer's tour page (supabase/migrations/…_tour_posts.sql). */
export interface TourPostMethods {
  /**
   * Counts a post of the tour page against the client's limit and the global cap the lead forms are held to:
   * `admitted` when it may act, `limited` when over either (then nothing is counted).
   */
  admitTourPost(guard: Pick<SubmissionGuard, 'clientAddress' | 'perClient' | 'global'>): Promise<'admitted' | 'limited'>;
}

export function tourPostMethods(call: CallFunction): TourPostMethods {
  return {
    async admitTourPost(guard) {
      const outcome = await call('admit_tour_post', {
        p_client_address: guard.clientAddress,
        p_client_limit: guard.perClient?.limit ?? null,
        p_client_window_seconds: guard.perClient?.windowSeconds ?? null,
        p_global_limit: guard.global?.limit ?? null,
        p_global_window_seconds: guard.global?.windowSeconds ?? null,
      });
      if (outcome !== 'admitted' && outcome !== 'limited') throw new StoreError('rejected', 'unexpected_outcome');
      return outcome;
    },
  };
}
