// The documents' own thread (thread.ts starts it from the bundle scripts/build-pdf-worker.mjs makes of this file):
// each request it is sent is made here, so that laying out a price list or a brochure, half a second of work
// and more, never holds up the server's one JavaScript thread and every visitor waiting on it.
import { parentPort } from 'node:worker_threads';
import { makeDocument, type DocumentRequest } from './make';

export interface DocumentReply {
  id: number;
  pdf?: Uint8Array;
  error?: string;
}

const port = parentPort;
if (!port) throw new Error('The documents’ thread runs as a worker thread only');

port.on('message', ({ id, request }: { id: number; request: DocumentRequest }) => {
  makeDocument(request).then(
    (pdf) => {
      // A copy with a buffer of its own, handed over rather than copied again: the Buffer may share a pool.
      const bytes = new Uint8Array(pdf);
      port.postMessage({ id, pdf: bytes } satisfies DocumentReply, [bytes.buffer]);
    },
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DocumentReply),
  );
});
