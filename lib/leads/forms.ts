/**
 * The lead forms, defined once. The zod schemas (lib/leads/schema.ts), the
 * row types, the store's columns, the inbox and its CSV, and the controls the
 * page renders all derive from this registry; the migrations must agree with
 * it, and __tests__/lib/leads/forms.test.ts holds them to it. Words shown to
 * people (labels, messages) live in lib/copy/, by audience, keyed by field name.
 *
 * Adding an optional field to a form: a line here, its label in the content
 * module, and a migration adding its column.
 */

export type FieldType = 'text' | 'email' | 'tel' | 'textarea';

export interface FieldDefinition {
  /** The column name, the input's name, the key in the webhook's JSON. */
  readonly name: string;
  readonly type: FieldType;
  readonly required: boolean;
  /** The most characters it may hold: the input's maxlength, the schema's max, the column's CHECK. */
  readonly limit: number;
  readonly autoComplete: string;
  /** Two half-width fields share a row on wide screens. */
  readonly width: 'half' | 'full';
  /** Visible lines of a textarea. */
  readonly rows?: number;
}

export interface FormDefinition {
  readonly name: string;
  /** Where its leads are stored (the specification's table names). */
  readonly table: string;
  readonly fields: readonly FieldDefinition[];
  /** The stages its leads pass through in the inbox; every lead starts at the first. */
  readonly statuses: readonly string[];
}

const fullName = { name: 'full_name', type: 'text', required: true, limit: 120, autoComplete: 'name', width: 'half' } as const;
const email = { name: 'email', type: 'email', required: true, limit: 254, autoComplete: 'email', width: 'half' } as const;
const phone = { name: 'phone', type: 'tel', required: false, limit: 40, autoComplete: 'tel', width: 'full' } as const;
const message = { name: 'message', type: 'textarea', required: false, limit: 4000, autoComplete: 'off', width: 'full', rows: 5 } as const;

export const LEAD_FORMS = {
  inquiry: {
    name: 'inquiry',
    table: 'prospect_inquiries',
    fields: [fullName, email, phone, message],
    statuses: ['new', 'contacted', 'qualified', 'touring', 'closed', 'spam'],
  },
  broker: {
    name: 'broker',
    table: 'broker_requests',
    fields: [
      fullName,
      email,
      { name: 'brokerage', type: 'text', required: true, limit: 160, autoComplete: 'organization', width: 'half' },
      { name: 'license_number', type: 'text', required: false, limit: 60, autoComplete: 'off', width: 'half' },
      phone,
      message,
    ],
    statuses: ['pending', 'approved', 'declined'],
  },
} as const satisfies Record<string, FormDefinition>;

/**
 * What every lead records besides what the visitor typed, the same for each
 * form: where the visit came from (the landing page's utm_ parameters and the
 * referring site), and which version of the privacy notice the form showed.
 * The form carries them as hidden fields; they are never required, and a
 * value that is not fit to keep is dropped rather than holding up the lead.
 */
export const CONTEXT_FIELDS = [
  { name: 'utm_source', limit: 200 },
  { name: 'utm_medium', limit: 200 },
  { name: 'utm_campaign', limit: 200 },
  { name: 'utm_term', limit: 200 },
  { name: 'utm_content', limit: 200 },
  { name: 'referrer', limit: 200 },
  { name: 'privacy_notice', limit: 64 },
] as const;

export type ContextField = (typeof CONTEXT_FIELDS)[number]['name'];
export type LeadContext = Record<ContextField, string | null>;

/** The parameters of a landing page's address that say where the visit came from. */
export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const satisfies readonly ContextField[];

export type LeadFormName = keyof typeof LEAD_FORMS;
export type LeadForm<Form extends LeadFormName = LeadFormName> = (typeof LEAD_FORMS)[Form];
type FieldOf<Form extends LeadFormName> = LeadForm<Form>['fields'][number];
export type LeadField<Form extends LeadFormName = LeadFormName> = FieldOf<Form>['name'];

/** A lead as validated and stored: required fields are text, empty optional fields are null. (Of several forms: any one's.) */
export type LeadRow<Form extends LeadFormName = LeadFormName> = Form extends LeadFormName
  ? { -readonly [Definition in FieldOf<Form> as Definition['name']]: Definition['required'] extends true ? string : string | null }
  : never;

/** A lead as the store takes it: optional fields may be left out (they are stored as null). */
export type LeadInput<Form extends LeadFormName = LeadFormName> = Form extends LeadFormName
  ? { -readonly [Definition in FieldOf<Form> as Definition['required'] extends true ? Definition['name'] : never]: string } & {
      -readonly [Definition in FieldOf<Form> as Definition['required'] extends true ? never : Definition['name']]?: string | null;
    }
  : never;

export type LeadStatus<Form extends LeadFormName = LeadFormName> = LeadForm<Form>['statuses'][number];

export const LEAD_FORM_NAMES = Object.keys(LEAD_FORMS) as LeadFormName[];

/** Whether a name from outside (a URL, a query) names a form: own properties only, so "constructor" is not one. */
export function isLeadFormName(name: unknown): name is LeadFormName {
  return typeof name === 'string' && Object.hasOwn(LEAD_FORMS, name);
}

export function fieldNames<Form extends LeadFormName>(form: LeadForm<Form>): LeadField<Form>[] {
  return form.fields.map((field) => field.name) as LeadField<Form>[];
}

// The form's two hidden fields, named here so that the browser and the server read them from one place.

/** The hidden field a bot fills and a person never sees. */
export const HONEYPOT_FIELD = 'website';

/** The hidden field carrying the browser's key for one submission attempt. */
export const SUBMISSION_KEY_FIELD = 'submission_key';

/** The field a browser fills with its proof of work when the forms are flooded. */
export const CHALLENGE_FIELD = 'altcha';
