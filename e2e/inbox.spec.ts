import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { AVA, JULIEN } from './support/accounts';
import { WCAG_TAGS } from './support/axe';
import { expect, test } from './support/fixtures';
import { agent, brokerForm, inquiryForm, prospect, sendBroker, sendInquiry } from './support/forms';
import { lookAt } from './support/shots';
import { spec } from './support/spec-copy';
import { LANDING_KEY } from '@/lib/wake-marks.mjs';

test.use({ serverKind: 'mail' });


async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
}

test('a lead is worked to the end: status, owner, follow-up and notes, each kept in the history with who and when', async ({ rows, server, signedIn, relay }) => {
  await rows('prospect_inquiries');
  await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect });
  const [lead] = await rows('prospect_inquiries');

  const ava = await signedIn(AVA);
  // Julien is on the team (signed in once), and so among the owners to choose from.
  const julien = await signedIn(JULIEN);
  await ava.goto('/admin');
  await expect(ava.getByText(`Signed in as ${AVA.name}`)).toBeVisible();
  await ava.getByRole('link', { name: prospect.full_name }).click();
  await expect(ava).toHaveURL(new RegExp(`/admin/leads/${lead!.id}$`));
  await expect(ava.getByRole('heading', { level: 1 })).toHaveText(prospect.full_name);
  for (const value of [prospect.email, prospect.phone, prospect.message]) await expect(ava.getByText(value, { exact: true })).toBeVisible();

  await ava.getByLabel('Status').selectOption('contacted');
  await ava.getByLabel('Status').locator('..').getByRole('button', { name: 'Save' }).click();
  await expect(ava.getByRole('status').filter({ hasText: 'Status saved.' })).toBeVisible();
  await expect(ava.getByLabel('Owner')).toHaveValue('');
  await expect(ava.getByLabel('Owner')).toHaveAccessibleDescription('Someone on the team, or nobody.');
  await ava.getByLabel('Owner').selectOption({ label: JULIEN.name });
  await ava.getByLabel('Owner').locator('..').getByRole('button', { name: 'Save' }).click();
  await expect(ava.getByRole('status').filter({ hasText: 'Owner saved: they will be emailed that the lead is theirs.' })).toBeVisible();
  await expect(ava.getByLabel('Owner').locator('option:checked')).toHaveText(JULIEN.name);
  await ava.getByLabel('Follow up on').fill('2026-12-01');
  await ava.getByLabel('Follow up on').locator('..').getByRole('button', { name: 'Save' }).click();
  await expect(ava.getByRole('status').filter({ hasText: 'Follow-up saved.' })).toBeVisible();

  // Julien is told, by email, with the way to the lead.
  const given = () => relay.received.find((mail) => mail.parsed.subject === `A lead for you: ${prospect.full_name}`);
  await expect.poll(given, { timeout: 20_000 }).toBeTruthy();
  expect(given()!.envelope.to).toEqual([JULIEN.email]);
  expect(given()!.parsed.text).toContain(`${AVA.name} gave you this lead in the inbox.`);
  expect(given()!.parsed.text).toMatch(new RegExp(`\nOpen the lead in the inbox: https?://\\S+/admin/leads/${lead!.id}\n`));
  // As a phone shows it: nothing wider than its screen.
  const letter = await julien.context().newPage();
  await letter.setViewportSize({ width: 390, height: 844 });
  await letter.setContent(String(given()!.parsed.html));
  expect(await letter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await lookAt(letter, 'owner-email-390');
  await letter.close();

  await julien.goto(`/admin/leads/${lead!.id}`);
  await julien.getByRole('textbox', { name: 'Notes' }).fill('Prefers weekend tours.\nCall after 6 pm.');
  await julien.getByRole('button', { name: 'Add note' }).click();
  await expect(julien.getByText('Prefers weekend tours.')).toBeVisible();

  const history = julien.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.nth(0)).toContainText(`Note added${JULIEN.name}`);
  await expect(history.nth(1)).toContainText('Follow-up set for Dec 1, 2026');
  await expect(history.nth(1)).toContainText(AVA.name);
  await expect(history.nth(2)).toContainText(`Owner ${JULIEN.name}${AVA.name}`);
  await expect(history.nth(3)).toContainText('Status New → Contacted');
  await expect(julien.getByRole('region', { name: 'Delivery' })).toContainText('Email to the team');
  await expect(julien.getByRole('region', { name: 'Delivery' })).toContainText('Email to its new owner');
  expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining({ status: 'contacted', owner_id: expect.any(String), legacy_owner: null, follow_up_on: expect.anything() })]);

  // At 320 px the owner chosen shows whole, and nothing of the page runs off its side.
  await julien.setViewportSize({ width: 320, height: 720 });
  const owner = julien.getByLabel('Owner');
  await expect(owner.locator('option:checked')).toHaveText(JULIEN.name);
  const room = await owner.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.letterSpacing = style.letterSpacing;
    probe.style.whiteSpace = 'pre';
    probe.textContent = select.selectedOptions[0]!.textContent;
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { needed, inner, right: select.getBoundingClientRect().right, page: document.documentElement.scrollWidth };
  });
  expect(room.inner).toBeGreaterThanOrEqual(room.needed);
  expect(room.right).toBeLessThanOrEqual(320);
  expect(room.page).toBeLessThanOrEqual(320);

  // The list filters by status and owner, finds by name, email or brokerage, and has each member's own leads a link away.
  await ava.goto('/admin?form=inquiry&status=contacted');
  await expect(ava.getByRole('rowheader', { name: prospect.full_name })).toBeVisible();
  await ava.goto('/admin?form=inquiry&status=touring');
  await expect(ava.getByText('No lead matches.')).toBeVisible();
  await ava.goto('/admin?form=inquiry');
  await ava.getByLabel('Owner').selectOption({ label: JULIEN.name });
  await ava.getByLabel('Name, email or brokerage').fill('eleanor@');
  await ava.getByRole('button', { name: 'Show' }).click();
  await expect(ava.getByRole('rowheader', { name: prospect.full_name })).toBeVisible();
  await ava.getByRole('navigation', { name: 'Whose leads' }).getByRole('link', { name: /^Mine/ }).click();
  await expect(ava.getByRole('link', { name: /^Mine/ })).toHaveAttribute('aria-current', 'page');
  await expect(ava.getByText('No lead matches.')).toBeVisible();
  await julien.setViewportSize({ width: 1280, height: 800 });
  await julien.goto('/admin?form=inquiry');
  const mine = julien.getByRole('navigation', { name: 'Whose leads' }).getByRole('link', { name: 'Mine 1' });
  await mine.click();
  await expect(julien).toHaveURL(/[?&]owner=me\b/);
  await expect(julien.getByRole('link', { name: 'Mine 1' })).toHaveAttribute('aria-current', 'page');
  await expect(julien.getByRole('rowheader', { name: prospect.full_name })).toBeVisible();
  await ava.context().close();
  await julien.context().close();
});

