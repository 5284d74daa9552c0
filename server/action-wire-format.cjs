// React's Server Action wire format, as Next speaks it (the release of server/next-version.cjs): what the front door
// reads of a post to an action, and what the build writes for it from Next's manifest of the build's actions. Next's
// public API documents neither. Every action of the site takes a form's fields, after the form's state where the form
// keeps one; the door refuses a call whose arguments are not those, where an action handed something else failed with
// a 500. The build stops on another Next (scripts/prepare-standalone.mjs), or on a manifest not as read here.
'use strict';

const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

/** The header in which a page's script names the action it calls. */
const ACTION_HEADER = 'next-action';
/** Next's ids for Server Actions: 42 hexadecimal characters. */
const ACTION_ID = /^[0-9a-f]{42}$/;
/** How deep a form's state, sent back to its action by a page's script, may nest: the site's go three deep. */
const ARGUMENT_DEPTH = 16;

/** Next's manifest of the build's actions, in its server directory. */
const ACTION_MANIFEST_FILE = 'server-reference-manifest.json';
/** The file beside it that the front door reads: each action's id and the number of its arguments. */
const ACTION_ARGUMENTS_FILE = 'action-arguments.json';

/** @typedef {Record<string, number>} ActionArguments each action's id, with the number of arguments it takes */

/**
 * The action a page's script names in its post, if any.
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
function sentActionId(headers) {
  const sent = headers[ACTION_HEADER];
  return sent === undefined ? undefined : String(sent);
}

/**
 * Whether text is an action id as Next makes them.
 * @param {string} id
 */
const isActionId = (id) => ACTION_ID.test(id);

/**
 * Whether a form's state, as a page sends it back to its action, is plain JSON: an object whose strings React leaves
 * as text (a `$` of the data itself written `$$`; `$undefined` an empty part), nested no deeper than any form's.
 * @param {unknown} state
 */
function plainState(state) {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return false;
  /** @type {[unknown, number][]} */
  const pending = [[state, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (depth > ARGUMENT_DEPTH) return false;
    if (typeof item === 'string') {
      if (item.startsWith('$') && !/^\$(?:\$|undefined$)/.test(item)) return false;
    } else if (item !== null && typeof item === 'object') {
      for (const inner of Object.values(item)) pending.push([inner, depth + 1]);
    }
  }
  return true;
}

/**
 * Text read as JSON, or undefined where it is none.
 * @param {FormDataEntryValue | null} text
 * @returns {unknown}
 */
function jsonOf(text) {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Whether a value is an object of named parts (no list).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether the arguments a page's script sent with an action (field `0`, in React's encoding of a reply) are what the
 * site's forms send: the form's fields (`$K1`, a reference to the fields sent beside it), after the form's state (plain
 * JSON) where the action takes one; `count` is how many the action takes (actionArguments). React marks every other
 * kind of value with a string that starts with `$` and writes a `$` of the data itself as `$$`; `$undefined` is an
 * empty part of a state. Anything else (a promise, a reference to another part, a server function, a date, text that
 * is not JSON, a field missing, another count) is no form's call: Next, or the action handed it, failed on many of
 * them with a 500.
 * @param {FormData} form
 * @param {number | undefined} count
 */
function argumentsOfAForm(form, count) {
  const sent = form.get('0');
  if (typeof sent !== 'string') return false;
  const value = jsonOf(sent);
  if (!Array.isArray(value) || value.length !== count) return false;
  const [state, fields] = count === 2 ? value : [{}, value[0]];
  return typeof fields === 'string' && /^\$K[0-9]+$/.test(fields) && plainState(state);
}

/**
 * The action a form posted without JavaScript names, and how many arguments the post gives it, as React reads them:
 * `$ACTION_ID_<id>` alone, for an action that takes the fields alone (1); `$ACTION_REF_<n>` with `$ACTION_<n>:0`
 * naming the action (`{"id":…,"bound":"$@1"}`) and `$ACTION_<n>:1` holding the form's state (`[{…}]`), for one that
 * takes the state first (2). Anything else of the kind (another field, a reference in place of the state) gives 0:
 * no form of the site's posts it, and React or the action failed on some of it with a 500. Null when none is named.
 * @param {FormData} form
 * @returns {{ id: string, count: number } | null}
 */
