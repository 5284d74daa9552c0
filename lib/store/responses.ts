import { json, utc, type CallFunction } from './calls';
import type { BrokerResponseMonth } from '@/lib/leads/types';
import type { NoticeOverdue } from '@/lib/delivery/types';
import type { ResponseMethods } from './types';

// The 24-hour promise to brokers, the same whichever store calls the functions.

export function responseMethods(call: CallFunction): ResponseMethods {
  return {
    brokerResponseMonths: async (actor, timeZone) =>
      ((await json<MonthRow[] | null>(call, 'broker_response_months', { p_actor: actor.id, p_time_zone: timeZone })) ?? []).map(
        (row): BrokerResponseMonth => ({
          month: row.month,
          arrived: Number(row.arrived),
          withinDay: Number(row.within_day),
          later: Number(row.later),
          waiting: Number(row.waiting),
        }),
      ),
  };
}

interface MonthRow {
  month: string;
  arrived: number;
  within_day: number;
  later: number;
  waiting: number;
}

/** An overdue reminder's subject as the worker claimed it; null when the request is gone. */
export function readNoticeOverdue(about: unknown): NoticeOverdue | null {
  if (!about || typeof about !== 'object') return null;
  const row = about as { request_id: string; full_name: string; brokerage: string; email: string; created_at: string; pending: boolean };
  return {
    requestId: row.request_id,
    fullName: row.full_name,
    brokerage: row.brokerage,
    email: row.email,
    createdAt: utc(row.created_at),
    pending: row.pending === true,
  };
}
