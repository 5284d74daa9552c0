import type { Actor } from '@/lib/auth/types';
import { assignHostForm, bookForRegistrationForm, cancelBrokerTourForm, cancelTeamTourForm, moveBrokerTourForm, saveSettingsForm, type ToursContext } from '@/lib/tours/manage';
import { formatTourSettingsForm } from '@/lib/tours/settings';
import { DEFAULT_TOUR_SETTINGS } from '@/lib/tours/types';
import { authContextFor, signInPeople, openPortalTo } from '../../support/accounts';
import { captureLogLines, formData } from '../../support/form-data';
import { storeForTests } from '../../support/stores';

// The tours' Server Actions as they run (lib/admin/tour-actions.ts and lib/portal/tour-actions.ts pass the server's
// store and clock): what each accepts and answers, that odd input is an answer and never a throw, and that the
// log says outcomes and ids, never a buyer.

const ZONE = 'America/New_York';
/** Monday 1 March 2027, 05:00 in New York. */
const AT = Date.parse('2027-03-01T10:00:00.000Z');
/** Wednesday 3 March 2027, 10:00 and 12:00 in New York: times the defaults offer. */
const WEDNESDAY_10 = '2027-03-03T15:00:00.000Z';
const WEDNESDAY_12 = '2027-03-03T17:00:00.000Z';
const ELEANOR = { fullName: 'Eleanor Whitfield', email: 'eleanor.whitfield@gmail.com', phone: null, note: null };

