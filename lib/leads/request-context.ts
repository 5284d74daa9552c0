import 'server-only';
import { after } from 'next/server';
import { serverConfig } from '@/lib/config/server';
import { deliveryWorker } from '@/lib/delivery';
import { getStore } from '@/lib/store';
import type { SubmissionContext } from './submit';

/**
 * What a lead submitted in a request needs from the server around it: the request's headers (the
 * client's address, the host, the Referer), Next's `after` for the work done once the answer is out,
 * the store, the configuration, the clock and the delivery worker. The same for the Server Actions
 * (lib/leads/actions.ts) and the lead endpoint (app/api/leads/[form]/route.ts), so both take one path.
 */
export function requestContext(headers: Headers): SubmissionContext {
  return { headers, afterResponse: after, store: getStore, config: serverConfig, now: Date.now, deliver: () => deliveryWorker().wake() };
}
