import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The Next release the seams past Next's public API were written against is plain JavaScript the build runs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkNextVersion, installedNextVersion, NEXT_SEAMS, NEXT_VERSION } = require('../../server/next-version.cjs') as typeof import('../../server/next-version.cjs');

const project = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

test('is the release the project pins and installs', () => {
  expect(project.dependencies.next).toBe(NEXT_VERSION);
  expect(installedNextVersion()).toBe(NEXT_VERSION);
  expect(() => checkNextVersion(installedNextVersion())).not.toThrow();
});

test.each(['16.4.7', '16.5.0', '17.0.0', '16.4.6-canary.1'])('stops the build on Next %s, naming each seam to read again and where the version is set', (installed) => {
  expect(() => checkNextVersion(installed)).toThrow(`Next ${installed} is installed, but the code that reads Next's own output was written against Next ${NEXT_VERSION}`);
  for (const seam of NEXT_SEAMS) expect(() => checkNextVersion(installed)).toThrow(seam);
  expect(() => checkNextVersion(installed)).toThrow('set NEXT_VERSION in server/next-version.cjs');
});

test('reads the version of the Next a project has installed, and stops a build there on another', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-next-'));
  try {
    mkdirSync(path.join(root, 'node_modules', 'next'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', 'next', 'package.json'), JSON.stringify({ name: 'next', version: '16.5.0' }));
    expect(installedNextVersion(root)).toBe('16.5.0');
    expect(() => checkNextVersion(installedNextVersion(root))).toThrow(/Next 16\.5\.0 is installed/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('names modules that exist', () => {
  for (const seam of NEXT_SEAMS) expect(() => readFileSync(seam)).not.toThrow();
});
