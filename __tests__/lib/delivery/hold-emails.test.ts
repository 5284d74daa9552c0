/**
 * The hold and reservation emails as their readers see them: each kind with its lot, buyer, time in the site's zone
 * (the zone named), amount in dollars and the way to act on it, in the plain text and in the HTML alike; what a broker
 * or a buyer typed escaped; and the words true for whoever reads them.
 */
import { claimEmail } from '@/lib/delivery/hold-emails';
import type { ClaimNoticeKind, ClaimPerson, LotClaim, NoticeClaim } from '@/lib/holds/types';
import { sampleClaim } from '../../support/claims';

const ESTATE = '5f0c6a8e-1b2d-4c3e-8f9a-0b1c2d3e4f50';
const REGISTRATION = 'c0ffee00-0000-4000-8000-000000000002';
const options = { timeZone: 'America/New_York', siteUrl: new URL('https://aldercrest.example') };
const marcus: ClaimPerson = { id: 'broker-1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' };
const ava: ClaimPerson = { id: 'member-1', name: 'Ava Laurent', email: 'ava@aldercrest.example', brokerage: null };
const deposit = { amount: 937_500, dueOn: '2027-03-10', receivedOn: null, method: 'Wire transfer', note: null };

/** Marcus's hold on Lot 2 for his client Eleanor Whitfield, placed on March 1 and ending on March 4 at 10:00 UTC. */
const brokersClaim = (changes: Partial<LotClaim> = {}): LotClaim => sampleClaim({ estateId: ESTATE, registrationId: REGISTRATION, placedBy: marcus, broker: marcus, ...changes });

/** Ava's hold on the same lot for a lead of the team's. */
const membersClaim = (changes: Partial<LotClaim> = {}) => brokersClaim({ placedBy: ava, broker: null, registrationId: null, leadId: 'lead-1', ...changes });

const toHolder = (claim: LotClaim): NoticeClaim => ({ claim, recipient: 'holder', to: { name: claim.placedBy!.name, email: claim.placedBy!.email }, step: null, live: true });
const toTeam = (claim: LotClaim): NoticeClaim => ({ claim, recipient: 'team', to: null, step: null, live: true });
const toBroker = (claim: LotClaim, step: NoticeClaim['step']): NoticeClaim => ({ claim, recipient: 'broker', to: { name: marcus.name, email: marcus.email }, step, live: true });

