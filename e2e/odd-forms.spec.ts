import { readFileSync } from 'node:fs';
import path from 'node:path';
import { attributeText, multipartBody } from '@/__tests__/support/no-js-form.mjs';
import { ACTION_ARGUMENTS_FILE } from '@/server/action-wire-format.cjs';
import { rawRequest } from '@/__tests__/support/raw-request.mjs';
import { AVA, MARCUS, openSession, withSession } from './support/accounts';
import { listEstates, publishTerms } from './support/portal';
import { expect, test } from './support/fixtures';

// Every form of every page, as its page renders it for someone signed in as the team, as a broker, or for no one,
// posted the way a browser without JavaScript posts it, with its values changed in each way a hand-made post can:
// each is answered as a page or a redirect (the form's error state, its success, or a refusal), never a server
// error, and every line the server prints meanwhile is one JSON object, none of them an error's.

/** Each form of a page's HTML: the start of its tag, and its fields (hidden or not) with the values rendered. */
function formsOf(html: string) {
  // A form that gets (a list's filter) is no post; nor is one whose action is its script's (React writes a
  // `javascript:` address there, which a browser without JavaScript does not follow: adding a passkey).
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].filter(([, tag]) => !/method="get"|action="javascript:/i.test(tag!)).map(([whole, , body]) => {
    const fields: { name: string; value: string; hidden: boolean }[] = [];
    for (const [tag] of body!.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(tag)?.[1];
      if (!name) continue;
      fields.push({ name: attributeText(name), value: attributeText(/value="([^"]*)"/.exec(tag)?.[1] ?? ''), hidden: /type="hidden"/.test(tag) || name.startsWith('$ACTION') });
    }
    return { head: whole.slice(0, 80), fields };
  });
}

/** The ways a post's values are changed: the visible fields (what a person types), then the data the page put in the hidden ones. */
const MUTATIONS: [string, (fields: { name: string; value: string; hidden: boolean }[]) => [string, string][]][] = [
  ['as rendered', (f) => f.map((x) => [x.name, x.value])],
  ['visible empty', (f) => f.map((x) => [x.name, x.hidden ? x.value : ''])],
  ['visible long', (f) => f.map((x) => [x.name, x.hidden ? x.value : 'x'.repeat(3000)])],
  ['visible hostile', (f) => f.map((x) => [x.name, x.hidden ? x.value : '\u0000<script>alert(1)</script>\u202e\ud83d'])],
  ['visible numbers', (f) => f.map((x) => [x.name, x.hidden ? x.value : '-1e309'])],
  // Year 0, which a date field's pattern allows and no database keeps: a lead's follow-up day answered 500.
  ['visible day zero', (f) => f.map((x) => [x.name, x.hidden ? x.value : '0000-01-01'])],
  ['visible doubled', (f) => f.flatMap((x) => (x.hidden ? [[x.name, x.value]] : [[x.name, 'a'], [x.name, 'b']]) as [string, string][])],
  ['visible missing', (f) => f.filter((x) => x.hidden).map((x) => [x.name, x.value])],
  ['hidden data altered', (f) => f.map((x) => [x.name, x.name.startsWith('$ACTION') ? x.value : x.hidden ? 'ffffffff-ffff-ffff-ffff-ffffffffffff' : x.value])],
  ['hidden data garbage', (f) => f.map((x) => [x.name, x.name.startsWith('$ACTION') ? x.value : x.hidden ? '%00{"a":[' : x.value])],
  ['action state garbage', (f) => f.map((x) => [x.name, x.name.startsWith('$ACTION_') && x.name.includes(':') ? '{"x":' : x.value])],
  ['action state a reference', (f) => f.map((x) => [x.name, /^\$ACTION_\d+:1$/.test(x.name) ? '[{"then":"$1:__proto__:then"}]' : x.value])],
  ['action bound to another value', (f) => f.map((x) => [x.name, /^\$ACTION_\d+:0$/.test(x.name) ? x.value.replace('"$@1"', '"$Q0"') : x.value])],
];

// What the sweep changed (accounts, sessions, estates, terms) is no later test's starting point.
test.afterAll(async ({ stack }) => stack.reset());

