import 'server-only';
import type { Actor } from '@/lib/auth/types';
import type { LeadStore } from '@/lib/store';
import { INSIGHT_PERIODS, type InsightPeriod, type Insights } from './types';

/** The period a query asks for (`?period=26w`); anything else the quarter. */
export const parsePeriod = (value: unknown): InsightPeriod => (INSIGHT_PERIODS as readonly unknown[]).includes(value) ? (value as InsightPeriod) : '13w';

/** Every panel of the period, as of `now`, read at once. */
export async function loadInsights(store: LeadStore, actor: Pick<Actor, 'id'>, period: InsightPeriod, timeZone: string, now: Date): Promise<Insights> {
  const [window, leads, speed, funnel, tours, brokers, estate] = await Promise.all([
    store.insightWindow(actor, period, timeZone, now),
    store.leadInsights(actor, period, timeZone, now),
    store.speedInsights(actor, period, timeZone, now),
    store.funnelInsights(actor, period, timeZone, now),
    store.tourInsights(actor, period, timeZone, now),
    store.brokerInsights(actor, period, timeZone, now),
    store.estateInsights(actor, period, timeZone, now),
  ]);
  return { window, leads, speed, funnel, tours, brokers, estate };
}
