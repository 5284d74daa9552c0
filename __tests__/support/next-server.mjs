// Starting and stopping a production Next.js server, shared by the browser tests and the bench.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const NEXT_BIN = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');

/** @returns {Promise<number>} a TCP port nobody listens on right now */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts this project's production server (`.next/standalone/server.js`, as
 * `npm start` runs it), or with `directory` another app through `next start`,
 * on a free port, with only the given environment plus PATH and HOME, and
 * resolves once it answers (at once with `waitForAnswer: false`, for a test of
 * its first moments). Rejects with everything it printed if it exits first.
 *
 * @param {Record<string, string>} env
 * @param {{ directory?: string, timeoutMs?: number, uid?: number, gid?: number, waitForAnswer?: boolean }} [options]
 * @returns {Promise<{ url: string, port: number, pid: number, exitCode: () => number | null, output: () => string, stop: (signal?: NodeJS.Signals) => Promise<void> }>}
 */
export async function startNextServer(env, { directory, timeoutMs = 60_000, uid, gid, waitForAnswer = true } = {}) {
  const port = await freePort();
  const standalone = directory === undefined;
  const command = standalone
    ? ['--max-old-space-size=224', path.join(process.cwd(), '.next', 'standalone', 'server.js')]
    : [NEXT_BIN, 'start', directory, '--port', String(port), '--hostname', '127.0.0.1'];
  const child = spawn(process.execPath, command, {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      // The site as every way of starting it in production starts it (npm start, the Dockerfile, docs/DEPLOY.md).
      ...(standalone ? { PORT: String(port), HOSTNAME: '127.0.0.1', MALLOC_MMAP_THRESHOLD_: '131072' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    uid,
    gid,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  while (waitForAnswer) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`next start did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    url,
    port,
    pid: /** @type {number} */ (child.pid),
    exitCode: () => child.exitCode,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
