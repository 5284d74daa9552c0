// What text the site can keep and show: the one rule every reader of a query, a form and a store call follows.

/**
 * Whether text can be kept and shown: PostgreSQL's text holds no U+0000 (it refuses it, 22021 or 22P05), and a
 * lone surrogate is no character (no UTF-8 spells one; a driver would write U+FFFD in its place).
 */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && text.isWellFormed();

/** Whether a value, or any text inside it (a list, a record, as a store call's arguments are), cannot be kept. */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isStorableText(next)) return true;
    } else if (next !== null && typeof next === 'object' && !(next instanceof Date)) {
      pending.push(...Object.keys(next), ...Object.values(next));
    }
  }
  return false;
}

/** The first `most` UTF-16 units of text, one fewer where the last would split a surrogate pair. */
export function cutText(text: string, most: number): string {
  if (text.length <= most) return text;
  const end = Math.max(0, Math.floor(most));
  return /[\uD800-\uDBFF]/.test(text.charAt(end - 1)) ? text.slice(0, end - 1) : text.slice(0, end);
}
