/**
 * Sign-in that no stranger can lock: whoever asks for codes for someone's address, from however many clients, and
 * whatever codes they type, the person keeps a way in with the email they receive. Both protections hold all the
 * same: five asks an hour per address before anything more is held back, five wrong tries per code. The emails are
 * read from a real SMTP relay, the clock is the test's, on both stores.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseServerConfig } from '@/lib/config/server';
import { signInPage } from '@/lib/copy/account';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import { requestSignInCode, signInWithCode, signInWithLink, SIGN_IN_LIMITS } from '@/lib/auth/sign-in';
import { authContextFor, createAccount, newestChallenge } from '../../support/accounts';
import { relayForTests, type ReceivedMail } from '../../support/smtp';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OWNER = 'ava@aldercrest.example';
const CODE_LIFETIME = 15 * MINUTE;
const TRIES_PER_CODE = 5;

/** The code and the link an email carries, as its reader finds them. */
function secretsOf(mail: ReceivedMail): { code: string; link: string } {
  const text = mail.parsed.text!;
  return { code: /Your code: (\d{6})/.exec(text)![1]!, link: /https:\/\/aldercrest\.example\/sign-in\/link\?token=([A-Za-z0-9_-]{43})/.exec(text)![1]! };
}

/** A six-digit code that is not this one. */
const another = (code: string, step = 1) => String((Number(code) + step) % 1e6).padStart(6, '0');

describe.each(STORE_NAMES)('sign-in that no stranger can lock, on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let clock: number;
  const now = () => clock;
  let context: ReturnType<typeof authContextFor>;
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 24, 15, 0);
    relay.received.length = 0;
    context = authContextFor(subject, now);
    await subject.sql('truncate private.accounts, private.sign_in_requests, private.sign_in_challenges, private.outbox cascade');
    await createAccount(subject, { email: OWNER, name: 'Ava Laurent', role: 'owner' });
  });

  /** The mail the worker sends now, through the relay. */
  async function deliver(): Promise<ReceivedMail[]> {
    const before = relay.received.length;
    const config = parseServerConfig({ SMTP_URL: relay.url, MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>', LEAD_NOTIFY_TO: 'sales@aldercrest.example' } as unknown as NodeJS.ProcessEnv);
    await createDeliveryWorker({ store: subject.store, config, siteUrl: new URL('https://aldercrest.example'), authKey: context.key, now }).runOnce();
    return relay.received.slice(before);
  }
  const ask = (clientAddress: string) => requestSignInCode(context, { email: OWNER, clientAddress });
  const withCode = (code: string) => signInWithCode(context, { email: OWNER, code, device: null });
  const withLink = (link: string) => signInWithLink(context, { token: link, device: null });

  test('a stranger who spends the address’s five asks an hour leaves the owner the emails those asks sent, and a new one once they expire', async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAddress; attempt++) expect(await ask(`198.51.100.${attempt}`)).toBe('sent');
    const theirs = await deliver();
    expect(theirs.map((mail) => mail.envelope.to)).toEqual(Array(SIGN_IN_LIMITS.perAddress).fill([OWNER]));

    // The owner, five minutes on, from their own client: over the address's limit, told their emails still sign them
    // in, and sent nothing more.
    clock += 5 * MINUTE;
    expect(await ask('203.0.113.7')).toBe('recent');
    expect(signInPage.recent).toMatch(/last 15 minutes/);
    expect(await deliver()).toEqual([]);
    // The newest email's code signs in, and so would any of those emails' links.
    expect(await withCode(secretsOf(theirs.at(-1)!).code)).toMatchObject({ outcome: 'signed_in', account: { email: OWNER } });

    // Again, a quarter of an hour after the stranger's newest ask: every email they caused has expired, so the
    // owner's ask goes through, over the limit, and its email signs in.
    clock += 2 * MINUTE;
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAddress; attempt++) await ask(`198.51.100.${10 + attempt}`);
    await deliver();
    clock += CODE_LIFETIME;
    expect(await ask('203.0.113.7')).toBe('sent');
    const [mine, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(await withLink(secretsOf(mine!).link)).toMatchObject({ outcome: 'signed_in' });
  });

  test('a newer code asked for by someone else, and five wrong codes typed against it, leave the owner’s email a way in', async () => {
    expect(await ask('203.0.113.7')).toBe('sent');
    const [owners] = await deliver();
    const { code, link } = secretsOf(owners!);

    // A stranger asks for another code: the owner's code is no longer the newest, and no longer works.
    expect(await ask('198.51.100.1')).toBe('sent');
    const [strangers] = await deliver();
    // Five wrong codes against the newest, from elsewhere: spent.
    const newest = secretsOf(strangers!).code;
    const reasons = [];
    for (let step = 1; step <= TRIES_PER_CODE; step++) reasons.push(((await withCode(another(newest, step))) as { reason?: string }).reason);
    expect(reasons).toEqual(['wrong_code', 'wrong_code', 'wrong_code', 'wrong_code', 'exhausted']);
    expect(await withCode(newest)).toMatchObject({ outcome: 'refused', reason: 'no_live_code' });
    expect(await withCode(code)).toMatchObject({ outcome: 'refused', reason: 'no_live_code' });
    // What the owner reads then sends them to their email; its button signs them in.
    expect(signInPage.wrongCode).toMatch(/Check the newest email/);
    expect(await withLink(link)).toMatchObject({ outcome: 'signed_in', account: { email: OWNER } });
    // That spent every code and link of the address.
    expect(await withLink(secretsOf(strangers!).link)).toMatchObject({ outcome: 'refused', reason: 'dead_link' });
  });

  test('the best odds of a stranger with many addresses: at most eight codes in any hour, five tries each, as SECURITY.md states', async () => {
    // Every minute for two hours and more, from a fresh client each time: ask, then try five wrong codes on whatever is live.
    const issued: number[] = [];
    const tries: number[] = [];
    const start = clock;
    for (let minute = 0; minute < 130; minute++) {
      clock = start + minute * MINUTE;
      if ((await ask(`198.51.${Math.floor(minute / 250)}.${minute % 250}`)) === 'sent') issued.push(clock);
      const { code } = await newestChallenge(subject, context, 'sign_in', OWNER);
      for (let step = 1; step <= TRIES_PER_CODE; step++) {
        const answer = (await withCode(another(code, step))) as { outcome: string; reason?: string };
        expect(answer.outcome).toBe('refused');
        if (answer.reason !== 'no_live_code') tries.push(clock);
      }
    }
    const mostInAnHour = (times: number[]) => Math.max(...times.map((from) => times.filter((at) => at >= from && at < from + HOUR).length));
    const codesPerHour = 5 + Math.ceil(HOUR / CODE_LIFETIME) - 1;
    expect(mostInAnHour(issued)).toBe(codesPerHour);
    expect(mostInAnHour(tries)).toBe(codesPerHour * TRIES_PER_CODE);

    // The figures SECURITY.md gives: one code's five tries in a million, and an hour's forty.
    const security = readFileSync(path.join(process.cwd(), 'SECURITY.md'), 'utf8');
    const oneIn = (odds: number) => `1 in ${Math.round(1 / odds).toLocaleString('en-US')}`;
    expect(security).toContain(oneIn(TRIES_PER_CODE / 1e6));
    expect(security).toContain(oneIn((codesPerHour * TRIES_PER_CODE) / 1e6));
    expect(security).toContain(`${codesPerHour} codes`);
  });
});
