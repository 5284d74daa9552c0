import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { expect, test } from './support/fixtures';
import { prospect } from './support/forms';
import { nuErrors } from './support/nu-checker';
import { spec } from './support/spec-copy';

const PASSWORD = 'a long admin passphrase';

test('the Nu HTML Checker finds no error in the page, the page returned after a post, the inbox, the 404 page or the privacy notice', async ({ baseURL, stack }) => {
  await stack.reset();
  // The inbox exists only with a password; this server has one, on the same store.
  const inbox = await startNextServer({ SUPABASE_URL: stack.url, SUPABASE_SECRET_KEY: stack.serviceRoleKey, ADMIN_PASSWORD: PASSWORD });
  try {
    // A lead whose phone number has spaces, so that its page in the inbox shows a tel: link made from one.
    const answered = await postFormWithoutScript(`${inbox.url}/`, 'inquiry-form', { ...prospect, phone: '+1 555 0100' });
    expect(answered.html).toContain(spec.inquiry.success);
    const refused = await postFormWithoutScript(`${baseURL}/`, 'broker-form', { full_name: 'Marcus Hale', email: 'marcus@localhost', brokerage: 'Hale Realty' });
    expect(refused.html).toContain(spec.broker.error);
    const signedIn = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
    const admin = await fetch(`${inbox.url}/admin`, { headers: signedIn });
    expect(admin.status).toBe(200);
    const adminHtml = await admin.text();
    const leadPath = /href="(\/admin\/leads\/[^"]+)"/.exec(adminHtml)?.[1];
    const lead = await fetch(`${inbox.url}${leadPath}`, { headers: signedIn });
    expect(lead.status).toBe(200);
    const leadHtml = await lead.text();
    // Its number is dialable as a tel: link without spaces (the checker's complaint once); the checker reads the inbox's list.
    expect(leadHtml).toContain('href="tel:+15550100"');
    const missing = await fetch(`${baseURL}/no-such-page`);
    expect(missing.status).toBe(404);

    const errors = nuErrors({
      home: await (await fetch(`${baseURL}/`)).text(),
      'after a successful post': answered.html,
      'after a refused post': refused.html,
      inbox: adminHtml,
      'not found': await missing.text(),
      'privacy notice': await (await fetch(`${baseURL}/privacy`)).text(),
    });
    expect(errors).toEqual([]);
  } finally {
    await inbox.stop();
  }
});
