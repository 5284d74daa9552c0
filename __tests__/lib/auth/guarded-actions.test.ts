import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The actions that act for nobody signed in, each with why; every other action is guarded first. */
const PUBLIC_ACTIONS: Record<string, string> = {
  'lib/leads/actions.ts#submitInquiry': 'a visitor\'s inquiry, guarded by its own limits and proof of work',
  'lib/leads/actions.ts#submitBroker': 'a broker\'s access request, guarded as the inquiry is',
  'lib/auth/actions.ts#signIn': 'signing in asks for no session',
  'lib/auth/actions.ts#signInFromLink': 'signing in asks for no session',
  'lib/auth/actions.ts#signInWithPasskey': 'signing in asks for no session',
  'lib/auth/actions.ts#signOut': 'ends whatever session there is, and clears the cookie when there is none',
};

const GUARD = 'actingAccount';

/** Whether a statement is `const x = await actingAccount(…)` or `await actingAccount(…)`. */
function callsGuard(statement: ts.Statement | undefined): boolean {
  let expression: ts.Expression | undefined;
  if (statement && ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
    expression = statement.declarationList.declarations[0]!.initializer;
  } else if (statement && ts.isExpressionStatement(statement)) {
    expression = statement.expression;
  }
  return (
    expression !== undefined &&
    ts.isAwaitExpression(expression) &&
    ts.isCallExpression(expression.expression) &&
    ts.isIdentifier(expression.expression.expression) &&
    expression.expression.expression.text === GUARD
  );
}

const isExported = (statement: ts.Statement) => ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The exported actions of a module's source, each as `file#name`, with whether its first statement is the guard. */
function actionsOf(file: string, source: string): { action: string; guarded: boolean }[] {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  return parsed.statements.filter(isExported).map((statement) => {
    // Anything exported but a function declaration is no action the build can read: it fails here by its text.
    if (!ts.isFunctionDeclaration(statement) || !statement.name) return { action: `${file}#${statement.getText().slice(0, 40)}`, guarded: false };
    return { action: `${file}#${statement.name.text}`, guarded: callsGuard(statement.body?.statements[0]) };
  });
}

const isServerModule = (source: string) => /^\s*(['"])use server\1/.test(source);

function serverModules(folder: string): { file: string; source: string }[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(process.cwd(), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .map((file) => ({ file, source: readFileSync(file, 'utf8') }))
    .filter(({ source }) => isServerModule(source));
}

describe('every Server Action under lib/', () => {
  const actions = serverModules('lib').flatMap(({ file, source }) => actionsOf(file, source));

  test('calls the one guard first, unless it is listed as public with a reason', () => {
    const unguarded = actions.filter(({ action, guarded }) => !guarded && !(action in PUBLIC_ACTIONS)).map(({ action }) => action);
    expect(unguarded).toEqual([]);
  });

  test('the list of public actions names actions that exist, and none that calls the guard', () => {
    const found = new Map(actions.map(({ action, guarded }) => [action, guarded]));
    expect(Object.keys(PUBLIC_ACTIONS).filter((action) => found.get(action) !== false)).toEqual([]);
    // The team's, the portal's and the account's actions are among those read.
    expect(actions.filter(({ guarded }) => guarded).length).toBeGreaterThanOrEqual(25);
  });

  test('an action that does anything before the guard, or forgets it, is found', () => {
    const source = `'use server';
      export async function early(formData: FormData) { const id = formData.get('id'); const actor = await actingAccount(TEAM); }
      export async function forgot(formData: FormData) { await requireTeam(); }
      export async function kept(formData: FormData) { const actor = await actingAccount(TEAM); }
      export const arrow = async () => {};`;
    expect(isServerModule(source)).toBe(true);
    expect(actionsOf('lib/x.ts', source)).toEqual([
      { action: 'lib/x.ts#early', guarded: false },
      { action: 'lib/x.ts#forgot', guarded: false },
      { action: 'lib/x.ts#kept', guarded: true },
      { action: 'lib/x.ts#export const arrow = async () => {};', guarded: false },
    ]);
  });
});
