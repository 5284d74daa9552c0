import { readFileSync } from 'node:fs';

// The standalone server warns when started without the heap limit it names; every way the project starts it sets that limit.
const named = /const HEAP_LIMIT_MB = (\d+);/.exec(readFileSync('server/standalone-server.cjs', 'utf8'))![1];

describe('the heap limit', () => {
  it.each(['package.json', 'Dockerfile', 'docs/DEPLOY.md', 'README.md', '__tests__/support/next-server.mjs'])('is the one the server names, wherever %s starts it', (file) => {
    const limits = [...readFileSync(file, 'utf8').matchAll(/--max-old-space-size=(\d+)/g)].map(([, megabytes]) => megabytes);
    expect(limits.length).toBeGreaterThan(0);
    expect(new Set(limits)).toEqual(new Set([named]));
  });
});
