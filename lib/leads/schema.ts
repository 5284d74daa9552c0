import { z } from 'zod';
import { FIELD_LIMITS, type LeadField } from './fields';

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

function text(field: LeadField, { multiline = false } = {}) {
  return z
    .string()
    .overwrite(normalise)
    .max(FIELD_LIMITS[field])
    .refine((value) => !(multiline ? CONTROL_CHARACTERS_EXCEPT_TAB_AND_NEWLINE : CONTROL_CHARACTERS).test(value), {
      params: { reason: 'control_character' },
    });
}

function requiredText(field: LeadField) {
  return text(field).min(1);
}

function optionalText(field: LeadField, options?: { multiline?: boolean }) {
  return text(field, options)
    .optional()
    .transform((value) => value || null);
}

/** Mailbox names are case-sensitive in principle; domains never are. */
function lowerCaseDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return address.slice(0, at) + address.slice(at).toLowerCase();
}

const emailAddress = requiredText('email').pipe(z.email()).transform(lowerCaseDomain);

export const inquirySchema = z.object({
  full_name: requiredText('full_name'),
  email: emailAddress,
  phone: optionalText('phone'),
  message: optionalText('message', { multiline: true }),
});

export const brokerSchema = z.object({
  full_name: requiredText('full_name'),
  email: emailAddress,
  brokerage: requiredText('brokerage'),
  license_number: optionalText('license_number'),
  phone: optionalText('phone'),
  message: optionalText('message', { multiline: true }),
});

export type InquiryRow = z.output<typeof inquirySchema>;
export type BrokerRequestRow = z.output<typeof brokerSchema>;
