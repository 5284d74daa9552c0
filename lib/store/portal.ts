import { iso, json, utc, utcOrNull, yes, type CallFunction } from './calls';
import type { BrokerContact, CurrentTerms, Estate, EstateChange, EstateFields, PortalDownload, TermsAcceptance, TermsVersion } from '@/lib/portal/types';
import type { PortalMethods } from './types';

// The broker portal, the same whichever store calls the functions.

const fieldArguments = (fields: EstateFields) => ({
  p_lot: fields.lot,
  p_lot_acres: fields.lotAcres,
  p_home_sqft: fields.homeSqft,
  p_bedrooms: fields.bedrooms,
  p_bathrooms: fields.bathrooms,
  p_status: fields.status,
  p_list_price: fields.listPrice,
});

export function portalMethods(call: CallFunction): PortalMethods {
  return {
    listEstates: async (actor, status) => ((await json<EstateRow[] | null>(call, 'estates_list', { p_actor: actor.id, p_status: status })) ?? []).map(readEstate),
    createEstate: async (actor, fields, now) =>
      readEstate(await json<EstateRow>(call, 'estate_create', { p_actor: actor.id, ...fieldArguments(fields), p_at: iso(now) })),
    updateEstate: (actor, id, fields, now) => yes(call, 'estate_update', { p_actor: actor.id, p_id: id, ...fieldArguments(fields), p_at: iso(now) }),
    setEstateStatus: (actor, id, status, listPrice, now) =>
      yes(call, 'estate_set_status', { p_actor: actor.id, p_id: id, p_status: status, p_list_price: listPrice, p_at: iso(now) }),
    deleteEstate: (actor, id, now) => yes(call, 'estate_delete', { p_actor: actor.id, p_id: id, p_at: iso(now) }),
    estateHistory: async (actor, id) => ((await json<ChangeRow[] | null>(call, 'estate_history', { p_actor: actor.id, p_id: id })) ?? []).map(readChange),

    publishTerms: async (actor, body, now) => Number(await call('terms_publish', { p_actor: actor.id, p_body: body, p_at: iso(now) })),
    currentTerms: async (actor) => readTerms(await json<TermsRow | null>(call, 'terms_current', { p_actor: actor.id })),
    termsVersions: async (actor) =>
      ((await json<{ version: number; published_at: string; published_by: string | null }[] | null>(call, 'terms_versions', { p_actor: actor.id })) ?? []).map(
        (row): TermsVersion => ({ version: Number(row.version), publishedAt: utc(row.published_at), publishedBy: row.published_by }),
      ),
    acceptTerms: (actor, version, now) => yes(call, 'terms_accept', { p_actor: actor.id, p_version: version, p_at: iso(now) }),
    termsAcceptances: async (actor, brokerId) =>
      ((await json<{ version: number; accepted_at: string }[] | null>(call, 'terms_acceptances', { p_actor: actor.id, p_broker: brokerId })) ?? []).map(
        (row): TermsAcceptance => ({ version: Number(row.version), acceptedAt: utc(row.accepted_at) }),
      ),

    recordDownload: async (actor, kind, now) => void (await call('portal_record_download', { p_actor: actor.id, p_kind: kind, p_at: iso(now) })),
    listDownloads: async (actor, accountId, limit) =>
      ((await json<DownloadRow[] | null>(call, 'portal_downloads', { p_actor: actor.id, p_account: accountId, p_limit: limit })) ?? []).map(
        (row): PortalDownload => ({ accountId: row.account_id, name: row.name, email: row.email, brokerage: row.brokerage, role: row.role, kind: row.kind, at: utc(row.at) }),
      ),
    brokerContact: async (actor) => (await json<BrokerContact | null>(call, 'portal_contact', { p_actor: actor.id })) ?? null,
  };
}

interface FieldsRow {
  lot: string;
  lot_acres: number | string;
  home_sqft: number;
  bedrooms: number;
  bathrooms: number | string;
  status: Estate['status'];
  list_price: number | string | null;
}

export type EstateRow = FieldsRow & { id: string; changed_at: string; created_at: string };

export function readEstate(row: EstateRow): Estate {
  return { id: row.id, ...(readFields(row) as EstateFields), changedAt: utc(row.changed_at), createdAt: utc(row.created_at) };
}

/** An estate's fields, or those a change names, with their own names. */
function readFields(row: Partial<FieldsRow>): Partial<EstateFields> {
  const fields: Partial<EstateFields> = {};
  if (row.lot !== undefined) fields.lot = row.lot;
  if (row.lot_acres !== undefined) fields.lotAcres = Number(row.lot_acres);
  if (row.home_sqft !== undefined) fields.homeSqft = Number(row.home_sqft);
  if (row.bedrooms !== undefined) fields.bedrooms = Number(row.bedrooms);
  if (row.bathrooms !== undefined) fields.bathrooms = Number(row.bathrooms);
  if (row.status !== undefined) fields.status = row.status;
  if (row.list_price !== undefined) fields.listPrice = row.list_price === null ? null : Number(row.list_price);
  return fields;
}

interface ChangeRow {
  at: string;
  actor_id: string | null;
  actor: string | null;
  before: Partial<FieldsRow> | null;
  after: Partial<FieldsRow> | null;
}

const readChange = (row: ChangeRow): EstateChange => ({
  at: utc(row.at),
  actorId: row.actor_id,
  actor: row.actor,
  before: row.before ? readFields(row.before) : null,
  after: row.after ? readFields(row.after) : null,
});

interface TermsRow {
  version: number;
  body: string;
  published_at: string;
  accepted: boolean;
  accepted_at: string | null;
  accepted_before: boolean;
}

const readTerms = (row: TermsRow | null): CurrentTerms | null =>
  row
    ? { version: Number(row.version), body: row.body, publishedAt: utc(row.published_at), accepted: row.accepted, acceptedAt: utcOrNull(row.accepted_at), acceptedBefore: row.accepted_before }
    : null;

/** A download as the database lists it: the same fields, the account's id in its own column's name. */
type DownloadRow = Omit<PortalDownload, 'accountId'> & { account_id: string };
