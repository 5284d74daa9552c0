import { LEAD_FORMS, type LeadFormName } from '@/lib/leads/forms';
import { leadSchemas } from '@/lib/leads/schema';

const inquirySchema = leadSchemas.inquiry;
const brokerSchema = leadSchemas.broker;
const limit = (form: LeadFormName, field: string) => LEAD_FORMS[form].fields.find((definition) => definition.name === field)!.limit;
const FIELD_LIMITS = {
  full_name: limit('inquiry', 'full_name'),
  message: limit('inquiry', 'message'),
  brokerage: limit('broker', 'brokerage'),
  license_number: limit('broker', 'license_number'),
};

const inquiry = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '', message: '' };
const broker = { ...inquiry, brokerage: 'Whitfield & Co. Realty', license_number: '' };

function issueCodes(result: { success: boolean; error?: { issues: { path: PropertyKey[]; code: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.code]));
}

describe('inquiry schema', () => {
  test('accepts the required fields alone and stores empty optional fields as null', () => {
    expect(inquirySchema.parse(inquiry)).toEqual({
      full_name: 'Eleanor Whitfield',
      email: 'eleanor@example.com',
      phone: null,
      message: null,
    });
  });

  test('trims every field and keeps the optional ones that were given', () => {
    expect(
      inquirySchema.parse({ full_name: '  Eleanor  ', email: ' eleanor@example.com ', phone: ' +1 555 0100 ', message: '\n Hello \n' }),
    ).toEqual({ full_name: 'Eleanor', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'Hello' });
  });

  test('refuses a missing or blank name and email', () => {
    const result = inquirySchema.safeParse({ full_name: '   ', email: '' });
    expect(result.success).toBe(false);
    expect(issueCodes(result)).toEqual({ full_name: 'too_small', email: 'too_small' });
  });

  test.each(['plainaddress', 'jane@', '@example.com', 'jane@localhost', 'jane doe@example.com'])('refuses the email %p', (email) => {
    expect(inquirySchema.safeParse({ ...inquiry, email }).success).toBe(false);
  });

  test('lower-cases the domain of an email but not the mailbox', () => {
    expect(inquirySchema.parse({ ...inquiry, email: 'Eleanor.W@Example.COM' }).email).toBe('Eleanor.W@example.com');
  });

  test('drops fields it does not know', () => {
    const row = inquirySchema.parse({ ...inquiry, id: 'x', created_at: 'yesterday', is_admin: 'true' });
    expect(Object.keys(row).sort()).toEqual(['email', 'full_name', 'message', 'phone']);
  });

  test('refuses a field one character over its limit, and accepts it at the limit', () => {
    const atLimit = { ...inquiry, full_name: 'a'.repeat(FIELD_LIMITS.full_name), message: 'm'.repeat(FIELD_LIMITS.message) };
    expect(inquirySchema.safeParse(atLimit).success).toBe(true);
    const over = inquirySchema.safeParse({ ...atLimit, message: 'm'.repeat(FIELD_LIMITS.message + 1) });
    expect(issueCodes(over)).toEqual({ message: 'too_big' });
  });

  test('counts a line break in the message once, as the browser does', () => {
    const lines = 'ab\r\n'.repeat(FIELD_LIMITS.message / 3).trim();
    expect(lines.length).toBeGreaterThan(FIELD_LIMITS.message);
    expect(inquirySchema.parse({ ...inquiry, message: lines }).message).toBe(lines.replace(/\r\n/g, '\n'));
  });

  test('refuses control characters, except tabs and line breaks in the message', () => {
    expect(inquirySchema.safeParse({ ...inquiry, full_name: 'Eleanor\u0000' }).success).toBe(false);
    expect(inquirySchema.safeParse({ ...inquiry, phone: '555\u0007' }).success).toBe(false);
    expect(inquirySchema.safeParse({ ...inquiry, full_name: 'Eleanor\nWhitfield' }).success).toBe(false);
    expect(inquirySchema.safeParse({ ...inquiry, message: 'Dear team\u0000' }).success).toBe(false);
    expect(inquirySchema.parse({ ...inquiry, message: 'Dear team,\n\tthank you' }).message).toBe('Dear team,\n\tthank you');
  });

  test('refuses a file where text is expected', () => {
    const result = inquirySchema.safeParse({ ...inquiry, full_name: new File(['x'], 'x.txt') });
    expect(issueCodes(result)).toEqual({ full_name: 'invalid_type' });
  });
});

