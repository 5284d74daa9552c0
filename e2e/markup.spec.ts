import { postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { AVA, openSession, withSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { prospect } from './support/forms';
import { nuErrors } from './support/nu-checker';
import { spec } from './support/spec-copy';

test('the Nu HTML Checker finds no error in the page, the page returned after a post, the inbox, the sign-in pages, the 404 page or the privacy notice', async ({ baseURL, stack, servers }) => {
  await stack.reset();
  const inbox = await servers.get('team');
  // A lead whose phone number has spaces, so that its page in the inbox shows a tel: link made from one.
  const answered = await postFormWithoutScript(`${inbox.url}/`, 'inquiry-form', { ...prospect, phone: '+1 555 0100' });
  expect(answered.html).toContain(spec.inquiry.success);
  const refused = await postFormWithoutScript(`${baseURL}/`, 'broker-form', { full_name: 'Marcus Hale', email: 'marcus@localhost', brokerage: 'Hale Realty' });
  expect(refused.html).toContain(spec.broker.error);
  const signedIn = withSession(await openSession(stack, AVA));
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
    'a lead in the inbox': leadHtml,
    'the team': await (await fetch(`${inbox.url}/admin/team`, { headers: signedIn })).text(),
    'one’s account': await (await fetch(`${inbox.url}/account`, { headers: signedIn })).text(),
    'sign-in': await (await fetch(`${inbox.url}/sign-in`)).text(),
    'a sign-in link': await (await fetch(`${inbox.url}/sign-in/link?token=${'A'.repeat(43)}`)).text(),
    'not found': await missing.text(),
    'privacy notice': await (await fetch(`${baseURL}/privacy`)).text(),
  });
  expect(errors).toEqual([]);
});
