import type { SubmissionContext } from '@/lib/leads/submit';

/**
 * What a Server Action passes along from its request: its headers, and
 * Next's `after`, here a list of the work deferred past the answer, which a
 * test can wait for.
 */
export function requestContext(headers = new Headers()): SubmissionContext & { settled(): Promise<unknown> } {
  const deferred: Promise<unknown>[] = [];
  return {
    headers,
    afterResponse: (work) => void deferred.push(work()),
    settled: () => Promise.allSettled(deferred),
  };
}