function actionPosted(form) {
  const names = [...form.keys()].filter((name) => name.startsWith('$ACTION_') && name !== '$ACTION_KEY');
  const [first] = names;
  if (first === undefined) return null;
  if (first.startsWith('$ACTION_ID_')) return { id: first.slice('$ACTION_ID_'.length), count: names.length === 1 ? 1 : 0 };
  if (!first.startsWith('$ACTION_REF_')) return { id: '', count: 0 };
  const ref = first.slice('$ACTION_REF_'.length);
  const reference = jsonOf(form.get(`$ACTION_${ref}:0`));
  const state = jsonOf(form.get(`$ACTION_${ref}:1`));
  const named = isRecord(reference) ? reference : null;
  const id = typeof named?.id === 'string' ? named.id : '';
  const shaped =
    names.length === 3 &&
    form.getAll(`$ACTION_${ref}:0`).length === 1 &&
    form.getAll(`$ACTION_${ref}:1`).length === 1 &&
    named !== null &&
    Object.keys(named).length === 2 &&
    named.bound === '$@1' &&
    Array.isArray(state) &&
    state.length === 1 &&
    plainState(state[0]);
  return { id, count: shaped ? 2 : 0 };
}

/** @typedef {{ filename: string, exportedName: string }} ManifestAction where an action of the build is declared */

/**
 * The build's actions as Next's manifest of them lists them: `{ node: { [id]: { filename, exportedName, … } }, edge }`.
 * Throws, saying what it found, where the manifest is not so: another shape would leave the door refusing every call.
 * @param {unknown} manifest the build's server-reference-manifest.json
 * @returns {Record<string, ManifestAction>}
 */
function actionsOfManifest(manifest) {
  /** @param {string} what */
  const fault = (what) => new Error(`${ACTION_MANIFEST_FILE} ${what}: has Next's manifest of actions changed? (server/action-wire-format.cjs reads it)`);
  if (!isRecord(manifest) || !isRecord(manifest.node)) throw fault('has no `node` list of actions');
  if (isRecord(manifest.edge) && Object.keys(manifest.edge).length > 0) throw fault('lists actions of the edge runtime, which the front door does not count');
  /** @type {Record<string, ManifestAction>} */
  const actions = {};
  for (const [id, action] of Object.entries(manifest.node)) {
    if (!isActionId(id)) throw fault(`names an action ${JSON.stringify(id)}, which is not 42 hexadecimal characters`);
    if (!isRecord(action) || typeof action.filename !== 'string' || typeof action.exportedName !== 'string') throw fault(`gives the action ${id} no filename and exportedName`);
    actions[id] = { filename: action.filename, exportedName: action.exportedName };
  }
  return actions;
}

/**
 * How many arguments each action takes, read from its declaration with TypeScript's parser.
 * @param {Record<string, ManifestAction>} actions
 * @param {string} root the project the file names are relative to
 * @returns {ActionArguments}
 */
function actionArguments(actions, root) {
  // Required here alone: only the build counts, and the standalone server, which has no TypeScript, never gets here.
  const ts = require('typescript');
  /** @type {Map<string, import('typescript').SourceFile>} */
  const sources = new Map();
  /** @type {ActionArguments} */
  const counts = {};
  for (const [id, { filename, exportedName }] of Object.entries(actions)) {
    const source = sources.get(filename) ?? ts.createSourceFile(filename, readFileSync(path.join(root, filename), 'utf8'), ts.ScriptTarget.Latest, true);
    sources.set(filename, source);
    const action = source.statements
      .filter(ts.isFunctionDeclaration)
      .find((statement) => statement.name?.text === exportedName && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword));
    // An action written another way (an arrow function, a re-export) is not read: the build says so rather than guess.
    if (!action) throw new Error(`${filename}: no exported function declaration named ${exportedName}, the Server Action ${id}`);
    if (action.parameters.some((parameter) => parameter.dotDotDotToken)) throw new Error(`${filename}: ${exportedName} takes a rest parameter; the front door needs a count`);
    counts[id] = action.parameters.length;
  }
  return counts;
}

/**
 * Writes the counts beside Next's manifest of actions in the server's build directory, where the front door reads them.
 * @param {string} serverDirectory
 * @param {string} [root] the project
 */
function writeActionArguments(serverDirectory, root = '.') {
  const manifest = JSON.parse(readFileSync(path.join(serverDirectory, ACTION_MANIFEST_FILE), 'utf8'));
  writeFileSync(path.join(serverDirectory, ACTION_ARGUMENTS_FILE), JSON.stringify(actionArguments(actionsOfManifest(manifest), root)));
}

/**
 * The counts the build wrote (writeActionArguments), for the front door.
 * @param {string} serverDirectory
 * @returns {ActionArguments}
 */
function readActionArguments(serverDirectory) {
  return JSON.parse(readFileSync(path.join(serverDirectory, ACTION_ARGUMENTS_FILE), 'utf8'));
}

module.exports = {
  ACTION_ARGUMENTS_FILE,
  sentActionId,
  isActionId,
  argumentsOfAForm,
  actionPosted,
  actionsOfManifest,
  actionArguments,
  writeActionArguments,
  readActionArguments,
};
