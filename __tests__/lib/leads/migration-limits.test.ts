import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIELD_LIMITS } from '@/lib/leads/fields';

const directory = path.join(process.cwd(), 'supabase', 'migrations');
const sql = readdirSync(directory)
  .sort()
  .map((file) => readFileSync(path.join(directory, file), 'utf8'))
  .join('\n');

test('every CHECK length limit in the migrations equals the limit the forms enforce', () => {
  const limits = [...sql.matchAll(/char_length\((\w+)\) <= (\d+)/g)].map(([, column, limit]) => [column, Number(limit)] as const);
  expect(limits.length).toBeGreaterThanOrEqual(10);
  for (const [column, limit] of limits) {
    expect({ column, limit }).toEqual({ column, limit: FIELD_LIMITS[column as keyof typeof FIELD_LIMITS] });
  }
  expect(new Set(limits.map(([column]) => column))).toEqual(new Set(Object.keys(FIELD_LIMITS)));
});
