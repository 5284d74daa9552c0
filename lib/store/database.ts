// The store's methods, assembled: each module below adds those of one domain, all over the same database call.
import { accountMethods } from './accounts';
import { brokerOverviewMethods } from './brokers';
import type { CallFunction } from './calls';
import { leadMethods } from './leads';
import { portalMethods } from './portal';
import { registrationMethods } from './registrations';
import { responseMethods } from './responses';
import { tourPostMethods } from './tour-posts';
import { tourMethods } from './tours';
import type { LeadStore, StoreHealth } from './types';

/** What both stores do alike: everything but opening the database and telling whether it takes writes. */
export type DatabaseMethods = Omit<LeadStore, 'name' | 'prepare' | 'checkHealth'> & { health(): Promise<StoreHealth> };

export function databaseMethods(call: CallFunction): DatabaseMethods {
  return {
    ...leadMethods(call),
    ...accountMethods(call),
    ...portalMethods(call),
    ...registrationMethods(call),
    ...brokerOverviewMethods(call),
    ...responseMethods(call),
    ...tourMethods(call),
    ...tourPostMethods(call),
  };
}
