import type { BrokerRequestRow, InquiryRow } from '@/lib/leads/schema';

export type StoreName = 'supabase' | 'embedded';

/** Where leads are kept. Each call resolves once the row is stored, or throws a StoreError. */
export interface LeadStore {
  readonly name: StoreName;
  /** Makes the store ready to take leads; throws when it cannot be. */
  prepare(): Promise<void>;
  insertInquiry(row: InquiryRow): Promise<void>;
  insertBrokerRequest(row: BrokerRequestRow): Promise<void>;
}

/**
 * A failure described without personal data: database errors can quote the
 * failing row, so only a category and a code are kept for the logs.
 */
export class StoreError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'timeout' | 'rejected' | 'unavailable',
    readonly code?: string,
    options?: ErrorOptions,
  ) {
    super(`lead store ${reason}${code ? ` (${code})` : ''}`, options);
    this.name = 'StoreError';
  }
}

export const LEAD_TABLES = {
  inquiry: 'prospect_inquiries',
  broker: 'broker_requests',
} as const;
