/**
 * The single source of every lead field's maximum length. The zod schemas,
 * the inputs' maxlength attributes and the CHECK constraints of
 * supabase/migrations all carry these numbers; a test keeps the SQL honest.
 */
export const FIELD_LIMITS = {
  full_name: 120,
  email: 254,
  phone: 40,
  brokerage: 160,
  license_number: 60,
  message: 4000,
} as const;

export type LeadField = keyof typeof FIELD_LIMITS;

export const INQUIRY_FIELDS = ['full_name', 'email', 'phone', 'message'] as const satisfies readonly LeadField[];

export const BROKER_FIELDS = [
  'full_name',
  'email',
  'brokerage',
  'license_number',
  'phone',
  'message',
] as const satisfies readonly LeadField[];

export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type BrokerField = (typeof BROKER_FIELDS)[number];

// The form's two hidden fields. Here rather than beside the server's guards,
// so that the form in the browser names them from the same place.

/** The hidden field a bot fills and a person never sees. */
export const HONEYPOT_FIELD = 'website';

/** The hidden field carrying the browser's key for one submission attempt. */
export const SUBMISSION_KEY_FIELD = 'submission_key';
