import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Duplex } from 'node:stream';

export interface HttpsFront {
  /** `localhost:<port>`: https there reaches the site, plain http is sent to https. */
  host: string;
  /** The self-signed certificate, for NODE_EXTRA_CA_CERTS. */
  certificate: string;
  stop: () => Promise<void>;
}

/**
 * What stands in front of the site in production (nginx, Vercel): TLS ends
 * here and the request goes on to `upstream` with `X-Forwarded-Proto:
 * https`; plain http is redirected to https. Both on one port, told apart by
 * the first byte (a TLS handshake starts with 0x16), because a scanner given
 * a host name tries http and https on the same host.
 */
export async function startHttpsFront(upstream: string): Promise<HttpsFront> {
  const directory = mkdtempSync(path.join(tmpdir(), 'aldercrest-tls-'));
  const key = path.join(directory, 'key.pem');
  const certificate = path.join(directory, 'cert.pem');
  const openssl = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', certificate, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    { encoding: 'utf8' },
  );
  if (openssl.status !== 0) throw new Error(`openssl could not make a certificate:\n${openssl.stderr}`);

  const target = new URL(upstream);
  const forward = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const onward = http.request(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: { ...request.headers, 'x-forwarded-proto': 'https' } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    onward.on('error', () => response.destroy());
    request.pipe(onward);
  };
  const secure = https.createServer({ key: readFileSync(key), cert: readFileSync(certificate) }, forward);
  const plain = http.createServer((request, response) => {
    response.writeHead(301, { location: `https://${request.headers.host}${request.url}` });
    response.end();
  });

  const front: Server = createServer((socket) =>
    socket.once('data', (first) => {
      socket.pause();
      if (first[0] !== 0x16) {
        socket.unshift(first);
        plain.emit('connection', socket);
        socket.resume();
        return;
      }
      // TLS would read the socket's handle directly, past the bytes already read: it gets a stream that replays them.
      const stream = new Duplex({
        read: () => void socket.resume(),
        write: (chunk, encoding, done) => void socket.write(chunk, encoding, done),
        final: (done) => {
          socket.end();
          done();
        },
        destroy: (error, done) => {
          socket.destroy();
          done(error);
        },
      });
      stream.push(first);
      socket.on('data', (chunk) => stream.push(chunk) || socket.pause());
      socket.on('end', () => stream.push(null));
      socket.on('error', (error) => stream.destroy(error));
      secure.emit('connection', stream);
    }),
  );
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as { port: number };

  return {
    host: `localhost:${port}`,
    certificate,
    stop: async () => {
      await new Promise((resolve) => front.close(resolve));
      secure.closeAllConnections();
      plain.closeAllConnections();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