test('approving a broker request records the decision and emails the broker, in the brand’s voice, the invitation that signs them in', async ({ browser, rows, server, relay, signedIn }) => {
  await rows('broker_requests');
  await postFormWithoutScript(`${server.url}/`, 'broker-form', { ...agent });
  const [request] = await rows('broker_requests');
  const ava = await signedIn(AVA);
  await ava.goto(`/admin/leads/${request!.id}`);
  await ava.getByRole('button', { name: 'Approve and email the broker' }).click();
  await expect(ava.getByText('Decision recorded; the broker will be emailed.')).toBeVisible();
  await expect(ava.getByText('This request is approved.')).toBeVisible();
  await expect(ava.getByRole('region', { name: 'History' })).toContainText(`Request approved${AVA.name}`);

  const approval = await expect
    .poll(() => relay.received.find((mail) => mail.parsed.subject === 'Your broker access to Aldercrest Estates'), { timeout: 20_000 })
    .toBeTruthy()
    .then(() => relay.received.find((mail) => mail.parsed.subject === 'Your broker access to Aldercrest Estates')!);
  expect(approval.envelope.to).toEqual([agent.email]);
  expect(approval.parsed.text).toContain(`Dear ${agent.full_name},`);
  expect(approval.parsed.text).toContain('Your access to the broker portal is ready');
  expect(approval.parsed.text).not.toContain(agent.brokerage);
  expect((await rows('broker_requests'))[0]).toMatchObject({ status: 'approved' });
  // The invitation signs the broker in, once: the page it opens asks for a press of its button.
  const link = new URL(/Open the broker portal: (\S+)/.exec(approval.parsed.text ?? '')![1]!);
  const broker = await browser.newPage({ baseURL: server.url });
  await broker.goto(`${link.pathname}${link.search}`);
  await broker.getByRole('button', { name: 'Sign in' }).click();
  await expect(broker).toHaveURL(/\/portal$/);
  await expect(broker.getByText(`Signed in as ${agent.full_name}`)).toBeVisible();
  await broker.goto(`${link.pathname}${link.search}`);
  await expect(broker.getByText('This link has expired or has already been used.')).toBeVisible();
  await broker.context().close();

  // The request's page shows the access it gave; ending it signs the broker out at once.
  await ava.reload();
  const access = ava.getByRole('region', { name: 'Portal access' });
  await expect(access).toContainText('They may sign in to the broker portal.');
  await expect(access).toContainText(`Signed in with the invitation${agent.full_name}`);
  await access.getByRole('button', { name: 'End portal access' }).click();
  await expect(ava.getByText('Portal access ended: they are signed out everywhere.')).toBeVisible();
  await expect(ava.getByRole('region', { name: 'Portal access' })).toContainText(`Portal access ended${AVA.name}`);
  await ava.context().close();
});

