// The store's methods, assembled: each module below adds those of one domain, all over the same database call.
import { holdsUnstorableText } from '@/lib/storable-text';
import { accountMethods } from './accounts';
import { brokerOverviewMethods } from './brokers';
import { holdMethods } from './holds';
import { insightMethods } from './insights';
import type { CallFunction } from './calls';
import { leadMethods } from './leads';
import { portalMethods } from './portal';
import { registrationMethods } from './registrations';
import { responseMethods } from './responses';
import { tourPostMethods } from './tour-posts';
import { tourMethods } from './tours';
import { StoreError, type LeadStore, type StoreHealth } from './types';

/** What both stores do alike: everything but opening the database and telling whether it takes writes. */
export type DatabaseMethods = Omit<LeadStore, 'name' | 'prepare' | 'checkHealth'> & { health(): Promise<StoreHealth> };

/** PostgreSQL's code for a character its encoding cannot hold, as it answers U+0000 in text. */
export const UNSTORABLE_TEXT = '22021';

export function databaseMethods(databaseCall: CallFunction): DatabaseMethods {
  // The last word on text the database cannot hold, should a reader have let some by: refused before anything of the
  // call is sent, one way for both stores (PGlite answers 22021, PostgREST 22P05, and a lone surrogate arrives as U+FFFD).
  const call: CallFunction = async (name, args) => {
    if (holdsUnstorableText(args)) throw new StoreError('rejected', UNSTORABLE_TEXT);
    return databaseCall(name, args);
  };
  return {
    ...leadMethods(call),
    ...accountMethods(call),
    ...portalMethods(call),
    ...registrationMethods(call),
    ...brokerOverviewMethods(call),
    ...responseMethods(call),
    ...tourMethods(call),
    ...tourPostMethods(call),
    ...holdMethods(call),
    ...insightMethods(call),
  };
}
