/**
 * The delivery worker and holds: the holder's reminder a day before, the end to the holder and the team, each step of a
 * reservation to the broker, an overdue deposit to the team once; read from a real SMTP relay, on both stores, the
 * clock the test's.
 */
import { randomBytes } from 'node:crypto';
import type { Actor } from '@/lib/auth/types';
import { parseServerConfig } from '@/lib/config/server';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import type { EstateFields } from '@/lib/portal/types';
import { authContextFor, openPortalTo, signInPeople } from '../../support/accounts';
import { relayForTests } from '../../support/smtp';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const AUTH_KEY = randomBytes(32);
const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const LOT: EstateFields = { lot: 'Lot 2', lotAcres: 2.4, homeSqft: 9800, bedrooms: 6, bathrooms: 7.5, status: 'available', listPrice: 18_750_000 };

describe.each(STORE_NAMES)('hold and reservation emails on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let clock: number;
  let ava: Actor, marcus: Actor;
  const now = () => clock;

  beforeEach(async () => {
    clock = Date.parse('2027-03-01T10:00:00.000Z');
    relay.received.length = 0;
    relay.setMode('accept');
    await subject.sql('truncate prospect_inquiries, private.outbox, private.lead_activity, private.accounts, private.estates, private.registrations, private.hold_settings, private.lot_claims cascade');
    ({ ava, marcus } = await signInPeople(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, ['ava', 'marcus']));
    await openPortalTo(subject, marcus);
  });

  const worker = () =>
    createDeliveryWorker({
      store: subject.store,
      config: parseServerConfig({ SMTP_URL: relay.url, MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>', LEAD_NOTIFY_TO: 'sales@aldercrest.example', SITE_TIME_ZONE: ZONE } as unknown as NodeJS.ProcessEnv),
      siteUrl: new URL('https://aldercrest.example'),
      authKey: AUTH_KEY,
      now,
    });
  const mails = () => relay.received.map((mail) => ({ to: mail.envelope.to.join(','), subject: mail.parsed.subject, text: mail.parsed.text ?? '' }));

  test('a broker’s hold: reminded 24 hours before, told with the team when it ends; nothing sent for a hold released first', async () => {
    const estate = (await subject.store.createEstate(ava, LOT, new Date(clock))).id;
    const registration = (await subject.store.registerBuyer(marcus, { fullName: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, note: null }, new Date(clock - HOUR))).id;
    const placed = await subject.store.placeHold(marcus, estate, { registrationId: registration }, new Date(clock));
    if (placed.outcome !== 'held') throw new Error(placed.outcome);
    const delivery = worker();
    expect(await delivery.runOnce()).toMatchObject({ sent: 0 });

    clock += 48 * HOUR;
    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });
    expect(mails()).toEqual([{ to: 'marcus@hale.realty', subject: 'Your hold on Lot 2 ends in 24 hours', text: expect.stringContaining('The hold on Lot 2 for Eleanor Whitfield ends on Thursday, March 4, 2027 at 5:00 AM EST') }]);
    expect(mails()[0]!.text).toContain(`Open the broker portal: https://aldercrest.example/portal#lot-${estate}`);

    clock += 24 * HOUR;
    expect(await delivery.runOnce()).toMatchObject({ sent: 2 });
    expect(mails().slice(1).map((mail) => [mail.to, mail.subject])).toEqual(
      expect.arrayContaining([
        ['marcus@hale.realty', 'The hold on Lot 2 has ended'],
        ['sales@aldercrest.example', 'The hold on Lot 2 has ended'],
      ]),
    );
    const team = mails().find((mail) => mail.to === 'sales@aldercrest.example')!;
    expect(team.text).toContain('ended at its time');
    expect(team.text).toContain('Broker: Marcus Hale, Hale Realty');
    expect(team.text).toContain(`Open the lot: https://aldercrest.example/admin/estates/${estate}#claim`);

    // Released before its reminder: the holder and the team are told at once; the reminder and the end never go.
    relay.received.length = 0;
    const again = await subject.store.placeHold(marcus, estate, { registrationId: registration }, new Date(clock));
    if (again.outcome !== 'held') throw new Error(again.outcome);
    clock += HOUR;
    await subject.store.releaseHold(marcus, again.claim.id, new Date(clock));
    expect(await delivery.runOnce()).toMatchObject({ sent: 2 });
    expect(mails().every((mail) => mail.subject === 'The hold on Lot 2 has ended' && mail.text.includes('was released'))).toBe(true);
    clock += 80 * HOUR;
    // (The release put the waiting ones aside in the outbox: nothing is left to claim.)
    expect(await delivery.runOnce()).toMatchObject({ sent: 0, dropped: 0 });
    expect(relay.received).toHaveLength(2);
  });

  test('a reservation: each step to the broker with the deposit; an unpaid deposit to the team once, past its due day', async () => {
    const estate = (await subject.store.createEstate(ava, LOT, new Date(clock))).id;
    const registration = (await subject.store.registerBuyer(marcus, { fullName: 'Eleanor <b>Whitfield</b>', email: 'eleanor@example.com', phone: null, note: null }, new Date(clock - HOUR))).id;
    const placed = await subject.store.placeHold(marcus, estate, { registrationId: registration }, new Date(clock));
    if (placed.outcome !== 'held') throw new Error(placed.outcome);
    await subject.store.reserveLot(ava, placed.claim.id, { amount: 937_500, dueOn: '2027-03-10', receivedOn: null, method: 'Wire transfer', note: null }, ZONE, new Date(clock));
    const delivery = worker();
    await delivery.runOnce();
    expect(mails()).toEqual([{ to: 'marcus@hale.realty', subject: 'Lot 2 is reserved for your client', text: expect.stringContaining('Deposit: $937,500\nDue on: Mar 10, 2027') }]);
    expect(mails()[0]!.text).toContain(`https://aldercrest.example/portal/registrations/${registration}#holds`);
    // The buyer's name as the broker typed it: words in the text, escaped in the HTML.
    expect(relay.received[0]!.parsed.html).toContain('Eleanor &#60;b&#62;Whitfield&#60;/b&#62;');

    clock = Date.parse('2027-03-11T05:00:00.000Z');
    await subject.store.advanceReservation(ava, placed.claim.id, 'under_contract', new Date(clock));
    await delivery.runOnce();
    expect(mails().slice(1).map((mail) => [mail.to, mail.subject])).toEqual(
      expect.arrayContaining([
        ['marcus@hale.realty', 'Lot 2 is under contract'],
        ['sales@aldercrest.example', 'Deposit overdue: Lot 2'],
      ]),
    );
    clock += 24 * HOUR;
    await subject.store.cancelReservation(ava, placed.claim.id, 'Financing fell through', new Date(clock));
    await delivery.runOnce();
    expect(mails().at(-1)).toEqual({ to: 'marcus@hale.realty', subject: 'The reservation of Lot 2 is cancelled', text: expect.stringContaining('Reason given: Financing fell through') });
    expect(mails().filter((mail) => mail.subject === 'Deposit overdue: Lot 2')).toHaveLength(1);
  });
});
