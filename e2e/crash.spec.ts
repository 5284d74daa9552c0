import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect } from '@playwright/test';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { formStatus, hiddenFields, postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { spec } from './support/spec-copy';
import { test } from './support/turns';

/** How many submissions are in flight when the server is killed; SECURITY.md quotes the figures this test prints. */
const IN_FLIGHT = 64;

test('kill -9 with submissions in flight: after a restart every lead answered with success is stored exactly once', async () => {
  test.setTimeout(180_000);
  const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-crash-'));
  const dataDir = path.join(root, 'data');
  const environment = { DATA_DIR: dataDir, RATE_LIMIT_PER_IP: 'off', RATE_LIMIT_GLOBAL: 'off' };
  try {
    const server = await startNextServer(environment);
    const page = `${server.url}/`;
    const hidden = hiddenFields(await (await fetch(page)).text(), 'inquiry-form');

    const succeeded: string[] = [];
    let cutOff = 0;
    let answeredOtherwise = 0;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      void server.stop('SIGKILL');
    };
    // Every client posts at once; the server is killed as soon as a handful have been answered.
    const clients = Array.from({ length: IN_FLIGHT }, async (_, index) => {
      const email = `crash-${index}@example.com`;
      try {
        const answer = await postFormWithoutScript(page, 'inquiry-form', { full_name: `Visitor ${index}`, email, phone: '', message: 'Kill test' }, { hidden });
        if (answer.status === 200 && formStatus(answer.html, 'inquiry-form').message === spec.inquiry.success) succeeded.push(email);
        else answeredOtherwise += 1;
        if (succeeded.length >= 8) kill();
      } catch {
        cutOff += 1;
      }
    });
    await Promise.all(clients);
    kill();
    // The kill landed while requests were in flight: some were cut off rather than answered.
    expect(cutOff).toBeGreaterThan(0);

    // The restarted server takes over the dead process's lock and opens the same database.
    const restarted = await startNextServer(environment);
    const after = await postFormWithoutScript(`${restarted.url}/`, 'inquiry-form', { full_name: 'After', email: 'after@example.com', phone: '', message: '' });
    expect(formStatus(after.html, 'inquiry-form').message).toBe(spec.inquiry.success);
    await restarted.stop();

    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    try {
      const { rows } = await db.query<{ email: string; copies: number }>(
        "select email, count(*)::int as copies from prospect_inquiries where email like 'crash-%' group by email",
      );
      const copies = new Map(rows.map((row) => [row.email, row.copies]));
      const lost = succeeded.filter((email) => copies.get(email) !== 1);
      const duplicated = rows.filter((row) => row.copies > 1);
      console.log(
        `kill -9: ${IN_FLIGHT} submissions sent, ${succeeded.length} answered with success, ${cutOff} cut off, ` +
          `${answeredOtherwise} answered otherwise; ${rows.length} stored, lost ${lost.length}, duplicated ${duplicated.length}`,
      );
      expect(lost).toEqual([]);
      expect(duplicated).toEqual([]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