/** The words of an HTML body as a reader sees them, with the addresses of its links. */
function readable(html: string): string {
  return html
    .replace(/<title>.*<\/title>/, '')
    .replace(/<a href="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** Both parts, as the reader of each sees them. */
function bodiesOf(kind: ClaimNoticeKind, notice: NoticeClaim, at = options) {
  const email = claimEmail(kind, notice, at);
  return { ...email, bodies: [email.text, readable(email.html)] };
}

describe('the hold reminder, to its holder a day before it ends', () => {
  test('to the broker: which lot, for whom, when it ends in the site’s zone, that the team can extend it once, and the portal', () => {
    const { subject, text, bodies } = bodiesOf('hold_reminder', toHolder(brokersClaim()));
    expect(subject).toBe('Your hold on Lot 2 ends in 24 hours');
    expect(text.split('\n')[0]).toBe('Dear Marcus Hale,');
    for (const body of bodies) {
      expect(body).toContain('The hold on Lot 2 for Eleanor Whitfield ends on Thursday, March 4, 2027 at 5:00 AM EST.');
      expect(body).toContain('our sales team can extend the hold once');
      expect(body).toContain(`https://aldercrest.example/portal#lot-${ESTATE}`);
      expect(body).toContain('With warm regards,');
    }
    expect(text).toContain('Client: Eleanor Whitfield\nHold ends: Thursday, March 4, 2027 at 5:00 AM EST\n');
    expect(text).toContain(`Open the broker portal: https://aldercrest.example/portal#lot-${ESTATE}`);
  });

  test('the time is the site zone’s, daylight or standard as it stands then, and the zone named', () => {
    const summer = brokersClaim({ expiresAt: '2027-07-15T02:30:00.000Z' });
    expect(bodiesOf('hold_reminder', toHolder(summer)).text).toContain('ends on Wednesday, July 14, 2027 at 10:30 PM EDT.');
    const west = bodiesOf('hold_reminder', toHolder(summer), { ...options, timeZone: 'America/Los_Angeles' });
    expect(west.text).toContain('ends on Wednesday, July 14, 2027 at 7:30 PM PDT.');
    // Kept on one line with its zone on a narrow screen.
    expect(west.html).toContain('7:30&nbsp;PM&nbsp;PDT');
  });

  test('to a member of the team who held it for a lead: the lot’s page in the back office; once extended, no second extension offered', () => {
    const { text, bodies } = bodiesOf('hold_reminder', toHolder(membersClaim()));
    expect(text.split('\n')[0]).toBe('Dear Ava Laurent,');
    for (const body of bodies) {
      expect(body).toContain('You may extend it once');
      expect(body).toContain(`https://aldercrest.example/admin/estates/${ESTATE}#claim`);
      expect(body).not.toContain('/portal');
    }
    expect(text).toContain('Buyer: Eleanor Whitfield');
    expect(text).not.toContain('With warm regards');
    expect(text.split('\n--\n')[1]).toBe('You receive this message because you placed this hold in the Aldercrest Estates back office.\n');

    const extended = bodiesOf('hold_reminder', toHolder(membersClaim({ extendedAt: '2027-03-02T10:00:00.000Z', extendReason: 'Second visit' })));
    for (const body of extended.bodies) {
      expect(body).toContain('This hold has already been extended once.');
      expect(body).not.toContain('extend it once');
    }
    expect(bodiesOf('hold_reminder', toHolder(brokersClaim({ extendedAt: '2027-03-02T10:00:00.000Z' }))).text).not.toContain('can extend the hold once');
  });
});

describe('the end of a hold, to its holder and the sales team', () => {
  test('by its time, to the team: the lot, the buyer, the broker and when, and the lot’s page', () => {
    const { subject, text, bodies } = bodiesOf('hold_ended', toTeam(brokersClaim({ state: 'expired' })));
    expect(subject).toBe('The hold on Lot 2 has ended');
    expect(text.split('\n')[0]).toBe('A hold has ended');
    for (const body of bodies) {
      expect(body).toContain('The hold on Lot 2 for Eleanor Whitfield ended at its time, Thursday, March 4, 2027 at 5:00 AM EST, and the lot is available again.');
      expect(body).toContain(`https://aldercrest.example/admin/estates/${ESTATE}#claim`);
    }
    expect(text).toContain('Lot: Lot 2\nBuyer: Eleanor Whitfield\nBroker: Marcus Hale, Hale Realty\nEnded: Thursday, March 4, 2027 at 5:00 AM EST\n');
    expect(text).toContain(`Open the lot: https://aldercrest.example/admin/estates/${ESTATE}#claim`);
    expect(text.split('\n--\n')[1]).toBe('Sent by the Aldercrest Estates website to the sales team when a hold ends or a deposit is overdue.\n');
  });

  test('released, to the broker who held it: when it was released, and the way back to the portal to hold it again', () => {
    const released = brokersClaim({ state: 'released', endedAt: '2027-03-02T15:42:00.000Z' });
    const { text, bodies } = bodiesOf('hold_ended', toHolder(released));
    for (const body of bodies) {
      expect(body).toContain('The hold on Lot 2 for Eleanor Whitfield was released on Tuesday, March 2, 2027 at 10:42 AM EST, and the lot is available again.');
      expect(body).toContain('you may place a new hold from the broker portal');
      expect(body).toContain(`https://aldercrest.example/portal#lot-${ESTATE}`);
    }
    expect(text).toContain('Released: Tuesday, March 2, 2027 at 10:42 AM EST');
    expect(text).not.toContain('ended at its time');
  });

  test('a hold the team placed for a lead: the team is told who held it', () => {
    const { text } = bodiesOf('hold_ended', toTeam(membersClaim({ state: 'expired' })));
    expect(text).toContain('Buyer: Eleanor Whitfield\nHeld by: Ava Laurent\n');
    expect(text).not.toContain('Broker:');
  });
});

describe('each step of a reservation, to the broker of the client', () => {
  const reserved = brokersClaim({ stage: 'reserved', reservedAt: '2027-03-05T15:00:00.000Z', deposit });

  test('reserved: the deposit in dollars and the day it is due, and the client’s registration in the portal', () => {
    const { subject, text, bodies } = bodiesOf('reservation_step', toBroker(reserved, 'reserved'));
    expect(subject).toBe('Lot 2 is reserved for your client');
    for (const body of bodies) {
      expect(body).toContain('We are pleased to confirm that Lot 2 is reserved for Eleanor Whitfield.');
      expect(body).toContain('$937,500');
      expect(body).toContain('Mar 10, 2027');
      expect(body).toContain(`https://aldercrest.example/portal/registrations/${REGISTRATION}#holds`);
    }
    expect(text).toContain('Deposit: $937,500\nDue on: Mar 10, 2027\n');
    expect(text.split('\n--\n')[1]).toBe('You receive this message as the broker of this client in the Aldercrest Estates broker portal.\n');
  });

  test('cents are written only when there are some; a deposit received says when', () => {
    const withCents = brokersClaim({ stage: 'reserved', deposit: { ...deposit, amount: 1_250_000.5, receivedOn: '2027-03-08' } });
    const { text } = bodiesOf('reservation_step', toBroker(withCents, 'reserved'));
    expect(text).toContain('Deposit: $1,250,000.50\nDue on: Mar 10, 2027\nReceived on: Mar 8, 2027\n');
  });

  test('under contract, sold and cancelled: each says its step; the cancellation gives its reason and no deposit', () => {
    const cancelled = { ...reserved, state: 'cancelled', cancelReason: 'Financing fell through' } satisfies LotClaim;
    const steps = [
      ['under_contract', { ...reserved, stage: 'under_contract' }, 'Lot 2 is under contract', 'Lot 2, reserved for Eleanor Whitfield, is now under contract.'],
      ['sold', { ...reserved, stage: 'sold' }, 'Lot 2 is sold', 'Lot 2 is sold to Eleanor Whitfield.'],
      ['cancelled', cancelled, 'The reservation of Lot 2 is cancelled', 'The reservation of Lot 2 for Eleanor Whitfield is cancelled, and the lot is available again.'],
    ] satisfies [NoticeClaim['step'], LotClaim, string, string][];
    for (const [step, claim, subject, sentence] of steps) {
      const email = bodiesOf('reservation_step', toBroker(claim, step));
      expect(email.subject).toBe(subject);
      for (const body of email.bodies) expect(body).toContain(sentence);
      expect(email.text).not.toContain('Deposit:');
    }
    expect(bodiesOf('reservation_step', toBroker(cancelled, 'cancelled')).text).toContain('Reason given: Financing fell through\n');
  });
});

describe('an unpaid deposit, to the sales team once', () => {
  test('the lot, the buyer and broker, the amount and the day it was due, and the lot’s page', () => {
    const overdue = brokersClaim({ stage: 'reserved', deposit, depositOverdue: true });
    const { subject, text, bodies } = bodiesOf('deposit_overdue', toTeam(overdue));
    expect(subject).toBe('Deposit overdue: Lot 2');
    expect(text.split('\n')[0]).toBe('A deposit is overdue');
    for (const body of bodies) {
      expect(body).toContain('The deposit for Lot 2, reserved for Eleanor Whitfield, was due on Mar 10, 2027 and has not been recorded as received.');
      expect(body).toContain(`https://aldercrest.example/admin/estates/${ESTATE}#claim`);
    }
    expect(text).toContain('Lot: Lot 2\nBuyer: Eleanor Whitfield\nBroker: Marcus Hale, Hale Realty\nDeposit: $937,500\nDue on: Mar 10, 2027\n');
  });
});

describe('what others typed, and what is no longer known', () => {
  test('a buyer named <script> and a reason with "&<> are words in the text and escaped in the HTML', () => {
    const hostile = brokersClaim({ stage: 'reserved', state: 'cancelled', deposit, buyer: { name: '<script>alert(1)</script>', email: 'x@example.com' }, cancelReason: 'Said "no" & left <b>' });
    const email = claimEmail('reservation_step', toBroker(hostile, 'cancelled'), options);
    expect(email.text).toContain('Client: <script>alert(1)</script>\n');
    expect(email.text).toContain('Reason given: Said "no" & left <b>\n');
    expect(email.html).not.toMatch(/<script|<b>|"no"/);
    expect(email.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(email.html).toContain('Said &#34;no&#34; &#38; left &#60;b&#62;');
    expect(readable(email.html)).toContain('The reservation of Lot 2 for <script>alert(1)</script> is cancelled');

    const named = claimEmail('hold_reminder', { ...toHolder(brokersClaim()), to: { name: 'Marcus <Hale>', email: marcus.email } }, options);
    expect(named.text.split('\n')[0]).toBe('Good day,');
    expect(named.html).not.toContain('<Hale>');
  });

  test('a buyer erased on request: “your client” to the broker, said so to the team', () => {
    const erased = brokersClaim({ state: 'expired', buyer: null });
    expect(claimEmail('hold_ended', toHolder(erased), options).text).toContain('The hold on Lot 2 for your client ended at its time');
    const team = claimEmail('hold_ended', toTeam(erased), options).text;
    expect(team).toContain('The hold on Lot 2 for a buyer whose details were erased ended at its time');
    expect(team).toContain('Buyer: Details erased on request\n');
  });
});

test.each([
  ['hold_reminder', 'broker', toHolder(brokersClaim())],
  ['hold_reminder', 'member who held it', toHolder(membersClaim())],
  ['hold_ended', 'broker', toHolder(brokersClaim({ state: 'expired' }))],
  ['hold_ended', 'team', toTeam(membersClaim({ state: 'released', endedAt: '2027-03-02T15:42:00.000Z' }))],
  ['reservation_step', 'broker', toBroker(brokersClaim({ stage: 'reserved', deposit }), 'reserved')],
  ['deposit_overdue', 'team', toTeam(brokersClaim({ stage: 'reserved', deposit }))],
] satisfies [ClaimNoticeKind, string, NoticeClaim][])('%s to the %s: a plain text that reads on its own, its footer in both parts, one link', (kind, _reader, notice) => {
  const { text, html } = claimEmail(kind, notice, options);
  expect(text).not.toMatch(/button|\bpress\b|click/i);
  const footer = text.split('\n--\n')[1]!.trim();
  expect(footer.length).toBeGreaterThan(20);
  expect(html).toContain(footer);
  expect(html.match(/<a href=/g)).toHaveLength(1);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
});
