// The one Next release that the code reaching past Next's public API was written against. Two seams read what Next
// writes rather than what it documents, and either may change with any release: React's Server Action wire format,
// as the front door reads an action's post and the build counts each action's arguments from Next's manifest
// (server/action-wire-format.cjs); and the prerendered pages' rewrite, which moves their data and scripts after the
// first paint (scripts/build-pages.mjs) and serves them as Next would (server/prerendered-pages.cjs). The build stops
// on any other release until both have been read again against it.
'use strict';

const { readFileSync } = require('node:fs');
const path = require('node:path');

const NEXT_VERSION = '16.4.6';

/** The modules that read Next's output past its public API. */
const NEXT_SEAMS = ['server/action-wire-format.cjs', 'scripts/build-pages.mjs', 'server/prerendered-pages.cjs'];

/**
 * The version of the Next that a build in `root` runs: its package.json, found as Node finds the package.
 * @param {string} [root]
 * @returns {string}
 */
function installedNextVersion(root = '.') {
  const file = require.resolve('next/package.json', { paths: [path.resolve(root)] });
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/**
 * Throws, naming what to read again, unless `installed` is the release the seams were written against.
 * @param {string} installed
 */
function checkNextVersion(installed) {
  if (installed === NEXT_VERSION) return;
  throw new Error(
    `Next ${installed} is installed, but the code that reads Next's own output was written against Next ${NEXT_VERSION}: ` +
      `check ${NEXT_SEAMS.join(', ')} against Next ${installed} (the tests of each, and a build with its browser tests), then set NEXT_VERSION in server/next-version.cjs.`,
  );
}

module.exports = { NEXT_VERSION, NEXT_SEAMS, installedNextVersion, checkNextVersion };
