import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { actionArguments } from '../../scripts/build-action-arguments.mjs';

// The count of each action's arguments, read from the site's own sources as the build reads them.

const entry = (filename: string, exportedName: string) => ({ workers: {}, filename, exportedName });

test('reads each action’s count from its declaration: the fields alone, or a state first', () => {
  const manifest = { node: { a: entry('lib/leads/actions.ts', 'submitInquiry'), b: entry('lib/auth/actions.ts', 'signOut'), c: entry('lib/auth/actions.ts', 'signIn') } };
  expect(actionArguments(manifest, '.')).toEqual({ a: 2, b: 1, c: 2 });
});

test('every action of the site takes a form’s fields, after its state where it keeps one', () => {
  // The files that declare the site's actions, as `'use server'` marks them, and the functions each exports.
  const files = execFileSync('git', ['grep', '-l', "^'use server'", '--', '*.ts'], { encoding: 'utf8' }).trim().split('\n');
  const manifest: { node: Record<string, ReturnType<typeof entry>> } = { node: {} };
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
      if (statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) manifest.node[`${file}#${statement.name.text}`] = entry(file, statement.name.text);
    }
  }
  const counts = Object.values(actionArguments(manifest, '.'));
  expect(counts.length).toBeGreaterThan(30);
  expect(counts.filter((count) => count !== 1 && count !== 2)).toEqual([]);
});

test('stops the build on an action it cannot count: not a function declaration, or one with a rest parameter', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-actions-'));
  try {
    writeFileSync(path.join(root, 'actions.ts'), "'use server';\nexport const arrow = async (form: FormData) => form;\nexport async function rest(...parts: unknown[]) { return parts; }\n");
    expect(() => actionArguments({ node: { a: entry('actions.ts', 'arrow') } }, root)).toThrow(/no exported function declaration named arrow/);
    expect(() => actionArguments({ node: { a: entry('actions.ts', 'rest') } }, root)).toThrow(/rest parameter/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
