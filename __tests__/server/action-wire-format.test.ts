import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

// React's action wire format is plain JavaScript that runs beside the standalone build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const wire = require('../../server/action-wire-format.cjs') as typeof import('../../server/action-wire-format.cjs');
const { ACTION_ARGUMENTS_FILE, actionArguments, actionsOfManifest, readActionArguments, writeActionArguments } = wire;

// The count of each action's arguments, read from the site's own sources as the build reads them, and the manifest of
// actions Next writes, read as this release of Next writes it.

const entry = (filename: string, exportedName: string) => ({ filename, exportedName });
const ID = 'a1'.repeat(21);

/** An entry of the manifest as Next writes one: where the action is declared, and the bundles that hold it. */
const written = (filename: string, exportedName: string) => ({
  workers: { 'app/page': { moduleId: 42, async: false } },
  layer: { 'app/page': 'action-browser' },
  filename,
  exportedName,
});

test('reads each action’s count from its declaration: the fields alone, or a state first', () => {
  const actions = { a: entry('lib/leads/actions.ts', 'submitInquiry'), b: entry('lib/auth/actions.ts', 'signOut'), c: entry('lib/auth/actions.ts', 'signIn') };
  expect(actionArguments(actions, '.')).toEqual({ a: 2, b: 1, c: 2 });
});

test('every action of the site takes a form’s fields, after its state where it keeps one', () => {
  // The files that declare the site's actions, as `'use server'` marks them, and the functions each exports.
  const files = execFileSync('git', ['grep', '-l', "^'use server'", '--', '*.ts'], { encoding: 'utf8' }).trim().split('\n');
  const actions: Record<string, ReturnType<typeof entry>> = {};
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
      if (statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) actions[`${file}#${statement.name.text}`] = entry(file, statement.name.text);
    }
  }
  const counts = Object.values(actionArguments(actions, '.'));
  expect(counts.length).toBeGreaterThan(30);
  expect(counts.filter((count) => count !== 1 && count !== 2)).toEqual([]);
});

test('stops the build on an action it cannot count: not a function declaration, or one with a rest parameter', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-actions-'));
  try {
    writeFileSync(path.join(root, 'actions.ts'), "'use server';\nexport const arrow = async (form: FormData) => form;\nexport async function rest(...parts: unknown[]) { return parts; }\n");
    expect(() => actionArguments({ a: entry('actions.ts', 'arrow') }, root)).toThrow(/no exported function declaration named arrow/);
    expect(() => actionArguments({ a: entry('actions.ts', 'rest') }, root)).toThrow(/rest parameter/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe('Next’s manifest of actions', () => {
  test('is read for each action’s id, file and name, as Next writes it', () => {
    const manifest = { node: { [ID]: written('lib/leads/actions.ts', 'submitInquiry') }, edge: {}, encryptionKey: 'key' };
    expect(actionsOfManifest(manifest)).toEqual({ [ID]: entry('lib/leads/actions.ts', 'submitInquiry') });
  });

  test.each<[string, unknown, RegExp]>([
    ['no manifest at all', null, /no `node` list of actions/],
    ['no list for the Node runtime', { actions: {} }, /no `node` list of actions/],
    ['a list that is no object', { node: [] }, /no `node` list of actions/],
    ['an id of another form', { node: { ['a1'.repeat(20)]: written('a.ts', 'a') } }, /"a1a1.*", which is not 42 hexadecimal characters/],
    ['an action without its file', { node: { [ID]: { workers: {}, exportedName: 'a' } } }, /gives the action a1a1.* no filename and exportedName/],
    ['an action without its name', { node: { [ID]: { workers: {}, filename: 'a.ts', exportedName: 7 } } }, /no filename and exportedName/],
    ['an action of the edge runtime', { node: {}, edge: { [ID]: written('a.ts', 'a') } }, /edge runtime/],
  ])('stops the build, naming the manifest and this module, where it has %s', (_, manifest, reason) => {
    expect(() => actionsOfManifest(manifest)).toThrow(reason);
    expect(() => actionsOfManifest(manifest)).toThrow(/server-reference-manifest\.json .*has Next's manifest of actions changed\? \(server\/action-wire-format\.cjs reads it\)/);
  });

  test('becomes the file of counts beside it, which the front door reads', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-actions-'));
    try {
      writeFileSync(path.join(root, 'actions.ts'), "'use server';\nexport async function send(state: object, form: FormData) { return { state, form }; }\n");
      writeFileSync(path.join(root, 'server-reference-manifest.json'), JSON.stringify({ node: { [ID]: written('actions.ts', 'send') }, edge: {} }));
      writeActionArguments(root, root);
      expect(JSON.parse(readFileSync(path.join(root, ACTION_ARGUMENTS_FILE), 'utf8'))).toEqual({ [ID]: 2 });
      expect(readActionArguments(root)).toEqual({ [ID]: 2 });
      writeFileSync(path.join(root, 'server-reference-manifest.json'), JSON.stringify({ actions: { [ID]: written('actions.ts', 'send') } }));
      expect(() => writeActionArguments(root, root)).toThrow(/no `node` list of actions/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
