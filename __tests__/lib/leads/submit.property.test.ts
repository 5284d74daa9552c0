import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { BROKER_FIELDS, FIELD_LIMITS, INQUIRY_FIELDS } from '@/lib/leads/fields';
import { brokerForm, inquiryForm, processLead } from '@/lib/leads/submit';
import { getStore } from '@/lib/store';
import type { createEmbeddedStore } from '@/lib/store/embedded';
import { requestContext } from '../../support/request';

/** How many arbitrary submissions each form is given; SECURITY.md quotes the total. */
export const RUNS_PER_FORM = 400;

let db: PGlite;
beforeAll(async () => {
  process.env.DATA_DIR = 'memory://';
  process.env.RATE_LIMIT_GLOBAL = 'off';
  process.env.RATE_LIMIT_PER_IP = 'off';
  delete process.env.SUPABASE_URL;
  db = await (getStore() as ReturnType<typeof createEmbeddedStore>).database();
});
afterAll(() => db.close());

const anything = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
  fc.constantFrom('', ' ', '\t\n', "O'Brien; DROP TABLE leads; --", '<script>alert(1)</script>', 'a\u0000b', 'line\r\nbreak'),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const file = fc.tuple(fc.string(), fc.string({ maxLength: 20 })).map(([content, name]) => new File([content], name));

/** Text of about a field's length limit: one, two or four UTF-8 bytes a character, a character or two either side. */
function aroundLimit(limit: number) {
  return fc
    .tuple(fc.integer({ min: limit - 2, max: limit + 2 }), fc.constantFrom('x', 'é', '中', '😀'))
    .map(([length, character]) => character.repeat(Math.ceil(length / character.length)).slice(0, length));
}

/** Mostly what a person would type into this field, sometimes its limit, sometimes anything at all. */
function fieldValue(field: keyof typeof FIELD_LIMITS) {
  const typical =
    field === 'email'
      ? fc.oneof(fc.emailAddress(), fc.constantFrom('Eleanor.W@Example.COM', ' spaced@example.com ', 'jane@localhost'))
      : fc.oneof(
          fc.constantFrom('Eleanor Whitfield', 'Ελένη Ουίτφιλντ', '👩🏽‍💼 Zoë', '+1 (555) 010-0199', 'Hale & Partners Realty'),
          fc.constantFrom('Zoë\u0000', 'Bell\u0007', 'Tabbed\there', 'Two\nlines', 'Two\r\nlines', '\u202Eevil', '\uFEFFbom'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
          fc.constant(''),
        );
  return fc.oneof({ weight: 6, arbitrary: typical }, { weight: 2, arbitrary: aroundLimit(FIELD_LIMITS[field]) }, { weight: 1, arbitrary: anything }, { weight: 1, arbitrary: file });
}

function submissions(fields: readonly (keyof typeof FIELD_LIMITS)[]) {
  const extraNames = fc.constantFrom(...fields, 'website', 'submission_key', 'id', 'created_at', '$ACTION_1:0', 'unknown');
  const plausible = fc.tuple(...fields.map((name) => fc.tuple(fc.constant<string>(name), fieldValue(name))));
  const extras = fc.array(fc.tuple(extraNames, fc.oneof(anything, file)), { maxLength: 6 });
  const scattered = fc.array(fc.tuple(extraNames, fc.oneof(anything, file)), { maxLength: 16 });
  // Mostly a plausible form, now and then with fields repeated or invented; sometimes anything at all.
  return fc
    .oneof({ weight: 3, arbitrary: plausible.map((entries) => [...entries]) }, { weight: 1, arbitrary: fc.tuple(plausible, extras).map(([a, b]) => [...a, ...b]) }, { weight: 1, arbitrary: scattered })
    .map((entries) => {
      const data = new FormData();
      for (const [name, item] of entries) data.append(name, item);
      return data;
    });
}

describe.each([
  ['inquiry', inquiryForm, INQUIRY_FIELDS, 'prospect_inquiries'],
  ['broker', brokerForm, BROKER_FIELDS, 'broker_requests'],
] as const)('the %s action, given arbitrary form data', (_, form, fields, table) => {
  test('never throws, answers success exactly when the content is valid, and stores only valid rows', async () => {
    await fc.assert(
      fc.asyncProperty(submissions(fields), async (data) => {
        const before = (await db.query<{ count: number }>(`select count(*)::int as count from ${table}`)).rows[0]!.count;
        const answer = await processLead(form as typeof inquiryForm, data, requestContext());

        const trapped = (data.get('website') ?? '') !== '';
        const submitted = Object.fromEntries(fields.map((field) => [field, data.get(field) ?? '']));
        const valid = form.schema.safeParse(submitted);
        expect(answer.status).toBe(trapped || valid.success ? 'success' : 'error');

        const after = (await db.query<Record<string, unknown>>(`select * from ${table} order by created_at desc`)).rows;
        expect(after.length - before).toBeLessThanOrEqual(trapped || !valid.success ? 0 : 1);
        if (after.length > before) {
          const { id, created_at, submission_key, ...row } = after[0]!;
          expect([id, created_at, submission_key]).toEqual([expect.any(String), expect.any(Date), expect.any(String)]);
          // What was stored is what validation produced, and would pass validation again.
          expect(row).toEqual(valid.data);
          const stored = Object.fromEntries(Object.entries(row).map(([key, cell]) => [key, cell ?? '']));
          expect(form.schema.parse(stored)).toEqual(row);
        }
      }),
      { numRuns: RUNS_PER_FORM },
    );
  }, 300_000);
});
