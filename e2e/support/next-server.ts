import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@/__tests__/support/postgrest-stack';

export interface NextServer {
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const NEXT_BIN = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');

/** Starts the production build (`next start`) on a free port with the given environment. */
export async function startNextServer(env: Record<string, string>): Promise<NextServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    url,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