describe('private tours’ actions', () => {
  const subject = storeForTests('embedded');
  let context: ToursContext;
  let ava: Actor, julien: Actor, marcus: Actor, nadia: Actor;

  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.outbox, private.sign_in_requests, private.accounts, private.tours, private.tour_links, private.tour_settings, private.tour_closed_dates cascade',
    );
    ({ ava, julien, marcus, nadiaOkafor: nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'julien', 'marcus', 'nadiaOkafor']));
    await openPortalTo(subject, marcus, nadia);
    context = { store: subject.store, now: () => AT, timeZone: ZONE };
  });

  const settingsFields = (change: Record<string, string> = {}) => ({ ...formatTourSettingsForm(DEFAULT_TOUR_SETTINGS), ...change });
  const registered = async (broker: Actor = marcus) => (await subject.store.registerBuyer(broker, ELEANOR, new Date(AT - 86_400_000))).id;
  const book = (actor: Actor, fields: Record<string, string>) => captureLogLines(() => bookForRegistrationForm(context, actor, formData(fields)));
  const hostOf = async (tour: string) => (await subject.sql<{ host_id: string | null }>('select host_id from private.tours where id = $1', [tour]))[0]!.host_id;

  test('settings: each refused field with its message and every entry kept; saved, in force, with who', async () => {
    const refused = await captureLogLines(() => saveSettingsForm(context, julien, formData(settingsFields({ mondayClose: '09:00', capacity: 'many', closedDates: '2027-12-25\n2027-02-30' }))));
    expect(refused.result).toMatchObject({
      outcome: 'refused',
      errors: {
        mondayClose: 'Closing must be later than opening.',
        capacity: 'Tours at once must be a whole number from 1 to 10.',
        closedDates: '“2027-02-30” is not a date: write each closed date as YYYY-MM-DD, such as 2027-12-25.',
      },
      values: { mondayOpen: '10:00', mondayClose: '09:00', capacity: 'many', closedDates: '2027-12-25\n2027-02-30', tourMinutes: '90' },
    });
    expect(refused.lines).toEqual([expect.objectContaining({ event: 'tours.settings', outcome: 'refused', fields: 'mondayClose,capacity,closedDates', level: 'warn' })]);
    expect((await subject.store.tourSettings()).changedAt).toBeNull();

    const saved = await captureLogLines(() => saveSettingsForm(context, julien, formData(settingsFields({ sundayOpen: '12:00', sundayClose: '16:00', capacity: '2', closedDates: '2027-12-25, 2027-03-03' }))));
    expect(saved.result).toMatchObject({ outcome: 'saved', errors: {}, values: { sundayOpen: '12:00', capacity: '2', closedDates: '2027-03-03\n2027-12-25' } });
    expect(saved.lines).toEqual([expect.objectContaining({ event: 'tours.settings', outcome: 'saved', capacity: 2, closedDates: 2 })]);
    expect(await subject.store.tourSettings()).toMatchObject({ capacity: 2, closedDates: ['2027-03-03', '2027-12-25'], hours: { 7: { open: '12:00', close: '16:00' } }, changedBy: 'Julien Marchetti' });

    // Nothing posted at all: each field says what it needs, no throw.
    const empty = await saveSettingsForm(context, julien, new FormData());
    expect(empty).toMatchObject({ outcome: 'refused', errors: { tourMinutes: expect.any(String), horizonDays: expect.any(String) } });
  });

  test('a broker books for an active registration of theirs; the time then full for the next; the log has ids alone', async () => {
    const registration = await registered();
    const { result, lines, raw } = await book(marcus, { registration, startsAt: WEDNESDAY_10 });
    expect(result).toEqual({ outcome: 'booked', registration });
    const [tour] = await subject.store.brokerTours(marcus);
    expect(tour).toMatchObject({ tour: { startsAt: WEDNESDAY_10, registrationId: registration, status: 'booked' }, buyer: { name: 'Eleanor Whitfield' }, broker: { name: 'Marcus Hale' } });
    expect(lines).toEqual([expect.objectContaining({ event: 'portal.tour_booking', outcome: 'booked', registration, tour: tour!.tour.id })]);
    for (const personal of ['Eleanor', 'Whitfield', 'eleanor', 'Marcus', 'marcus']) expect(raw).not.toContain(personal);

    // Booked already: another time is refused as exists; another broker's client at the same time finds it full.
    expect((await book(marcus, { registration, startsAt: WEDNESDAY_12 })).result.outcome).toBe('exists');
    const other = (await subject.store.registerBuyer(nadia, { ...ELEANOR, fullName: 'Grace Holloway', email: 'grace@example.com' }, new Date(AT - 86_400_000))).id;
    expect((await book(nadia, { registration: other, startsAt: WEDNESDAY_10 })).result).toEqual({ outcome: 'full', registration: other });
    // A time not offered (10:30), and one that is no time.
    expect((await book(nadia, { registration: other, startsAt: '2027-03-03T15:30:00.000Z' })).result.outcome).toBe('invalid');
    expect((await book(nadia, { registration: other, startsAt: 'soon' })).result.outcome).toBe('invalid');
  });

  test('no booking for someone else’s registration, one under review, a team member, or no id at all; never a throw', async () => {
    const registration = await registered();
    expect((await book(nadia, { registration, startsAt: WEDNESDAY_10 })).result).toEqual({ outcome: 'not_active', registration });
    expect((await book(ava, { registration, startsAt: WEDNESDAY_10 })).result.outcome).toBe('not_active');
    // The same buyer registered by another broker goes to review: not active.
    const review = await subject.store.registerBuyer(nadia, ELEANOR, new Date(AT - 3_600_000));
    expect(review.status).toBe('under_review');
    expect((await book(nadia, { registration: review.id, startsAt: WEDNESDAY_10 })).result.outcome).toBe('not_active');
    expect((await book(marcus, { registration: 'nope', startsAt: WEDNESDAY_10 })).result).toEqual({ outcome: 'not_active', registration: null });
    expect((await book(marcus, {})).result.registration).toBeNull();
    expect(await subject.store.brokerTours(marcus)).toEqual([]);
  });

  test('the team assigns a host (emailed the booking) and cancels; a broker cancels their own and not another’s', async () => {
    const registration = await registered();
    await book(marcus, { registration, startsAt: WEDNESDAY_10 });
    const tour = (await subject.store.brokerTours(marcus))[0]!.tour.id;
    const julienId = julien.id;

    const assigned = await captureLogLines(() => assignHostForm(context, ava, formData({ tour, host: julienId })));
    expect(assigned.result).toEqual({ saved: 'host' });
    expect(await hostOf(tour)).toBe(julienId);
    const toHost = await subject.sql<{ kind: string }>("select o.kind from private.outbox o join private.tour_notices n on n.id = o.about_id where n.recipient = 'host'");
    expect(toHost.map((row) => row.kind)).toContain('tour_booked');
    expect(assigned.lines).toEqual([expect.objectContaining({ event: 'tours.host', outcome: 'assigned', tour, host: julienId })]);

    // A broker is no host; odd ids are refused, not thrown.
    expect(await assignHostForm(context, ava, formData({ tour, host: marcus.id }))).toEqual({ refused: 'host' });
    expect(await assignHostForm(context, ava, formData({ tour, host: 'julien' }))).toEqual({ refused: 'invalid' });
    expect(await assignHostForm(context, ava, formData({ tour: '00000000-0000-4000-8000-000000000000', host: '' }))).toEqual({ refused: 'gone' });
    expect(await assignHostForm(context, ava, formData({ tour, host: '' }))).toEqual({ saved: 'unhosted' });
    expect(await hostOf(tour)).toBeNull();

    expect((await captureLogLines(() => cancelBrokerTourForm(context, nadia, formData({ registration, tour })))).result.outcome).toBe('not_found');
    expect(await cancelTeamTourForm(context, ava, formData({ tour: 'x' }))).toEqual({ refused: 'invalid' });
    const cancelled = await captureLogLines(() => cancelBrokerTourForm(context, marcus, formData({ registration, tour })));
    expect(cancelled.result).toEqual({ outcome: 'cancelled', registration });
    expect(await cancelTeamTourForm(context, ava, formData({ tour }))).toEqual({ refused: 'gone' });

    // Booked again, the team cancels it.
    await book(marcus, { registration, startsAt: WEDNESDAY_12 });
    const again = (await subject.store.brokerTours(marcus)).find((entry) => entry.tour.status === 'booked')!.tour.id;
    expect(await cancelTeamTourForm(context, julien, formData({ tour: again }))).toEqual({ saved: 'cancelled' });
  });

  test('a broker moves their own tour to an open time; a full time, one not offered, another broker’s tour refused', async () => {
    const registration = await registered();
    await book(marcus, { registration, startsAt: WEDNESDAY_10 });
    const tour = (await subject.store.brokerTours(marcus))[0]!.tour.id;
    const move = (actor: Actor, fields: Record<string, string>) => captureLogLines(() => moveBrokerTourForm(context, actor, formData(fields)));
    const startOf = async () => (await subject.sql<{ starts_at: Date }>('select starts_at from private.tours where id = $1', [tour]))[0]!.starts_at.toISOString();

    // Another broker's tour: not found, and it stays where it was.
    expect((await move(nadia, { registration, tour, startsAt: WEDNESDAY_12 })).result).toEqual({ outcome: 'not_found', registration });
    expect(await startOf()).toBe(WEDNESDAY_10);
    // A time not offered (10:30), and one that is no time.
    expect((await move(marcus, { registration, tour, startsAt: '2027-03-03T15:30:00.000Z' })).result.outcome).toBe('invalid');
    expect((await move(marcus, { registration, tour, startsAt: 'soon' })).result.outcome).toBe('invalid');
    expect(await startOf()).toBe(WEDNESDAY_10);

    const moved = await move(marcus, { registration, tour, startsAt: WEDNESDAY_12 });
    expect(moved.result).toEqual({ outcome: 'moved', registration });
    expect(await startOf()).toBe(WEDNESDAY_12);
    expect(moved.lines).toEqual([expect.objectContaining({ event: 'tours.move', outcome: 'moved', by: 'broker', registration, tour })]);
    for (const personal of ['Eleanor', 'Whitfield', 'eleanor', 'Marcus', 'marcus']) expect(moved.raw).not.toContain(personal);

    // The form names another registration of the same broker: refused, and the tour stays, rather than moved and
    // its broker sent to the other client's page to read about it. Ids in capitals are read as the store writes them.
    const henry = (await subject.store.registerBuyer(marcus, { ...ELEANOR, fullName: 'Henry Ashford', email: 'henry@example.com' }, new Date(AT - 86_400_000))).id;
    const elsewhere = await move(marcus, { registration: henry, tour, startsAt: WEDNESDAY_10 });
    expect(elsewhere.result).toEqual({ outcome: 'not_found', registration: henry });
    expect(elsewhere.lines).toEqual([expect.objectContaining({ event: 'tours.move', outcome: 'not_found', reason: 'other_registration', tour })]);
    expect((await captureLogLines(() => cancelBrokerTourForm(context, marcus, formData({ registration: henry, tour })))).result.outcome).toBe('not_found');
    expect(await startOf()).toBe(WEDNESDAY_12);
    expect((await move(marcus, { registration: registration.toUpperCase(), tour: tour.toUpperCase(), startsAt: WEDNESDAY_12 })).result.registration).toBe(registration);

    // Another broker's client takes 10:00 (one place by default): moving back there finds it full.
    const other = (await subject.store.registerBuyer(nadia, { ...ELEANOR, fullName: 'Grace Holloway', email: 'grace@example.com' }, new Date(AT - 86_400_000))).id;
    expect((await book(nadia, { registration: other, startsAt: WEDNESDAY_10 })).result.outcome).toBe('booked');
    expect((await move(marcus, { registration, tour, startsAt: WEDNESDAY_10 })).result).toEqual({ outcome: 'full', registration });
    expect(await startOf()).toBe(WEDNESDAY_12);
  });
});
