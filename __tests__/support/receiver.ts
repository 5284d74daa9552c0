import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint that records what is posted to it and answers with the statuses it is given, in turn. */
export async function startReceiver(statuses: number[] = [204]) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`,
    received,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
