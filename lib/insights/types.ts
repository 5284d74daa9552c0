// The team's figures at /admin/insights: one shape per panel, as the store's functions answer them
// (supabase/migrations/20261208000000_insights.sql), for a period the team picks.

export const INSIGHT_PERIODS = ['4w', '13w', '26w', '12m'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** The weeks periods count in weeks (from Monday, in the site's zone); the year counts in months. */
export type InsightBucket = 'week' | 'month';

/** What a period covers: its buckets' first days (YYYY-MM-DD, in the site's zone), oldest first, and its bounds. */
export interface InsightWindow {
  period: InsightPeriod;
  bucket: InsightBucket;
  /** The first bucket's start and the end of the last (exclusive), as instants (ISO, UTC). */
  from: string;
  to: string;
  /** Each bucket's first day, oldest first. */
  starts: string[];
}

/** Leads per bucket: by form, and by source (the stored UTM source, or `direct`). */
export interface LeadsPanel {
  buckets: { start: string; inquiry: number; broker: number; bySource: Record<string, number> }[];
  /** Every source seen in the period, the most leads first. */
  sources: string[];
}

/** Hours from a lead's arrival to the team's first answer (a change of status, a note or an email). */
export interface SpeedPanel {
  buckets: { start: string; arrived: number; answered: number; medianHours: number | null; p90Hours: number | null }[];
  /** The 24-hour promise to brokers, per month of the period (the month a request arrived). */
  promise: { month: string; arrived: number; withinDay: number; later: number; waiting: number }[];
}

export const FUNNEL_STEPS = ['inquiry', 'tour_booked', 'toured', 'hold', 'reserved', 'under_contract', 'sold'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Of the inquiries that arrived in the period, how many reached each step; and the same per source. */
export interface FunnelPanel {
  steps: Record<FunnelStep, number>;
  bySource: { source: string; steps: Record<FunnelStep, number> }[];
}

/** Tours booked (by the day they were booked) and cancelled per bucket; and when in the week the booked ones start. */
export interface ToursPanel {
  buckets: { start: string; booked: number; cancelled: number }[];
  /** ISO weekday (1 Monday … 7 Sunday) and hour (0–23) of the start, in the site's zone; only those with tours. */
  when: { weekday: number; hour: number; tours: number }[];
}

/** Per broker with an account: what they brought in the period, and when they last signed in. */
export interface BrokerInsight {
  id: string;
  name: string;
  brokerage: string | null;
  registrations: number;
  tours: number;
  holds: number;
  reservations: number;
  lastSignInAt: string | null;
}

export const LOT_STANDINGS = ['available', 'on_hold', 'reserved', 'under_contract', 'sold'] as const;
export type LotStanding = (typeof LOT_STANDINGS)[number];

/** The estate: lots and list value by standing now, and lots by standing at the end of each bucket. */
export interface EstatePanel {
  now: Record<LotStanding, { lots: number; listValue: number }>;
  buckets: { start: string; lots: Record<LotStanding, number> }[];
}

export interface Insights {
  window: InsightWindow;
  leads: LeadsPanel;
  speed: SpeedPanel;
  funnel: FunnelPanel;
  tours: ToursPanel;
  brokers: BrokerInsight[];
  estate: EstatePanel;
}

/**
 * A chart's figures as a table: what is shown beside the chart, what a screen reader reads, and what "Download CSV"
 * gives, in the same columns and rows. The first column names each row.
 */
export interface FigureTable {
  columns: { header: string; numeric?: boolean }[];
  rows: (string | number)[][];
  /** Short figures under short headings (a grid of hours and days): a table at every width, never a card per row. */
  compact?: boolean;
}
