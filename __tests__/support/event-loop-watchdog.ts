import { Worker } from 'node:worker_threads';

/**
 * A test whose code blocks the event loop (a synchronous loop in WebAssembly, say) cannot be failed by
 * any timeout: no timer fires again. This watches from a thread of its own: when the event loop has not
 * ticked for `limitMs`, it says so on stderr and kills the process, so that the run fails instead of
 * hanging until the CI job is cancelled. Returns the function that stops watching.
 */
export function watchEventLoop(limitMs: number, what: string): () => Promise<void> {
  const beats = new Int32Array(new SharedArrayBuffer(4));
  const heart = setInterval(() => Atomics.add(beats, 0, 1), 250);
  const watcher = new Worker(
    `
    const { workerData } = require('node:worker_threads');
    const { writeSync } = require('node:fs');
    let seen = -1;
    let since = Date.now();
    setInterval(() => {
      const now = Atomics.load(workerData.beats, 0);
      if (now !== seen) {
        seen = now;
        since = Date.now();
      } else if (Date.now() - since > workerData.limitMs) {
        // The main thread writes nothing any more, so this writes to the descriptor itself.
        writeSync(2, '\\n' + workerData.what + ': the event loop has not run for ' + workerData.limitMs + ' ms; killing the test process\\n');
        process.kill(process.pid, 'SIGKILL');
      }
    }, 250);
    `,
    { eval: true, workerData: { beats, limitMs, what } },
  );
  watcher.unref();
  return async () => {
    clearInterval(heart);
    await watcher.terminate();
  };
}
