import { z } from 'zod';
import { LEAD_FORM_NAMES, LEAD_FORMS, type FieldDefinition, type LeadFormName, type LeadRow } from './forms';

// C0 and C1 control characters and DEL. Free text may keep tabs and line feeds.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS_EXCEPT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

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
