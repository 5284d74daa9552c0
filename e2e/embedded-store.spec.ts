import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { signInCodeFromLog, signInWithCode } from './support/accounts';
import { agent, brokerForm, fillBroker, fillInquiry, inquiryForm, prospect } from './support/forms';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { spec } from './support/spec-copy';

test('with no configuration the leads land in the embedded database, which one server holds at a time', async ({ browser }) => {
  test.setTimeout(120_000);
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'aldercrest-e2e-')), 'data');
  try {
    const server = await startNextServer({ DATA_DIR: dataDir, ADMIN_EMAILS: 'owner@aldercrest.example' });
    expect(server.output()).toContain('"event":"store.selected","store":"embedded"');
    // With no mail relay, the server says as it starts that sign-in codes go to its log.
    expect(server.output()).toContain('"event":"auth.codes_in_log"');

    const withScript = await browser.newPage({ baseURL: server.url });
    await withScript.goto('/');
    await fillInquiry(withScript);
    await inquiryForm(withScript).getByRole('button').click();
    await expect(inquiryForm(withScript).getByRole('status')).toHaveText(spec.inquiry.success);

    const withoutScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await withoutScript.newPage();
    await page.goto('/');
    await fillBroker(page);
    await brokerForm(page).getByRole('button').click();
    await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.success);
    await withoutScript.close();

    // Every part of the server (start-up, page, actions, sign-in, inbox, health check) shares one store: one database
    // open. A fresh clone's owner signs in with the code the server wrote to its log.
    const owner = await browser.newPage({ baseURL: server.url });
    await signInWithCode(owner, 'owner@aldercrest.example', async () => signInCodeFromLog(server.output()).code);
    await expect(owner).toHaveURL(/\/admin$/);
    await expect(owner.getByRole('heading', { level: 2, name: prospect.full_name })).toBeVisible();
    await owner.close();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.output().match(/"event":"store\.selected"/g)).toHaveLength(1);

    // A second server on the same directory refuses to start, naming the holder.
    await expect(startNextServer({ DATA_DIR: dataDir })).rejects.toThrow(/locked by process \d+ on/);

    await server.stop();
    expect(existsSync(path.join(dataDir, 'lock'))).toBe(false);

    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    try {
      expect((await db.query('select full_name, email, phone, message from prospect_inquiries')).rows).toEqual([prospect]);
      expect((await db.query('select full_name, email, brokerage, license_number, phone, message from broker_requests')).rows).toEqual([
        agent,
      ]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
});
