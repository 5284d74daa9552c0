// How many arguments each Server Action of the build takes, read from its source with TypeScript's parser and
// written beside the build's manifest of actions. Every action of the site takes a form's fields, after the form's
// state where the form keeps one; the front door (server/front-door.cjs) refuses a call from a page's script whose
// arguments are not those, where an action handed something else failed with a 500.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The file the front door reads: each action's id and the number of its arguments. */
export const ACTION_ARGUMENTS_FILE = 'action-arguments.json';

/**
 * @param {{ node?: Record<string, { filename: string, exportedName: string }> }} manifest the build's server-reference-manifest.json
 * @param {string} root the project the manifest's file names are relative to
 * @returns {Record<string, number>}
 */
export function actionArguments(manifest, root) {
  const sources = new Map();
  const counts = {};
  for (const [id, { filename, exportedName }] of Object.entries(manifest.node ?? {})) {
    if (!sources.has(filename)) sources.set(filename, ts.createSourceFile(filename, readFileSync(path.join(root, filename), 'utf8'), ts.ScriptTarget.Latest, true));
    const action = sources.get(filename).statements.find(
      (statement) => ts.isFunctionDeclaration(statement) && statement.name?.text === exportedName && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword),
    );
    // An action written another way (an arrow function, a re-export) is not read: the build says so rather than guess.
    if (!action) throw new Error(`${filename}: no exported function declaration named ${exportedName}, the Server Action ${id}`);
    if (action.parameters.some((parameter) => parameter.dotDotDotToken)) throw new Error(`${filename}: ${exportedName} takes a rest parameter; the front door needs a count`);
    counts[id] = action.parameters.length;
  }
  return counts;
}

/** Writes the counts beside the manifest of actions in the server's build directory, where the front door reads them. */
export function writeActionArguments(serverDirectory, root = '.') {
  const manifest = JSON.parse(readFileSync(path.join(serverDirectory, 'server-reference-manifest.json'), 'utf8'));
  writeFileSync(path.join(serverDirectory, ACTION_ARGUMENTS_FILE), JSON.stringify(actionArguments(manifest, root)));
}