test('a failed notice shows its reason, and the team sends it again', async ({ rows, stack, server, relay, signedIn }) => {
  await rows('prospect_inquiries');
  await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, email: 'failing@example.com' });
  const [lead] = await rows('prospect_inquiries');
  await expect.poll(async () => (await stack.query("select count(*)::int as n from private.outbox where status = 'sent'"))[0]!.n as number, { timeout: 20_000 }).toBe(2);
  // As if the relay had refused it for a day.
  await stack.query("update private.outbox set status = 'failed', last_error = 'smtp_550', sent_at = null where lead_id = $1 and kind = 'receipt'", [lead!.id]);
  const before = relay.received.length;

  const ava = await signedIn(AVA);
  await ava.goto(`/admin/leads/${lead!.id}`);
  const delivery = ava.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('Failed: smtp 550');
  await delivery.getByRole('button', { name: 'Send again' }).click();
  await expect(ava.getByText('The notice is queued to be sent again.')).toBeVisible();
  await expect.poll(() => relay.received.length, { timeout: 20_000 }).toBe(before + 1);
  await ava.reload();
  await expect(ava.getByRole('region', { name: 'Delivery' })).not.toContainText('Failed');
  await expect(ava.getByRole('region', { name: 'History' })).toContainText(`Sent again: receipt${AVA.name}`);
  await ava.context().close();
});

