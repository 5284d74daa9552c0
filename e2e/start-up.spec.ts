import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { test } from './support/turns';

/** A GET of the home page as a phone asks for it: its status, headers and the bytes of its body. */
function getHome(port: number) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
    const asking = request({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, bytes }));
    });
    asking.on('error', reject);
    asking.end();
  });
}

test('the first visitors of a server just started, before its store is open, get the page as the build compressed it', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aldercrest-start-'));
  const server = await startNextServer({ DATA_DIR: dataDir }, { waitForAnswer: false });
  const { port } = server;
  try {
    // As soon as the port takes a connection: three visitors at once, while the start-up still opens the store
    // (a new database, its migrations run), which the log says it has done only later.
    let answers: Awaited<ReturnType<typeof getHome>>[] | null = null;
    let logAtFirstVisit = '';
    while (!answers) {
      expect(server.exitCode()).toBeNull();
      const first = getHome(port);
      logAtFirstVisit = server.output();
      answers = await Promise.all([first, getHome(port), getHome(port)]).catch(() => null);
      if (!answers) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logAtFirstVisit).not.toContain('"event":"auth.owners"');
    expect(server.output()).toContain('"event":"auth.owners"');
    const built = readFileSync(path.join('.next', 'standalone', '.next', 'prerendered-pages', 'index.br.html')).length;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.bytes).toBe(built);
      expect(answer.headers.etag).toBeTruthy();
      expect(answer.headers['x-nextjs-cache']).toBeUndefined();
    }
  } finally {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