test('every form of every page, posted without JavaScript with odd values, is answered without a server error', async ({ baseURL, stack, server }) => {
  test.setTimeout(600_000);
  await stack.reset();
  await listEstates(stack);
  await publishTerms(stack);
  // An estate's own page, where its status, details and deletion are; a lead's and a broker's request's, where their work is.
  const [estate] = await stack.query<{ id: string }>('select id from private.estates order by lot limit 1');
  const [inquiry] = await stack.query<{ id: string }>("insert into public.prospect_inquiries (full_name, email) values ('Eleanor Whitfield', 'eleanor@example.com') returning id");
  const [request] = await stack.query<{ id: string }>("insert into public.broker_requests (full_name, email, brokerage) values ('Marcus Hale', 'marcus.request@example.com', 'Hale Realty') returning id");
  const pagesByWho: [string, () => Promise<Record<string, string>>, string[]][] = [
    ['team', async () => withSession(await openSession(stack, AVA)), ['/admin', '/admin/registrations', '/admin/tours', '/admin/insights', '/admin/team', '/admin/brokers', '/admin/estates', `/admin/estates/${estate!.id}`, `/admin/leads/${inquiry!.id}`, `/admin/leads/${request!.id}`, '/admin/terms', '/admin/erase', '/account']],
    ['broker', async () => withSession(await openSession(stack, MARCUS)), ['/portal', '/account']],
    ['nobody', async () => ({}), ['/', '/sign-in']],
  ];
  const failures: string[] = [];
  let posts = 0;
  const refusedAsRendered: string[] = [];
  const BOUNDARY = '----fuzz';
  for (const [who, session, pages] of pagesByWho) {
    for (const page of pages) {
      const headers = await session();
      const html = (await rawRequest(`${baseURL}${page}`, { headers })).body;
      const forms = formsOf(html);
      // One of each kind: a list's row forms (a session's, an estate's) differ only in the values they carry.
      const kinds = new Map(forms.map((form) => [form.fields.map(({ name }) => name).join('\n'), form]));
      for (const form of kinds.values()) {
        for (const [label, mutate] of MUTATIONS) {
          const before = server.output().length;
          const answer = await rawRequest(`${baseURL}${page}`, {
            method: 'POST',
            headers: { ...(await session()), origin: baseURL!, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
            body: multipartBody(mutate(form.fields), BOUNDARY),
          });
          posts++;
          // The front door's refusals are its 4xx; an action answers with its page (200) or a redirect (303).
          if (label === 'as rendered' && answer.status >= 400) refusedAsRendered.push(`${who} ${page} ${form.head} ${answer.status}`);
          const lines = server.output().slice(before).split('\n').filter(Boolean);
          const bad = lines.filter((line) => { try { JSON.parse(line); return false; } catch { return true; } });
          const errors = lines.filter((line) => /"level":"error"/.test(line));
          if (answer.status >= 500 || bad.length || errors.length) failures.push(`${who} ${page} ${form.head} [${label}] ${answer.status} ${[...bad, ...errors].join(' | ').slice(0, 300)}`);
        }
      }
      expect({ who, page, forms: forms.length > 0 }).toEqual({ who, page, forms: true });
    }
  }
  expect(failures).toEqual([]);
  // The posts reached the actions: each form as rendered got past the front door.
  expect(refusedAsRendered).toEqual([]);
  expect(posts).toBeGreaterThan(200);
});

/** The build's Server Actions: each id, the number of arguments it takes, and a page it is called from. */
function buildActions() {
  const server = path.join('.next', 'standalone', '.next', 'server');
  const counts: Record<string, number> = JSON.parse(readFileSync(path.join(server, ACTION_ARGUMENTS_FILE), 'utf8'));
  const manifest: { node: Record<string, { workers: Record<string, unknown> }> } = JSON.parse(readFileSync(path.join(server, 'server-reference-manifest.json'), 'utf8'));
  return Object.entries(counts).map(([id, count]) => {
    const worker = Object.keys(manifest.node[id]!.workers)[0]!;
    const page = worker.replace(/^app/, '').replace(/\/page$/, '').replace(/\/\([^)]+\)/g, '').replace(/\[[^\]]+\]/g, 'ffffffff-ffff-ffff-ffff-ffffffffffff') || '/';
    return { id, count, page };
  });
}

/** Arguments no form sends (React's encoding: `$K1` is the form's fields, `$@`, `$Q`, `$h`… other kinds of value). */
const ODD_ARGUMENTS = (count: number) => [
  '', '[', 'null', '{}', '[]', count === 2 ? '["$K1"]' : '[{},"$K1"]', '[{},"$@1"]', '["$Q0"]', '[{"then":"$1:__proto__:then"},"$K1"]', '[{"a":"$h1"},"$K1"]', '[null,"$K1"]',
];

test('every action called as a page’s script calls it, with arguments no form sends, is refused with 400; with a form’s, and odd fields, answered without a server error', async ({ baseURL, stack, server }) => {
  test.setTimeout(600_000);
  await stack.reset();
  await listEstates(stack);
  await publishTerms(stack);
  const actions = buildActions();
  expect(actions.length).toBeGreaterThan(30);
  const call = async (action: { id: string; page: string }, args: string, fields: [string, string][], headers: Record<string, string>) =>
    (
      await rawRequest(`${baseURL}${action.page}`, {
        method: 'POST',
        headers: { ...headers, origin: baseURL!, 'next-action': action.id, accept: 'text/x-component', 'content-type': 'multipart/form-data; boundary=----call' },
        body: multipartBody([...fields, ['0', args]], '----call'),
      })
    ).status;
  const failures: string[] = [];
  const people: [string, () => Promise<Record<string, string>>][] = [
    ['nobody', async () => ({})],
    ['team', async () => withSession(await openSession(stack, AVA))],
    ['broker', async () => withSession(await openSession(stack, MARCUS))],
  ];
  const start = server.output().length;
  let refused = 0;
  for (const [who, session] of people) {
    const headers = await session();
    for (const action of actions) {
      for (const args of ODD_ARGUMENTS(action.count)) {
        const status = await call(action, args, [['1_email', 'x']], headers);
        refused++;
        if (status !== 400) failures.push(`${who} ${action.page} ${action.id.slice(0, 8)} ${args} → ${status}`);
      }
      // As a form sends them, with its fields empty, or made up: each action answers, signed in or not, without a server error.
      for (const fields of [[], [['1_id', 'ffffffff-ffff-ffff-ffff-ffffffffffff'], ['1_email', 'x'], ['1_intent', 'x'], ['1_token', '%00'], ['1_code', '-1']]] as [string, string][][]) {
        const status = await call(action, action.count === 2 ? '[{},"$K1"]' : '["$K1"]', fields, await session());
        if (status >= 500) failures.push(`${who} ${action.page} ${action.id.slice(0, 8)} fields ${fields.length} → ${status}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // Each refusal is one log line; no line of the whole sweep is an error's.
  const lines = () => server.output().slice(start).split('\n').filter(Boolean);
  await expect.poll(() => lines().filter((line) => /"reason":"unreadable_arguments"/.test(line)).length).toBe(refused);
  expect(lines().filter((line) => /"level":"error"/.test(line))).toEqual([]);
});
