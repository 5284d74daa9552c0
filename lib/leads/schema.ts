import { z } from 'zod';
import { LEAD_FORM_NAMES, LEAD_FORMS, type FieldDefinition, type LeadFormName, type LeadRow } from './forms';

// C0 and C1 control characters and DEL. Free text may keep tabs and line feeds.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS_EXCEPT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * Characters that change how text reads without showing themselves: bidirectional
 * controls (which can make a name or a link display as something else), the
 * line and paragraph separators (a line break no field expects), the byte-order
 * mark, the soft hyphen, the word joiner and the zero-width space.
 */
const INVISIBLE = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF\u00AD\u2060\u200B]/;

/**
 * The zero-width joiner and non-joiner shape emoji sequences and scripts such as
 * Persian and Devanagari, so between two such characters they stay; next to
 * plain ASCII they can only disguise one word as another.
 */
const STRAY_JOINER = /(?:^|[\u0000-\u007F])[\u200C\u200D]|[\u200C\u200D](?:$|[\u0000-\u007F])/;

const hidesSomething = (value: string) => INVISIBLE.test(value) || STRAY_JOINER.test(value);

/**
 * Browsers submit textarea line breaks as CRLF while `maxlength` counts them
 * as one character, so line breaks are folded to LF before the length check:
 * a message that fits the field also fits the column.
 */
function normalise(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/** Mailbox names are case-sensitive in principle; domains never are. */
function lowerCaseDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return address.slice(0, at) + address.slice(at).toLowerCase();
}

function fieldSchema(field: FieldDefinition): z.ZodType {
  const multiline = field.type === 'textarea';
  const text = z
    .string()
    // Before trimming, which would quietly drop a leading byte-order mark.
    .refine((value) => !hidesSomething(value), { params: { reason: 'invisible_character' } })
    .overwrite(normalise)
    .max(field.limit)
    .refine((value) => !(multiline ? CONTROL_CHARACTERS_EXCEPT_TAB_AND_NEWLINE : CONTROL_CHARACTERS).test(value), {
      params: { reason: 'control_character' },
    });
  if (!field.required) return text.optional().transform((value) => value || null);
  const required = text.min(1);
  return field.type === 'email' ? required.pipe(z.email()).transform(lowerCaseDomain) : required;
}

function formSchema<Form extends LeadFormName>(form: Form): z.ZodType<LeadRow<Form>> {
  const fields: readonly FieldDefinition[] = LEAD_FORMS[form].fields;
  return z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)]))) as unknown as z.ZodType<LeadRow<Form>>;
}

/** What each form accepts, derived from the registry: unknown fields dropped, text normalised, empty optional fields null. */
export const leadSchemas = Object.fromEntries(LEAD_FORM_NAMES.map((form) => [form, formSchema(form)])) as {
  readonly [Form in LeadFormName]: z.ZodType<LeadRow<Form>>;
};
