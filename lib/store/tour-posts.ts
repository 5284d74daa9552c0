import type { CallFunction } from './calls';
import { StoreError, type TourPostMethods } from './types';

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
