import 'server-only';
import { CONTEXT_FIELDS, UTM_PARAMETERS, type ContextField, type LeadContext } from './forms';

// Anything that is not plain visible text has no place in a campaign name: control, bidi and zero-width characters.
const UNFIT = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/;
const LIMITS = Object.fromEntries(CONTEXT_FIELDS.map(({ name, limit }) => [name, limit])) as Record<ContextField, number>;

/** A value worth keeping, trimmed and in normal form, or null: a bad campaign tag never holds up a lead. */
function keep(field: ContextField, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.normalize('NFC').trim();
  return text && text.length <= LIMITS[field] && !UNFIT.test(text) ? text : null;
}

/** The referring site, as its host name only: a full address can carry someone's search or account. */
function referringSite(value: unknown, ownHost: string): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol) || url.hostname === ownHost) return null;
    return keep('referrer', url.hostname.toLowerCase());
  } catch {
    return null;
  }
}

/**
 * Where a lead came from, and the privacy notice its form showed. With
 * JavaScript the form carries the landing page's utm_ parameters and the
 * referring site of the visit. Without it, the post itself says only which
 * page it was sent from (its Referer, when the browser sends one): that
 * page's utm_ parameters are kept, and the referring site is not known.
 */
export function readContext(formData: FormData, headers: Headers, ownHost: string): LeadContext {
  const fromForm = Object.fromEntries(UTM_PARAMETERS.map((name) => [name, keep(name, formData.get(name))]));
  let fromPage: Record<string, string | null> = {};
  if (UTM_PARAMETERS.every((name) => fromForm[name] === null)) {
    try {
      const page = new URL(headers.get('referer') ?? '');
      if (page.hostname === ownHost) fromPage = Object.fromEntries(UTM_PARAMETERS.map((name) => [name, keep(name, page.searchParams.get(name))]));
    } catch {
      // No page, or not an address: nothing to read.
    }
  }
  const notice = formData.get('privacy_notice');
  return {
    ...(Object.fromEntries(UTM_PARAMETERS.map((name) => [name, fromForm[name] ?? fromPage[name] ?? null])) as Record<(typeof UTM_PARAMETERS)[number], string | null>),
    referrer: referringSite(formData.get('referrer'), ownHost),
    privacy_notice: typeof notice === 'string' && /^[0-9a-f]{12}$/.test(notice) ? notice : null,
  };
}
