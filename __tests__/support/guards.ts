import { randomBytes } from 'node:crypto';
import { UNKNOWN_CLIENT } from '@/lib/request';
import type { SubmissionGuard } from '@/lib/leads/types';

/** A fresh submission key and no limits: for tests about storing, not about guarding. */
export function unguarded(overrides: Partial<SubmissionGuard> = {}): SubmissionGuard {
  return { key: randomBytes(16).toString('hex'), clientAddress: UNKNOWN_CLIENT, perClient: null, global: null, challengeId: null, ...overrides };
}
