import type { EstateFields } from '@/lib/portal/types';

// What the team's estates and terms forms and their actions agree on: what the actions answer, and the forms show
// again after a refusal. Nothing here loads in a browser that the forms do not use (the estate's schema is in
// ./estate-schema.ts, read on the server alone).

export const ESTATE_FIELD_NAMES = ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'bathrooms', 'status', 'listPrice'] as const;
export type EstateFieldName = (typeof ESTATE_FIELD_NAMES)[number];

/** What an estate form's action answers after a refusal (a saved form goes to the page again instead). */
export interface EstateFormState {
  outcome: 'refused' | 'duplicate' | 'claimed' | 'gone' | 'unavailable' | null;
  /** The entries as typed, to show again. */
  values: Partial<Record<EstateFieldName, string>>;
  /** The fields to change, in the form's order. */
  errors: EstateFieldName[];
  /** New for every answer, so that the form shows each afresh. */
  answerId: string;
}

export const initialEstateState: EstateFormState = { outcome: null, values: {}, errors: [], answerId: '' };

/** What the terms form's action answers after a refusal. */
export interface TermsFormState {
  outcome: 'empty' | 'long' | 'markup' | 'control' | 'same' | 'unavailable' | null;
  body: string;
  /** The length of a body too long, in characters. */
  length: number;
  answerId: string;
}

export const initialTermsState: TermsFormState = { outcome: null, body: '', length: 0, answerId: '' };

/** The fields of an estate as a form shows them. */
export function estateValues(estate: EstateFields): Record<EstateFieldName, string> {
  return {
    lot: estate.lot,
    lotAcres: String(estate.lotAcres),
    homeSqft: String(estate.homeSqft),
    bedrooms: String(estate.bedrooms),
    bathrooms: String(estate.bathrooms),
    status: estate.status,
    listPrice: estate.listPrice === null ? '' : String(estate.listPrice),
  };
}

export const TERMS_MAX_CHARACTERS = 20_000;
/** What the database refuses as markup in the terms: a "<" before a letter, "/", "!" or "?" (a tag, a comment, a declaration). */
export const TERMS_MARKUP = /<\s*\/?\s*[A-Za-z!?]/;
// Tabs and line breaks are the only control characters plain text needs.
const TERMS_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The terms as they will be kept (line endings made \n, blank edges gone), or why they cannot be. */
export function checkTerms(typed: string): { body: string } | { refused: Exclude<TermsFormState['outcome'], 'same' | 'unavailable' | null>; length: number } {
  const body = typed.replace(/\r\n?/g, '\n').trim();
  const length = [...body].length;
  if (!length) return { refused: 'empty', length };
  if (length > TERMS_MAX_CHARACTERS) return { refused: 'long', length };
  if (TERMS_CONTROL.test(body)) return { refused: 'control', length };
  if (TERMS_MARKUP.test(body)) return { refused: 'markup', length };
  return { body };
}

/** The terms' paragraphs: apart by blank lines, each line of one kept as typed. */
export const termsParagraphs = (body: string) =>
  body
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
