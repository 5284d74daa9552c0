import { json, utc, utcOrNull, type CallFunction } from './calls';
import type { BrokerOverview, DownloadKind, RegistrationCounts } from '@/lib/portal/types';
import type { BrokerOverviewMethods } from './types';

// The team's view of its brokers, the same whichever store calls the function.

export function brokerOverviewMethods(call: CallFunction): BrokerOverviewMethods {
  return {
    brokerOverview: async (actor) => ((await json<BrokerRow[] | null>(call, 'broker_overview', { p_actor: actor.id })) ?? []).map(readBroker),
  };
}

interface BrokerRow {
  id: string;
  name: string;
  email: string;
  brokerage: string | null;
  status: BrokerOverview['status'];
  access_since: string;
  revoked_at: string | null;
  last_sign_in_at: string | null;
  terms: { version: number; accepted_at: string; current: boolean } | null;
  // Counts are bigint in SQL: JSON numbers from either store, read with Number() all the same.
  downloads: number | string;
  recent_downloads: { kind: DownloadKind; at: string }[];
  registrations: Record<keyof RegistrationCounts, number | string>;
  lead_id: string | null;
  lead_kept: boolean;
}

const readBroker = (row: BrokerRow): BrokerOverview => ({
  id: row.id,
  name: row.name,
  email: row.email,
  brokerage: row.brokerage,
  status: row.status,
  accessSince: utc(row.access_since),
  revokedAt: utcOrNull(row.revoked_at),
  lastSignInAt: utcOrNull(row.last_sign_in_at),
  terms: row.terms ? { version: Number(row.terms.version), acceptedAt: utc(row.terms.accepted_at), current: row.terms.current } : null,
  downloads: Number(row.downloads),
  recentDownloads: row.recent_downloads.map((download) => ({ kind: download.kind, at: utc(download.at) })),
  registrations: {
    registered: Number(row.registrations.registered),
    under_review: Number(row.registrations.under_review),
    declined: Number(row.registrations.declined),
  },
  leadId: row.lead_id,
  leadKept: row.lead_kept,
});
