import { POST } from '@/app/api/leads/[form]/route';

// The route's own answers to what the production server's front door never lets reach it (the browser tests drive
// it through the door): another form's name, and a body that is not a form.

const post = (form: string, init: RequestInit) => POST(new Request(`http://127.0.0.1/api/leads/${form}`, { method: 'POST', ...init }), { params: Promise.resolve({ form }) });
const logLines = (spy: jest.SpyInstance) => spy.mock.calls.map(([line]) => JSON.parse(String(line)));

test.each(['other', 'constructor', '__proto__'])('a post to the form "%s" is a 404 in JSON, kept by no cache, with one log line', async (form) => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await post(form, { body: new FormData() });
  expect(answer.status).toBe(404);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(await answer.json()).toEqual({ status: 'not_found' });
  expect(logLines(logged)).toEqual([expect.objectContaining({ event: 'request.refused', status: 404, reason: 'unknown_form' })]);
});

test.each([
  ['a urlencoded body', { 'content-type': 'application/x-www-form-urlencoded' }, 'full_name=Eleanor&email=eleanor%40example.com'],
  ['a multipart body that does not parse', { 'content-type': 'multipart/form-data; boundary=x' }, 'not multipart at all'],
])('%s is the form’s malformed answer: an error state, 200, logged once', async (_, headers, body) => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await post('inquiry', { headers, body });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(await answer.json()).toEqual({ status: 'error', values: {}, errors: {}, answerId: expect.any(String) });
  expect(logLines(logged)).toEqual([expect.objectContaining({ level: 'warn', event: 'lead.submission', form: 'inquiry', outcome: 'malformed' })]);
});

test('a form with a bad address is answered with its field’s error and the values back, before any store is asked', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const body = new FormData();
  for (const [name, value] of Object.entries({ full_name: 'Marcus Hale', email: 'marcus', brokerage: 'Hale Realty', submission_key: 'k'.repeat(32) })) body.set(name, value);
  const answer = await post('broker', { body });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({
    status: 'error',
    values: { full_name: 'Marcus Hale', email: 'marcus', brokerage: 'Hale Realty' },
    errors: { email: 'invalid_email' },
    answerId: expect.any(String),
  });
  expect(logLines(logged)).toEqual([expect.objectContaining({ event: 'lead.submission', form: 'broker', outcome: 'invalid', fields: 'email' })]);
});
