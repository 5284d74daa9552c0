import { writeFileSync } from 'node:fs';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { startRelay } from '@/__tests__/support/smtp';
import { test } from '@playwright/test';

test('email shots', async ({ browser }) => {
  const relay = await startRelay();
  const server = await startNextServer({ DATA_DIR: 'memory://', SMTP_URL: relay.url, MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>', LEAD_NOTIFY_TO: 'sales@aldercrest.example' });
  await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'We are relocating from Boston next spring and would love a private tour of the larger lots.\nWeekends suit us best.' });
  await postFormWithoutScript(`${server.url}/`, 'broker-form', { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 01234567', phone: '', message: 'Two qualified clients.' });
  await relay.waitFor(4);
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  for (const [index, mail] of relay.received.entries()) {
    const name = `${index}-${mail.envelope.to[0]}`;
    writeFileSync(`/tmp/shots/${name}.html`, String(mail.parsed.html));
    writeFileSync(`/tmp/shots/${name}.txt`, `Subject: ${mail.parsed.subject}\n\n${mail.parsed.text}`);
    await page.setContent(String(mail.parsed.html));
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  }
  await server.stop();
  await relay.stop();
});
