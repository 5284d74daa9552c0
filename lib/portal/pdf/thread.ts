import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { logEvent } from '@/lib/log';
import type { DocumentRequest } from './make';
import type { ConsoleReport } from './console-reports';
import type { DocumentReply } from './worker';

/** Starts a timer; the function returned stops it. Injected in tests. */
export type Timer = (ms: number, fire: () => void) => () => void;
const realTimer: Timer = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

export interface DocumentThreadOptions {
  /** How long one document may take before its thread is stopped and the request fails. */
  timeoutMs?: number;
  /** The thread's heap: a document that needs more fails alone, and the server goes on. */
  heapMb?: number;
  timer?: Timer;
}

interface Waiting {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
  stopTimer: () => void;
}

/**
 * The thread that makes the portal's documents (worker.ts, bundled at build): started when first asked, kept
 * while the server runs, and started afresh on the next request if it stops, runs out of memory or takes longer
 * than it may. Every request settles: with the document, or with an error for the route to answer.
 */
export class DocumentThread {
  readonly #file: string;
  readonly #timeoutMs: number;
  readonly #heapMb: number;
  readonly #timer: Timer;
  #worker: Worker | null = null;
  readonly #waiting = new Map<number, Waiting>();
  #lastId = 0;

  constructor(file: string, { timeoutMs = 60_000, heapMb = 256, timer = realTimer }: DocumentThreadOptions = {}) {
    this.#file = path.resolve(file);
    this.#timeoutMs = timeoutMs;
    this.#heapMb = heapMb;
    this.#timer = timer;
  }

  make(request: DocumentRequest): Promise<Buffer> {
    let worker: Worker;
    try {
      worker = this.#start();
    } catch (error) {
      return Promise.reject(error);
    }
    const id = ++this.#lastId;
    return new Promise<Buffer>((resolve, reject) => {
      const stopTimer = this.#timer(this.#timeoutMs, () =>
        this.#stop(worker, 'timeout', new Error(`A document took longer than ${this.#timeoutMs} ms: its thread was stopped`)),
      );
      this.#waiting.set(id, { resolve, reject, stopTimer });
      // Held open while a document is on its way; let go when none is (thread.unref below).
      worker.ref();
      try {
        worker.postMessage({ id, request });
      } catch (error) {
        this.#settle(worker, id, { id, error: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  /** Stops the thread; what it was making fails. */
  async close(): Promise<void> {
    if (this.#worker) this.#stop(this.#worker, 'closed', new Error('The documents’ thread was closed'));
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.#file, { resourceLimits: { maxOldGenerationSizeMb: this.#heapMb }, stderr: true });
    // What the thread's console is told comes as one report a call (console-reports.ts), written as one line naming the
    // kind of error; the route logs the failure itself. Anything written to its stderr otherwise is read here
    // rather than passed on, since it could carry the document's data: its size is all that is said of it.
    worker.stderr.on('data', (said: Buffer) => logEvent('portal.document_thread_wrote', { bytes: said.length }, 'warn'));
    worker.on('message', (message: DocumentReply | ConsoleReport) => {
      if ('report' in message) logEvent('portal.document_thread_reported', { error: message.report.error }, message.report.level);
      else this.#settle(worker, message.id, message);
    });
    // Running out of its heap is an error with the code ERR_WORKER_OUT_OF_MEMORY; a throw outside a document, another.
    worker.on('error', (error: NodeJS.ErrnoException) => this.#stop(worker, error.code ?? 'error', error));
    worker.on('exit', (code) => this.#stop(worker, 'exit', new Error(`The documents’ thread stopped (exit code ${code})`)));
    worker.unref();
    this.#worker = worker;
    logEvent('portal.document_thread_started', { heapMb: this.#heapMb });
    return worker;
  }

  #settle(worker: Worker, id: number, reply: DocumentReply): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    waiting.stopTimer();
    if (this.#waiting.size === 0) worker.unref();
    if (reply.pdf) waiting.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    else waiting.reject(new Error(reply.error ?? 'The documents’ thread answered with nothing'));
  }

  /** The thread is done with (it failed, stopped or took too long): everything waiting on it fails, and the next request starts another. */
  #stop(worker: Worker, reason: string, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const { reject, stopTimer } of waiting) {
      stopTimer();
      reject(error);
    }
    if (reason !== 'closed') logEvent('portal.document_thread_stopped', { reason, waiting: waiting.length }, waiting.length > 0 ? 'error' : 'warn');
    void worker.terminate();
  }
}
