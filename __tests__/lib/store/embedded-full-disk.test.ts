import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withDeadline } from '@/lib/deadline';
import { createEmbeddedStore } from '@/lib/store/embedded';
import type { SubmitOutcome } from '@/lib/leads/types';
import { watchEventLoop } from '../../support/event-loop-watchdog';
import { unguarded } from '../../support/guards';

/**
 * A data directory that fills up while leads arrive, then has space again. On a full disk PostgreSQL
 * PANICs when it cannot write its WAL, and PGlite used to call into the aborted module again and spin
 * there for ever: the whole process stopped answering. Each round here brings on that PANIC inside a
 * store call, fills the rest of the disk with leads, gives the space back, and expects the next lead
 * stored and the health check passing, with the same store, never reopened by hand.
 *
 * As root (CI) the disk is a real tmpfs, filled with a file; otherwise the WAL directory is made
 * read-only, which fails the new WAL segment the same way.
 */
const asRoot = process.platform === 'linux' && process.getuid?.() === 0;

/** Far beyond any of these calls; only there so that a call that never settles fails the test. */
const SETTLES_WITHIN_MS = 120_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return withDeadline(promise, SETTLES_WITHIN_MS, () => new Error(`${what} did not settle`));
}

/** What a call came to: its value, or the error it was refused with. */
async function settled<T>(promise: Promise<T>, what: string): Promise<{ value: T } | { error: { name?: string; reason?: string; code?: string } }> {
  try {
    return { value: await within(promise, what) };
  } catch (error) {
    if ((error as Error).message === `${what} did not settle`) throw error;
    return { error: error as { name?: string; reason?: string; code?: string } };
  }
}

interface Disk {
  /** Leaves the database too little room for a new WAL segment. */
  fill(): void;
  /** Gives the room back. */
  free(): void;
}

let root: string;
let dataDir: string;
let mounted: string | undefined;
let stopWatching: () => Promise<void>;

beforeAll(() => {
  stopWatching = watchEventLoop(SETTLES_WITHIN_MS, 'embedded-full-disk.test.ts');
  root = mkdtempSync(path.join(tmpdir(), 'aldercrest-full-disk-'));
  const disk = path.join(root, 'disk');
  mkdirSync(disk);
  if (asRoot) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128m,mode=0700', 'tmpfs', disk]);
    mounted = disk;
  }
  dataDir = path.join(disk, 'data');
});

afterAll(async () => {
  if (mounted) execFileSync('umount', ['-l', mounted]);
  rmSync(root, { recursive: true, force: true });
  await stopWatching();
});

function tmpfsDisk(): Disk {
  const filler = path.join(mounted!, 'filler');
  const available = () => {
    const { bavail, bsize } = statfsSync(mounted!);
    return bavail * bsize;
  };
  return {
    fill: () => {
      // All but 1 MB: room for a few leads, not for a 16 MB segment.
      const descriptor = openSync(filler, 'w');
      try {
        const chunk = Buffer.alloc(1024 * 1024);
        for (let left = available() - chunk.length; left > 0; left -= chunk.length) writeSync(descriptor, chunk, 0, Math.min(left, chunk.length));
      } finally {
        closeSync(descriptor);
      }
    },
    free: () => unlinkSync(filler),
  };
}

function readOnlyWal(): Disk {
  const wal = path.join(dataDir, 'pgdata', 'pg_wal');
  return { fill: () => chmodSync(wal, 0o500), free: () => chmodSync(wal, 0o700) };
}

