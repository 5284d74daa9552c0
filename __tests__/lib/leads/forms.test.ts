import { PGlite } from '@electric-sql/pglite';
import { CONTEXT_FIELDS, LEAD_FORM_NAMES, LEAD_FORMS, type FieldDefinition } from '@/lib/leads/forms';
import { leadSchemas } from '@/lib/leads/schema';
import { applyMigrations } from '@/lib/store/migrations';

/**
 * Columns the database fills (id, arrival, key) and the team's work on a lead: everything else in a lead
 * table must be a field of its form or one of the context fields every lead records.
 */
// The database's own: the team's work on a lead, and when a broker request was first answered (its 24-hour promise).
const DATABASE_COLUMNS = ['id', 'created_at', 'submission_key', 'status', 'legacy_owner', 'owner_id', 'follow_up_on', 'decided_at'];

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  await applyMigrations(db);
});
afterAll(() => db.close());

interface Column {
  name: string;
  type: string;
  notNull: boolean;
}

async function columnsOf(table: string): Promise<Column[]> {
  const { rows } = await db.query<Column>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull"
     from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
    [`public.${table}`],
  );
  return rows;
}

/** Each column's CHECK limits, as PostgreSQL reads them back: `char_length(x) <= n` and `x <> ''`. */
async function checksOf(table: string): Promise<{ limits: Map<string, number>; nonEmpty: Set<string> }> {
  const { rows } = await db.query<{ definition: string }>(
    "select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = $1::regclass and contype = 'c'",
    [`public.${table}`],
  );
  const limits = new Map<string, number>();
  const nonEmpty = new Set<string>();
  for (const { definition } of rows) {
    for (const [, column, limit] of definition.matchAll(/char_length\((\w+)\) <= (\d+)/g)) limits.set(column!, Number(limit));
    for (const [, column] of definition.matchAll(/\((\w+) <> ''::text\)/g)) nonEmpty.add(column!);
  }
  return { limits, nonEmpty };
}

/** A value of exactly `length` characters that the field would accept. */
function valueOfLength(field: FieldDefinition, length: number): string {
  if (field.type !== 'email') return 'x'.repeat(length);
  const domain = '@example.com';
  return 'x'.repeat(length - domain.length) + domain;
}

describe.each(LEAD_FORM_NAMES)('the %s form', (name) => {
  const form = LEAD_FORMS[name];
  const fields: readonly FieldDefinition[] = form.fields;

  test("its table has a text column for each field and each context field, and no other column than the database's own", async () => {
    const columns = await columnsOf(form.table);
    // In any order: a field added later is a column added at the end.
    expect(columns.map((column) => column.name).filter((column) => !DATABASE_COLUMNS.includes(column)).sort()).toEqual(
      [...fields.map((field) => field.name), ...CONTEXT_FIELDS.map((field) => field.name)].sort(),
    );
    for (const field of [...fields, ...CONTEXT_FIELDS]) expect(columns.find((column) => column.name === field.name)?.type).toBe('text');
    for (const field of CONTEXT_FIELDS) expect(columns.find((column) => column.name === field.name)?.notNull).toBe(false);
  });

  test('its status column takes exactly the statuses the registry gives, starting at the first', async () => {
    const { rows } = await db.query<{ definition: string; initial: string }>(
      `select pg_get_constraintdef(c.oid) as definition, pg_get_expr(d.adbin, d.adrelid) as initial
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
       join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where c.conrelid = $1::regclass and c.contype = 'c' and a.attname = 'status'`,
      [`public.${form.table}`],
    );
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.definition.matchAll(/'(\w+)'::text/g)].map(([, status]) => status)).toEqual([...form.statuses]);
    expect(rows[0]!.initial).toBe(`'${form.statuses[0]}'::text`);
  });

  test('a column is NOT NULL exactly when its field is required', async () => {
    const columns = await columnsOf(form.table);
    const notNull = Object.fromEntries(fields.map((field) => [field.name, columns.find((column) => column.name === field.name)?.notNull]));
    expect(notNull).toEqual(Object.fromEntries(fields.map((field) => [field.name, field.required])));
  });

  test("each column's CHECK holds it to its field's limit and refuses the empty string", async () => {
    const { limits, nonEmpty } = await checksOf(form.table);
    const checked = [...fields, ...CONTEXT_FIELDS];
    expect(Object.fromEntries(checked.map((field) => [field.name, limits.get(field.name)]))).toEqual(
      Object.fromEntries(checked.map((field) => [field.name, field.limit])),
    );
    expect([...nonEmpty].sort()).toEqual([...checked.map((field) => field.name), 'legacy_owner'].sort());
  });

  test('its schema reads exactly its fields, each up to its limit, and requires the required ones', () => {
    const schema = leadSchemas[name];
    const atLimit = Object.fromEntries(fields.map((field) => [field.name, valueOfLength(field, field.limit)]));
    expect(Object.keys(schema.parse({ ...atLimit, unknown: 'x' }))).toEqual(fields.map((field) => field.name));
    for (const field of fields) {
      const over = schema.safeParse({ ...atLimit, [field.name]: valueOfLength(field, field.limit + 1) });
      expect({ field: field.name, refused: !over.success }).toEqual({ field: field.name, refused: true });
      const empty = schema.safeParse({ ...atLimit, [field.name]: '' });
      expect({ field: field.name, accepted: empty.success }).toEqual({ field: field.name, accepted: !field.required });
      if (empty.success) expect((empty.data as Record<string, unknown>)[field.name]).toBeNull();
    }
  });
});
