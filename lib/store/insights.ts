import type { BrokerInsight, EstatePanel, FunnelPanel, InsightPeriod, InsightWindow, LeadsPanel, LotStanding, ToursPanel } from '@/lib/insights/types';
import { iso, json, utc, utcOrNull, yes, type CallFunction } from './calls';
import type { NoticeWeekly } from '@/lib/delivery/types';
import type { InsightMethods } from './types';

// The team's figures, the same whichever store calls the functions (supabase/migrations/20261208000000_insights.sql):
// one function per panel, each as of `at`, for a period, in the site's time zone.

export function insightMethods(call: CallFunction): InsightMethods {
  const panel = <T>(name: string, actor: { id: string }, period: InsightPeriod, timeZone: string, at: Date) =>
    json<T>(call, name, { p_actor: actor.id, p_period: period, p_time_zone: timeZone, p_now: iso(at) });
  return {
    insightWindow: async (actor, period, timeZone, at) => {
      const window = await panel<InsightWindow>('insights_window', actor, period, timeZone, at);
      return { ...window, from: utc(window.from), to: utc(window.to) };
    },
    leadInsights: async (actor, period, timeZone, at) => {
      const leads = await panel<LeadsPanel>('insights_leads', actor, period, timeZone, at);
      return {
        sources: leads.sources,
        buckets: leads.buckets.map((bucket) => ({
          start: bucket.start,
          inquiry: Number(bucket.inquiry),
          broker: Number(bucket.broker),
          bySource: Object.fromEntries(Object.entries(bucket.bySource).map(([source, count]) => [source, Number(count)])),
        })),
      };
    },
    speedInsights: async (actor, period, timeZone, at) => {
      const speed = await panel<SpeedRow>('insights_speed', actor, period, timeZone, at);
      return {
        buckets: speed.buckets.map((bucket) => ({
          start: bucket.start,
          arrived: Number(bucket.arrived),
          answered: Number(bucket.answered),
          medianHours: numberOrNull(bucket.medianHours),
          p90Hours: numberOrNull(bucket.p90Hours),
        })),
        promise: speed.promise.map((month) => ({
          month: month.month,
          arrived: Number(month.arrived),
          withinDay: Number(month.within_day),
          later: Number(month.later),
          waiting: Number(month.waiting),
        })),
      };
    },
    funnelInsights: async (actor, period, timeZone, at) => {
      const funnel = await panel<FunnelPanel>('insights_funnel', actor, period, timeZone, at);
      return { steps: counts(funnel.steps), bySource: funnel.bySource.map((row) => ({ source: row.source, steps: counts(row.steps) })) };
    },
    tourInsights: async (actor, period, timeZone, at) => {
      const tours = await panel<ToursPanel>('insights_tours', actor, period, timeZone, at);
      return {
        buckets: tours.buckets.map((bucket) => ({ start: bucket.start, booked: Number(bucket.booked), cancelled: Number(bucket.cancelled) })),
        when: tours.when.map((cell) => ({ weekday: Number(cell.weekday), hour: Number(cell.hour), tours: Number(cell.tours) })),
      };
    },
    brokerInsights: async (actor, period, timeZone, at) =>
      (await panel<BrokerInsight[]>('insights_brokers', actor, period, timeZone, at)).map((broker) => ({
        id: broker.id,
        name: broker.name,
        brokerage: broker.brokerage ?? null,
        registrations: Number(broker.registrations),
        tours: Number(broker.tours),
        holds: Number(broker.holds),
        reservations: Number(broker.reservations),
        lastSignInAt: utcOrNull(broker.lastSignInAt),
      })),
    estateInsights: async (actor, period, timeZone, at) => {
      const estate = await panel<EstatePanel>('insights_estate', actor, period, timeZone, at);
      return {
        now: Object.fromEntries(
          Object.entries(estate.now).map(([standing, value]) => [standing, { lots: Number(value.lots), listValue: Number(value.listValue) }]),
        ) as Record<LotStanding, { lots: number; listValue: number }>,
        buckets: estate.buckets.map((bucket) => ({ start: bucket.start, lots: counts(bucket.lots) })),
      };
    },
    weeklyFigures: (actor, on, timeZone, at) => yes(call, 'weekly_figures_setting', { p_actor: actor.id, p_on: on, p_time_zone: timeZone, p_now: iso(at) }),
  };
}

interface SpeedRow {
  buckets: { start: string; arrived: number; answered: number; medianHours: number | string | null; p90Hours: number | string | null }[];
  promise: { month: string; arrived: number; within_day: number; later: number; waiting: number }[];
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
/** Counts keyed by name, as numbers (a store may answer a bigint as text). */
const counts = <Key extends string>(values: Record<Key, number | string>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Number(value)])) as Record<Key, number>;

/** What a Monday's email is about, as private.weekly_figures_notice answers it; null for anything else. */
export function readNoticeWeekly(about: unknown): NoticeWeekly | null {
  if (!about || typeof about !== 'object') return null;
  const row = about as { account_id?: unknown; name?: unknown; email?: unknown; live?: unknown };
  if (typeof row.account_id !== 'string' || typeof row.name !== 'string' || typeof row.email !== 'string') return null;
  return { accountId: row.account_id, name: row.name, email: row.email, live: row.live === true };
}