test('after a full disk the same store takes leads again and passes its health check, round after round', async () => {
  const errors: string[] = [];
  jest.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
  const store = createEmbeddedStore(dataDir);
  /** What the store answered for each lead, by its number. */
  const answers = new Map<number, SubmitOutcome | 'aborted' | 'refused'>();
  const submit = async (what: string) => {
    const n = answers.size;
    const lead = { full_name: `Lead ${n}`, email: `lead${n}@example.com`, phone: null, message: 'Two bedrooms, south facing, from spring.' };
    const outcome = await settled(store.submit('inquiry', lead, unguarded(), ['team_email', 'receipt']), what);
    answers.set(n, 'value' in outcome ? outcome.value : outcome.error.code === 'aborted' ? 'aborted' : 'refused');
    return outcome;
  };
  /** The leads whose PANIC came before any of them reached the disk. */
  const neverWritten = new Set<number>();

  try {
    // Opened first, outside any call's deadline: on a loaded host the first open alone can take most of one.
    await within(store.prepare(), 'opening the store');
    expect(await submit('the first lead')).toEqual({ value: 'stored' });
    const disk = asRoot ? tmpfsDisk() : readOnlyWal();

    for (let round = 1; round <= 5; round++) {
      // The WAL at the start of a segment that has no file yet (PostgreSQL makes some ahead, and renames old
      // ones for reuse), and a new one written out in full before use (PostgreSQL's own default): on a disk
      // without 16 MB to spare, the next commit cannot get its segment, and PANICs.
      const db = await within(store.database(), 'the database');
      await db.exec('set wal_init_zero = on');
      const segment = async () =>
        path.join(dataDir, 'pgdata', 'pg_wal', (await db.query<{ file: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as file')).rows[0]!.file);
      for (let switches = 0; existsSync(await segment()); switches++) {
        expect(switches).toBeLessThan(100);
        await db.exec(`select pg_logical_emit_message(false, 'full-disk-test', 'round ${round}'); select pg_switch_wal();`);
      }
      disk.fill();

      neverWritten.add(answers.size);
      expect(await submit(`round ${round}: the lead that PANICs`)).toEqual({
        error: expect.objectContaining({ name: 'StoreError', reason: 'unavailable', code: 'aborted' }),
      });

      // More leads while the disk stays full: each is stored in what room is left, or refused, until the
      // disk refuses one; none waits for ever.
      let refused = false;
      for (let n = 0; n < 3000 && !refused; n++) refused = 'error' in (await submit(`round ${round}: a lead on a full disk`));
      expect(refused).toBe(true);
      await settled(store.checkHealth(), `round ${round}: the health check on a full disk`);

      disk.free();
      expect(await submit(`round ${round}: the first lead with space again`)).toEqual({ value: 'stored' });
      await expect(within(store.checkHealth(), `round ${round}: the health check with space again`)).resolves.toEqual({
        oldestPendingSeconds: expect.any(Number),
        failedNotices: 0,
      });
    }

    // Each PANIC said once in the log, with what PostgreSQL could not write.
    const aborts = errors.filter((line) => line.includes('"event":"store.aborted"')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(aborts.length).toBeGreaterThanOrEqual(5);
    for (const abort of aborts) expect(abort).toMatchObject({ level: 'error', store: 'embedded', panic: expect.stringMatching(/^could not /) });

    // Nothing half-stored: each lead is there with both its notices, or not at all. Every lead the store said
    // it stored is there; one it refused is not, unless PostgreSQL aborted after its commit had reached the
    // disk (a write cut short), which is PostgreSQL's own answer to a lost connection: not known.
    const db = await within(store.database(), 'the database');
    const rows = await db.query<{ full_name: string; notices: number }>(
      'select l.full_name, (select count(*)::int from private.outbox o where o.lead_id = l.id) as notices from prospect_inquiries l',
    );
    expect(rows.rows.filter((row) => row.notices !== 2)).toEqual([]);
    const there = new Set(rows.rows.map((row) => Number(row.full_name.replace('Lead ', ''))));
    for (const [n, answer] of answers) {
      if (answer === 'stored') expect({ n, there: there.has(n) }).toEqual({ n, there: true });
      if (answer === 'refused' || neverWritten.has(n)) expect({ n, answer, there: there.has(n) }).toEqual({ n, answer, there: false });
    }
    expect(there.size).toBeGreaterThanOrEqual([...answers.values()].filter((answer) => answer === 'stored').length);
  } finally {
    await within(store.close(), 'closing the store').catch(() => undefined);
  }
}, 900_000);