describe('broker schema', () => {
  test('requires the brokerage as well as name and email', () => {
    expect(issueCodes(brokerSchema.safeParse({ ...broker, brokerage: '  ' }))).toEqual({ brokerage: 'too_small' });
  });

  test('stores every optional field left empty as null, and keeps nothing else', () => {
    const optional = LEAD_FORMS.broker.fields.filter((field) => !field.required).map((field) => field.name);
    expect(optional).toEqual(expect.arrayContaining(['license_number', 'phone', 'message']));
    expect(brokerSchema.parse(broker)).toEqual({
      full_name: 'Eleanor Whitfield',
      email: 'eleanor@example.com',
      brokerage: 'Whitfield & Co. Realty',
      ...Object.fromEntries(optional.map((name) => [name, null])),
    });
  });

  test('keeps the optional fields that were given', () => {
    const row = brokerSchema.parse({ ...broker, license_number: ' DRE 01234567 ', phone: '555 0100', message: 'Two clients.' });
    expect(row).toMatchObject({ license_number: 'DRE 01234567', phone: '555 0100', message: 'Two clients.' });
  });

  test('holds the brokerage and license number to their limits', () => {
    const result = brokerSchema.safeParse({
      ...broker,
      brokerage: 'b'.repeat(FIELD_LIMITS.brokerage + 1),
      license_number: 'l'.repeat(FIELD_LIMITS.license_number + 1),
    });
    expect(issueCodes(result)).toEqual({ brokerage: 'too_big', license_number: 'too_big' });
  });
});

describe('characters that hide or disguise text', () => {
  test.each([
    ['a right-to-left override', 'Eleanor \u202Egnp.exe'],
    ['a left-to-right embedding', '\u202AEleanor'],
    ['a first-strong isolate', 'Eleanor\u2068 Whitfield\u2069'],
    ['a right-to-left mark', 'Eleanor\u200F'],
    ['a zero-width space', 'Elea\u200Bnor'],
    ['a word joiner', 'Elea\u2060nor'],
    ['a soft hyphen', 'Elea\u00ADnor'],
    ['a byte-order mark', '\uFEFFEleanor'],
    ['a line separator', 'Eleanor\u2028Whitfield'],
    ['a paragraph separator', 'Eleanor\u2029Whitfield'],
    ['a zero-width joiner inside plain letters', 'adm\u200Din'],
    ['a zero-width non-joiner at the end', 'Eleanor\u200C'],
  ])('are refused in a name, the field at fault: %s', (_, full_name) => {
    expect(issueCodes(inquirySchema.safeParse({ ...inquiry, full_name }))).toEqual({ full_name: 'custom' });
  });

  test('are refused in the message too, which keeps its ordinary line breaks and tabs', () => {
    expect(inquirySchema.safeParse({ ...inquiry, message: 'Dear team,\u2028thank you' }).success).toBe(false);
    expect(inquirySchema.safeParse({ ...inquiry, message: 'Dear team, \u202Eevil' }).success).toBe(false);
    expect(inquirySchema.parse({ ...inquiry, message: 'Dear team,\r\n\tthank you' }).message).toBe('Dear team,\n\tthank you');
  });

  test('joiners that shape emoji and scripts are kept', () => {
    expect(inquirySchema.parse({ ...inquiry, full_name: '👩🏽‍💼 Zoë' }).full_name).toBe('👩🏽‍💼 Zoë');
    expect(inquirySchema.parse({ ...inquiry, full_name: 'می‌خواهم' }).full_name).toBe('می‌خواهم');
  });

  test('text is stored in Unicode normal form C', () => {
    expect(inquirySchema.parse({ ...inquiry, full_name: 'Zoe\u0308' }).full_name).toBe('Zo\u00EB');
  });
});
