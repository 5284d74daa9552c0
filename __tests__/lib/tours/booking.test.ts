import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { parseServerConfig, type ServerConfig } from '@/lib/config/server';
import { StoreError } from '@/lib/store/types';
import { CANCELLED_URL, tourPost, type TourPostKind } from '@/lib/tours/booking';
import { newTourLink, tourToken, tourTokenHash as tokenHash } from '@/lib/tours/links';
import { openTimes } from '@/lib/tours/slots';
import { captureLogLines, formData } from '../../support/form-data';
import { storeForTests } from '../../support/stores';

const KEY = randomBytes(32);
const ZONE = 'America/New_York';
/** The day of a start in the site's zone: the page a refused post goes back to shows that day's times. */
const dayOf = (startsAt: string) => DateTime.fromISO(startsAt, { zone: ZONE }).toISODate();

describe('the tour page\'s posts on the embedded store', () => {
  const subject = storeForTests('embedded');
  let config: Pick<ServerConfig, 'guards' | 'timeZone'>;
  beforeEach(async () => {
    await subject.sql('truncate prospect_inquiries, private.submission_log, private.outbox, private.tours, private.tour_links, private.tour_settings cascade');
    const base = parseServerConfig({ SITE_TIME_ZONE: ZONE } as unknown as NodeJS.ProcessEnv);
    config = { guards: { ...base.guards, perClient: { limit: 100, windowSeconds: 600 } }, timeZone: ZONE };
  });

  const context = () => ({ store: () => subject.store, config: () => config, headers: new Headers(), now: Date.now });
  const post = (kind: TourPostKind, fields: Record<string, string>) => tourPost(kind, formData(fields), context());
  const linked = async (email = 'eleanor@example.com') => {
    const [lead] = await subject.sql<{ id: string }>("insert into prospect_inquiries (full_name, email) values ('Eleanor Whitfield', $1) returning id", [email]);
    const issued = (await subject.store.issueTourLink(newTourLink(KEY, lead!.id), new Date()))!;
    return tourToken(KEY, issued.id);
  };
  const times = async () =>
    openTimes({ settings: await subject.store.tourSettings(), booked: await subject.store.bookedSpans(new Date(), new Date(Date.now() + 40 * 86_400_000)), now: new Date(), timeZone: ZONE })
      .flatMap((day) => day.times)
      .map((time) => time.startsAt);

  test('book, a repeated post, move, the same time again, cancel, and a post on the dead link', async () => {
    const token = await linked();
    const [first, second] = await times();
    const { result, lines, raw } = await captureLogLines(() => post('book', { token, startsAt: first! }));
    expect(result).toBe(`/tour/${token}?done=booked`);
    // One line, without the token or anything of the buyer's.
    expect(lines).toEqual([expect.objectContaining({ event: 'tour.post', action: 'book', outcome: 'booked' })]);
    expect(raw).not.toContain(token);
    expect(raw).not.toMatch(/Eleanor|eleanor/);

    expect(await post('book', { token, startsAt: second! })).toBe(`/tour/${token}?done=exists`);
    expect(await post('move', { token, startsAt: first! })).toBe(`/tour/${token}?step=move&day=${dayOf(first!)}&notice=same`);
    expect(await post('move', { token, startsAt: second! })).toBe(`/tour/${token}?done=moved`);
    expect((await subject.store.tourLink(tokenHash(token), new Date()))!.tour!.startsAt).toBe(second);
    expect(await post('cancel', { token })).toBe(CANCELLED_URL);
    // Repeated, the cancellation finds the link dead: its page says so.
    expect(await post('cancel', { token })).toBe(`/tour/${token}`);
    expect(await post('book', { token, startsAt: first! })).toBe(`/tour/${token}`);
  });

  test('odd inputs: the page again with the sentence for each, never a throw', async () => {
    const token = await linked();
    expect(await post('book', { token })).toBe(`/tour/${token}?notice=missing`);
    expect(await post('book', { token, startsAt: '' })).toBe(`/tour/${token}?notice=missing`);
    expect(await post('book', { token, startsAt: 'tomorrow at ten' })).toBe(`/tour/${token}?notice=invalid`);
    expect(await post('book', { token, startsAt: 'x'.repeat(50_000) })).toBe(`/tour/${token}?notice=invalid`);
    expect(await post('move', { token, startsAt: '2027-02-30T15:00:00.000Z' })).toBe(`/tour/${token}?step=move&notice=invalid`);
    // A time that is no start the settings give (03:00 in New York), and one long past.
    const [first] = await times();
    const offHours = new Date(new Date(first!).getTime() - 7 * 3_600_000).toISOString();
    expect(await post('book', { token, startsAt: offHours })).toBe(`/tour/${token}?day=${dayOf(offHours)}&notice=invalid`);
    expect(await post('book', { token, startsAt: '2020-01-06T15:00:00.000Z' })).toBe(`/tour/${token}?day=2020-01-06&notice=invalid`);
    // Half an hour after an offered start, inside the hours: not on the list, so not booked (it would hold two times).
    const between = new Date(new Date(first!).getTime() + 30 * 60_000).toISOString();
    expect(await post('book', { token, startsAt: between })).toBe(`/tour/${token}?day=${dayOf(between)}&notice=invalid`);
    expect(await subject.sql('select count(*)::int as n from private.tours')).toEqual([{ n: 0 }]);
    // A field sent twice counts once: the first.
    expect(await tourPost('book', formData({ token, startsAt: [first!, 'junk'] }), context())).toBe(`/tour/${token}?done=booked`);
    // Moving with no tour to move, on a new link: the page shows where things stand.
    const other = await linked('other@example.com');
    expect(await post('move', { token: other, startsAt: first! })).toBe(`/tour/${other}`);
    // No token, a token of the wrong shape, not a form at all.
    expect(await post('book', { startsAt: first! })).toBe('/tour/unknown');
    expect(await post('cancel', { token: 'abc' })).toBe('/tour/unknown');
    expect(await tourPost('cancel', 'not a form', context())).toBe('/tour/unknown');
    // A token of the right shape that no link has.
    expect(await post('book', { token: 'A'.repeat(43), startsAt: first! })).toBe(`/tour/${'A'.repeat(43)}`);
  });

  test('the last place at once: one booking, the other sent back to the times with the sentence', async () => {
    const [a, b] = [await linked('a@example.com'), await linked('b@example.com')];
    const [first] = await times();
    const answers = await Promise.all([post('book', { token: a, startsAt: first! }), post('book', { token: b, startsAt: first! })]);
    expect(answers.filter((answer) => answer.endsWith('?done=booked'))).toHaveLength(1);
    expect(answers.filter((answer) => answer.endsWith(`?day=${dayOf(first!)}&notice=full`))).toHaveLength(1);
  });

  test('held to the forms\' limit per client; a store that fails is a sentence too', async () => {
    config = { ...config, guards: { ...config.guards, perClient: { limit: 2, windowSeconds: 600 } } };
    const token = await linked();
    const [first, second, third] = await times();
    expect(await post('book', { token, startsAt: first! })).toContain('done=booked');
    expect(await post('move', { token, startsAt: second! })).toContain('done=moved');
    expect(await post('move', { token, startsAt: third! })).toBe(`/tour/${token}?step=move&day=${dayOf(third!)}&notice=busy`);
    expect((await subject.store.tourLink(tokenHash(token), new Date()))!.tour!.startsAt).toBe(second);

    const failing = { ...context(), store: () => ({ ...subject.store, admitTourPost: () => Promise.reject(new StoreError('unreachable')) }) };
    const { result, lines } = await captureLogLines(() => tourPost('cancel', formData({ token }), failing));
    expect(result).toBe(`/tour/${token}?step=cancel&notice=error`);
    expect(lines).toEqual([expect.objectContaining({ event: 'tour.post', outcome: 'store_error', reason: 'unreachable', level: 'error' })]);
  });
});
