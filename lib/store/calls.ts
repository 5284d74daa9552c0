// What every method module of the store shares: calling a database function, and reading its times and events.
import type { AccountEvent } from '@/lib/auth/types';

/**
 * Calls one of the database's functions (public.<name>) with its arguments by name, in declared order,
 * and resolves with its one value: JSON, a boolean, a number or text. The embedded store calls through
 * PGlite, the Supabase store through the data API; everything else about a call is the same for both.
 */
export type CallFunction = (name: string, args: Record<string, unknown>) => Promise<unknown>;

export const iso = (date: Date) => date.toISOString();
/** A timestamp from either store (PGlite answers a Date, JSON an ISO string in the database's own offset), in UTC. */
export const utc = (value: string | Date) => new Date(value).toISOString();
export const utcOrNull = (value: string | Date | null | undefined) => (value === null || value === undefined ? null : utc(value));

/** A function's value as the caller knows it to be shaped. */
export const json = async <T>(call: CallFunction, name: string, args: Record<string, unknown>) => (await call(name, args)) as T;
/** Whether a function answered true (it did something). */
export const yes = async (call: CallFunction, name: string, args: Record<string, unknown>) => (await call(name, args)) === true;

/** An account's event as both the team's page and a broker request's page read it. */
export interface EventRow {
  at: string;
  actor: string;
  action: AccountEvent['action'];
  detail: string | null;
}

export const readEvent = (event: EventRow): AccountEvent => ({ at: utc(event.at), actor: event.actor, action: event.action, detail: event.detail });
