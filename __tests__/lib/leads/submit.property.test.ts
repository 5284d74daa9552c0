import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { LEAD_FORMS, SUBMISSION_KEY_FIELD, type FieldDefinition, type LeadFormName } from '@/lib/leads/forms';
import { submissionKey } from '@/lib/leads/guards';
import { leadSchemas } from '@/lib/leads/schema';
import { processLead } from '@/lib/leads/submit';
import { UNKNOWN_CLIENT } from '@/lib/request';
import { createEmbeddedStore } from '@/lib/store/embedded';
import { submissionContext } from '../../support/request';

/** How many arbitrary submissions each form is given; SECURITY.md quotes the total. */
export const RUNS_PER_FORM = 400;

const store = createEmbeddedStore('memory://');
/** One fixed moment: keys derived from content fall in one window, so a repeat is a repeat. */
const NOW = Date.UTC(2026, 10, 22, 12, 0);
let db: PGlite;
beforeAll(async () => {
  db = await store.database();
});
afterAll(() => store.close());

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
function fieldValue(field: FieldDefinition) {
  const typical =
    field.type === 'email'
      ? fc.oneof(fc.emailAddress(), fc.constantFrom('Eleanor.W@Example.COM', ' spaced@example.com ', 'jane@localhost'))
      : fc.oneof(
          fc.constantFrom('Eleanor Whitfield', 'Ελένη Ουίτφιλντ', '👩🏽‍💼 Zoë', '+1 (555) 010-0199', 'Hale & Partners Realty'),
          fc.constantFrom('Zoë\u0000', 'Bell\u0007', 'Tabbed\there', 'Two\nlines', 'Two\r\nlines', '\u202Eevil', '\uFEFFbom'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
          fc.constant(''),
        );
  return fc.oneof({ weight: 6, arbitrary: typical }, { weight: 2, arbitrary: aroundLimit(field.limit) }, { weight: 1, arbitrary: anything }, { weight: 1, arbitrary: file });
}

function submissions(fields: readonly FieldDefinition[]) {
  const extraNames = fc.constantFrom(...fields.map((field) => field.name), 'website', 'submission_key', 'id', 'created_at', '$ACTION_1:0', 'unknown');
  const plausible = fc.tuple(...fields.map((field) => fc.tuple(fc.constant<string>(field.name), fieldValue(field))));
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

describe.each(['inquiry', 'broker'] as const)('the %s action, given arbitrary form data', (name: LeadFormName) => {
  const { table, fields } = LEAD_FORMS[name];
  test('never throws, answers success exactly when the content is valid, and stores each new valid submission once, as validated', async () => {
    const seenKeys = new Set<string>();
    await fc.assert(
      fc.asyncProperty(submissions(fields), async (data) => {
        const before = (await db.query<{ count: number }>(`select count(*)::int as count from ${table}`)).rows[0]!.count;
        const answer = await processLead(name, data, submissionContext({ store, now: () => NOW }));

        const trapped = (data.get('website') ?? '') !== '';
        const submitted = Object.fromEntries(fields.map((field) => [field.name, data.get(field.name) ?? '']));
        const valid = leadSchemas[name].safeParse(submitted);
        expect(answer.status).toBe(trapped || valid.success ? 'success' : 'error');

        const after = (await db.query<{ count: number }>(`select count(*)::int as count from ${table}`)).rows[0]!.count;
        if (trapped || !valid.success) {
          expect(after).toBe(before);
          return;
        }
        // A new submission is stored once; one whose key was seen before (a replay) is not stored again.
        const key = submissionKey(name, data.get(SUBMISSION_KEY_FIELD), valid.data, UNKNOWN_CLIENT, NOW);
        expect(after).toBe(seenKeys.has(key) ? before : before + 1);
        seenKeys.add(key);
        const stored = (await db.query<Record<string, unknown>>(`select * from ${table} where submission_key = $1`, [key])).rows;
        expect(stored).toHaveLength(1);
        const { id, created_at, submission_key } = stored[0]!;
        expect([id, created_at, submission_key]).toEqual([expect.any(String), expect.any(Date), key]);
        const row = Object.fromEntries(fields.map((field) => [field.name, stored[0]![field.name]]));
        // What was stored is what validation produced, and would pass validation again.
        if (after > before) expect(row).toEqual(valid.data);
        const reread = Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, cell ?? '']));
        expect(leadSchemas[name].parse(reread)).toEqual(row);
      }),
      { numRuns: RUNS_PER_FORM },
    );
  }, 300_000);
});