test('erasing a person leaves no trace of them, and records only that it happened', async ({ rows, stack, server, signedIn }) => {
  await rows('prospect_inquiries');
  await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, email: 'erase.me@example.com', full_name: 'Erasable Person' });
  await postFormWithoutScript(`${server.url}/`, 'broker-form', { ...agent, email: 'ERASE.ME@example.com', full_name: 'Erasable Person' });
  await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, email: 'stays@example.com' });

  const ava = await signedIn(AVA, 390);
  await ava.goto('/admin');
  await ava.getByRole('link', { name: 'Erase a person' }).click();
  await ava.getByLabel('Email address').fill('erase.me@example.com');
  await ava.getByLabel('I understand that this cannot be undone').check();
  await ava.getByRole('button', { name: 'Erase' }).click();
  await expect(ava.getByRole('status')).toHaveText('Erased 2 leads.');
  await ava.context().close();

  const tables = await stack.query<{ name: string }>(
    "select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'private') and table_type = 'BASE TABLE'",
  );
  for (const { name } of tables) {
    const found = await stack.query(`select 1 from ${name} t where t::text ilike '%erase.me@example.com%' or t::text ilike '%Erasable Person%'`);
    expect({ table: name, found: found.length }).toEqual({ table: name, found: 0 });
  }
  expect(await stack.query('select actor, leads from private.erasures order by at desc limit 1')).toEqual([{ actor: AVA.name, leads: 2 }]);
  expect(server.output()).toContain('"event":"inbox.erased","leads":2');
  expect(server.output()).not.toContain('erase.me@example.com');
});

test.describe('attribution', () => {
  test('with JavaScript, the landing page’s campaign and the referring site are stored with the lead', async ({ browser, rows, server }) => {
    await rows('prospect_inquiries');
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-open-house', { referer: 'https://www.example-magazine.com/estates?id=4' });
    // The visitor leaves the landing page before showing any intent, so that it never wakes: its query and
    // referrer are kept as it is left, and not before (the first use of the storage waits on the browser).
    await page.waitForFunction(() => document.querySelector('link[rel="prefetch"]') !== null);
    expect(await page.evaluate((key) => [document.querySelectorAll('script[src]').length, sessionStorage.getItem(key)], LANDING_KEY)).toEqual([0, null]);
    // Later in the visit, the campaign is still the visit's.
    await page.goto('/#inquire');
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    expect((await rows('prospect_inquiries'))[0]).toMatchObject({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'autumn-open-house',
      referrer: 'www.example-magazine.com',
      privacy_notice: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    await context.close();
  });

  test('without JavaScript, the campaign of the page the form was sent from is stored; the referring site cannot be known', async ({ browser, rows, server }) => {
    await rows('broker_requests');
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/?utm_source=brokers-weekly&utm_medium=print', { referer: 'https://www.example-magazine.com/' });
    await sendBroker(page);
    await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.success);
    expect((await rows('broker_requests'))[0]).toMatchObject({ utm_source: 'brokers-weekly', utm_medium: 'print', referrer: null, privacy_notice: expect.stringMatching(/^[0-9a-f]{12}$/) });
    await context.close();
  });

  test('each form links to the privacy notice, whose version is the one each lead records', async ({ page, rows, server }) => {
    await rows('prospect_inquiries');
    await page.goto(`${server.url}/`);
    await expect(inquiryForm(page).getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    await expect(brokerForm(page).getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    await inquiryForm(page).getByRole('link', { name: 'privacy notice' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details, and what we do with them');
    await expect(page.getByText('The mail service that carries our emails (127.0.0.1)')).toBeVisible();
    const version = /Version ([0-9a-f]{12})\./.exec(await page.locator('main').innerText())![1];
    await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect });
    expect((await rows('prospect_inquiries'))[0]).toMatchObject({ privacy_notice: version });
    await expectNoAxeViolations(page);
  });
});

for (const width of [390, 1440]) {
  test(`the list and a lead's page work at ${width} px, with no accessibility violation and nothing wider than the screen`, async ({ rows, server, signedIn }) => {
    await rows('prospect_inquiries');
    await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, message: 'A long message. '.repeat(40) });
    const [lead] = await rows('prospect_inquiries');
    const page = await signedIn(AVA, width);
    for (const path of ['/admin', `/admin/leads/${lead!.id}`, '/admin/erase', '/admin/team', '/account']) {
      await page.goto(path);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await lookAt(page, `${path === '/admin' ? 'inbox' : path.split('/')[2] ?? path.slice(1)}-${width}`);
    }
    await page.context().close();
  });
}
