import { CONTEXT_FIELDS, type FormDefinition } from '@/lib/leads/forms';

/**
 * CSV as RFC 4180 writes it (CRLF line ends, every field quoted, quotes
 * doubled), made safe to open in a spreadsheet: a cell that a spreadsheet
 * would read as a formula (it begins with =, +, -, @, a tab or a carriage
 * return) is prefixed with an apostrophe, which shows it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A byte-order mark first, so that spreadsheet programs read the file as UTF-8. */
export const CSV_PREAMBLE = '\uFEFF';

/** An export's columns: the lead's id and arrival, the form's fields, the team's work, where it came from. */
export function exportColumns(form: FormDefinition): string[] {
  return ['id', 'created_at', ...form.fields.map((field) => field.name), 'status', 'owner', 'follow_up_on', ...CONTEXT_FIELDS.map((field) => field.name)];
}
