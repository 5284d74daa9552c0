// The documents' own thread (thread.ts starts it from the bundle scripts/build-pdf-worker.mjs makes of this file):
// each request it is sent is made here, so that laying out a price list or a brochure, half a second of work
// and more, never holds up the server's one JavaScript thread and every visitor waiting on it.
import { parentPort } from 'node:worker_threads';
import { reportConsoleCalls } from './console-reports';
import type { DocumentRequest } from './make';

export interface DocumentReply {
  id: number;
  pdf?: Uint8Array;
  error?: string;
}

const port = parentPort;
if (!port) throw new Error('The documents’ thread runs as a worker thread only');

// React's renderer keeps the console's methods it finds as it loads (console-reports.ts says why they are replaced):
// they are replaced first, and the renderer is loaded only then, with what makes the documents.
reportConsoleCalls(port);
const making = import('./make');

port.on('message', ({ id, request }: { id: number; request: DocumentRequest }) => {
  making.then(({ makeDocument }) => makeDocument(request)).then(
    (pdf) => {
      // A copy with a buffer of its own, handed over rather than copied again: the Buffer may share a pool.
      const bytes = new Uint8Array(pdf);
      port.postMessage({ id, pdf: bytes } satisfies DocumentReply, [bytes.buffer]);
    },
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DocumentReply),
  );
});
