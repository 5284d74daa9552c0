import type { APIResponse } from '@playwright/test';
import { EVERY_ANSWER, OPENER_POLICY, PLAIN_TEXT_POLICY } from '@/server/site-headers.cjs';
import { expect, test } from './support/fixtures';
import { agent, fillInquiry, inquiryForm, prospect } from './support/forms';

// The lead endpoint (app/api/leads/[form]/route.ts) on the production build, behind its front door: a form saved in
// the page and sent later by fetch, as a service worker or a page of a newer build would send it.

/** The headers next.config.ts gives every answer but the home page, by lower-case name. */
const SITE_HEADERS = Object.fromEntries([...EVERY_ANSWER, OPENER_POLICY].map(({ key, value }) => [key.toLowerCase(), value]));

/** A submission key as the form makes one: 128 random bits in hex. */
const key = () => Array.from({ length: 32 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

/** An answer of the endpoint's own: the form's state as JSON, kept by no cache, with every page's headers. */
async function formState(answer: APIResponse) {
  expect(answer.status()).toBe(200);
  const headers = answer.headers();
  expect(headers['content-type']).toMatch(/^application\/json/);
  expect(headers['cache-control']).toBe('no-store');
  for (const [name, value] of Object.entries(SITE_HEADERS)) expect({ name, value: headers[name] }).toEqual({ name, value });
  expect(headers['content-security-policy']).toContain("connect-src 'self'");
  return answer.json();
}

test('an inquiry saved in the page is stored once, however many times it is sent, with what the form carried', async ({ page, rows, server }) => {
  await page.goto('/?utm_source=newsletter&utm_campaign=spring');
  await fillInquiry(page);
  const keyField = inquiryForm(page).locator('input[name="submission_key"]');
  // The script has given this attempt its key.
  await expect(keyField).toHaveValue(/^[0-9a-f]{32}$/);
  const notice = await inquiryForm(page).locator('input[name="privacy_notice"]').inputValue();

  // What a service worker would have kept: the form's data as the browser reads it, sent twice, from the page's own
  // origin under its content security policy.
  const answers = await page.evaluate(async () => {
    const saved = new FormData(document.querySelector<HTMLFormElement>('#inquiry-form')!);
    const sent = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await fetch('/api/leads/inquiry', { method: 'POST', body: saved });
      sent.push({ status: answer.status, cache: answer.headers.get('cache-control'), state: await answer.json() });
    }
    return sent;
  });
  for (const { status, cache, state } of answers) {
    expect({ status, cache }).toEqual({ status: 200, cache: 'no-store' });
    expect(state).toEqual({ status: 'success', values: {}, errors: {}, answerId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  }
  expect(answers[0]!.state.answerId).not.toBe(answers[1]!.state.answerId);

  const stored = await rows('prospect_inquiries');
  expect(stored).toHaveLength(1);
  // Stored under the browser's key, not the ten-minute content key a post without one gets: sent again hours later, it is
  // still the same submission.
  expect(stored[0]).toMatchObject({ ...prospect, utm_source: 'newsletter', utm_campaign: 'spring', privacy_notice: notice, submission_key: expect.stringMatching(/^browser-/) });
  await expect.poll(() => server.output()).toMatch(/"event":"lead\.submission","form":"inquiry","outcome":"duplicate"/);
});

test('the same post with the same key, sent again from outside the page, is a success and still one lead', async ({ request, rows, server }) => {
  const post = { ...prospect, submission_key: key(), privacy_notice: '0123456789ab', website: '' };
  for (let attempt = 0; attempt < 3; attempt++) {
    const state = await formState(await request.post('/api/leads/inquiry', { headers: { origin: server.url }, multipart: post }));
    expect(state).toMatchObject({ status: 'success', errors: {}, values: {} });
  }
  expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining({ ...prospect, privacy_notice: '0123456789ab' })]);
});

test('an inquiry with a bad address is answered with its field’s error and the values back, and nothing is stored', async ({ request, rows, server }) => {
  const post = { ...prospect, email: 'eleanor-at-example.com', submission_key: key() };
  const state = await formState(await request.post('/api/leads/inquiry', { headers: { origin: server.url }, multipart: post }));
  expect(state).toEqual({
    status: 'error',
    errors: { email: 'invalid_email' },
    values: { full_name: prospect.full_name, email: 'eleanor-at-example.com', phone: prospect.phone, message: prospect.message },
    answerId: expect.any(String),
  });
  expect(await rows('prospect_inquiries')).toEqual([]);
  await expect.poll(() => server.output()).toMatch(/"event":"lead\.submission","form":"inquiry","outcome":"invalid".*"fields":"email"/);
});

test('a broker’s request is stored in its own table', async ({ request, rows, server }) => {
  const state = await formState(await request.post('/api/leads/broker', { headers: { origin: server.url }, multipart: { ...agent, submission_key: key() } }));
  expect(state).toMatchObject({ status: 'success', errors: {} });
  expect(await rows('broker_requests')).toEqual([expect.objectContaining(agent)]);
  expect(await rows('prospect_inquiries')).toEqual([]);
});

test('the front door refuses what no saved form sends, with the site’s headers, and nothing is stored', async ({ request, rows, server }) => {
  const multipart = { ...prospect, submission_key: key() };
  const own = { origin: server.url };
  const refusals: [string, () => Promise<APIResponse>, number, string][] = [
    ['another origin', () => request.post('/api/leads/inquiry', { headers: { origin: 'https://elsewhere.example' }, multipart }), 403, 'cross_origin'],
    ['another form', () => request.post('/api/leads/other', { headers: own, multipart }), 404, 'unknown_endpoint'],
    ['a query', () => request.post('/api/leads/inquiry?x', { headers: own, multipart }), 400, 'query_on_endpoint'],
    ['a Next-Action header', () => request.post('/api/leads/broker', { headers: { ...own, 'next-action': '7f'.repeat(21) }, multipart: { ...agent } }), 400, 'action_on_endpoint'],
    ['text/plain', () => request.post('/api/leads/inquiry', { headers: { ...own, 'content-type': 'text/plain' }, data: 'full_name=Eleanor' }), 415, 'not_a_form'],
  ];
  for (const [name, sent, status, reason] of refusals) {
    const answer = await sent();
    const headers = answer.headers();
    expect({ name, status: answer.status() }).toEqual({ name, status });
    for (const [header, value] of Object.entries({ ...SITE_HEADERS, 'content-security-policy': PLAIN_TEXT_POLICY, 'cache-control': 'no-store' })) {
      expect({ name, header, value: headers[header] }).toEqual({ name, header, value });
    }
    await expect.poll(() => server.output()).toContain(`"event":"request.refused","status":${status},"reason":"${reason}"`);
  }
  expect(await rows('prospect_inquiries')).toEqual([]);
  expect(await rows('broker_requests')).toEqual([]);
});
