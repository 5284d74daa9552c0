import { parseServerConfig } from '@/lib/config/server';
import type { SubmissionContext } from '@/lib/leads/submit';
import type { LeadStore } from '@/lib/store';

interface ContextOptions {
  store: LeadStore;
  /** Environment variables the configuration is read from; limits are off unless given. */
  env?: Record<string, string>;
  headers?: Headers;
  /** The clock, in milliseconds since the epoch. */
  now?: () => number;
  /** Called when a stored lead's notices are due (the server wakes its delivery worker). */
  deliver?: () => void;
}

/**
 * What a Server Action passes along from its request, for a test: its
 * headers, the store and configuration, a clock, and Next's `after`, here a
 * list of the work deferred past the answer, which a test can wait for.
 */
export function submissionContext({ store, env = {}, headers = new Headers(), now = Date.now, deliver = () => undefined }: ContextOptions): SubmissionContext & { settled(): Promise<unknown> } {
  const deferred: Promise<unknown>[] = [];
  const config = parseServerConfig({ RATE_LIMIT_GLOBAL: 'off', RATE_LIMIT_PER_IP: 'off', ...env } as unknown as NodeJS.ProcessEnv);
  return {
    headers,
    store: () => store,
    config: () => config,
    now,
    deliver,
    afterResponse: (work) => void deferred.push(work()),
    settled: () => Promise.allSettled(deferred),
  };
}
