import 'server-only';
import { createHash } from 'node:crypto';
import { privacy } from './copy/privacy';

/**
 * The version of the privacy notice: a digest of its words, so that it
 * changes whenever they do, with nothing to remember to bump. Each lead
 * records the version its form showed.
 */
export const PRIVACY_NOTICE_VERSION = createHash('sha256').update(JSON.stringify(privacy)).digest('hex').slice(0, 12);

/** A sentence of the notice with its {placeholders} filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
}
