import 'server-only';
import { teamDate } from '@/lib/admin/time';
import { emails } from '@/lib/copy/emails';
import { holdEmails as copy, type HoldAudience } from '@/lib/copy/hold-emails';
import { formatUsd } from '@/lib/copy/money';
import type { ClaimNoticeKind, LotClaim, NoticeClaim, ReservationStep } from '@/lib/holds/types';
import { button, escapeHtml, fact, formatInstant, frame, greetingHtml, greetingName, headingHtml, htmlText, signOffHtml, wholeTimes, type MessageBody } from './email-frame';

// The emails about holds and reservations: the reminder and the end of a hold to its holder (the end to the team too),
// each step of a reservation to the broker of the client, an unpaid deposit to the team. Set out as the other emails are.

export interface ClaimEmailOptions {
  /** The site's zone (SITE_TIME_ZONE): every time is told in it, the zone named. */
  timeZone: string;
  siteUrl: URL;
}

/** Who reads it: a holder is the broker when they placed the hold for their client, else the member who placed it. */
export function claimAudience(notice: NoticeClaim): HoldAudience {
  const { recipient, claim } = notice;
  if (recipient === 'holder') return claim.broker && claim.placedBy?.id === claim.broker.id ? 'broker' : 'member';
  return recipient;
}

/** The step a reservation email tells of: as queued, or else as the claim stands. */
function stepOf(notice: NoticeClaim): ReservationStep {
  const { claim } = notice;
  return notice.step ?? (claim.state === 'cancelled' ? 'cancelled' : claim.stage === 'hold' ? 'reserved' : claim.stage);
}

/** Where the reader acts on it: the portal (a client's registration for a reservation), or the lot's page in the back office. */
function linkOf(kind: ClaimNoticeKind, claim: LotClaim, audience: HoldAudience, siteUrl: URL): { label: string; url: string } {
  if (audience !== 'broker') return { label: copy.open.lot, url: new URL(`/admin/estates/${claim.estateId}#claim`, siteUrl).href };
  if (kind === 'reservation_step' && claim.registrationId) return { label: copy.open.registration, url: new URL(`/portal/registrations/${claim.registrationId}#holds`, siteUrl).href };
  return { label: copy.open.portal, url: new URL(`/portal#lot-${claim.estateId}`, siteUrl).href };
}

/** The deposit as facts: its amount and due day, and the day it was received once it was. */
function depositFacts(claim: LotClaim): [string, string][] {
  if (!claim.deposit) return [];
  const { amount, dueOn, receivedOn } = claim.deposit;
  return [[copy.labels.deposit, formatUsd(amount)], [copy.labels.due, teamDate(dueOn)], ...(receivedOn ? [[copy.labels.received, teamDate(receivedOn)] as [string, string]] : [])];
}

/** Who the claim is for, and for the team who it came through: the broker and brokerage, or the member who held it. */
function partyFacts(claim: LotClaim, audience: HoldAudience): [string, string][] {
  const buyer: [string, string] = [audience === 'broker' ? copy.labels.client : copy.labels.buyer, claim.buyer?.name ?? copy.erased.fact];
  if (audience === 'broker') return [buyer];
  const broker = claim.broker ? [[copy.labels.broker, claim.broker.brokerage ? `${claim.broker.name}, ${claim.broker.brokerage}` : claim.broker.name] as [string, string]] : [];
  const heldBy = claim.placedBy && claim.placedBy.id !== claim.broker?.id ? [[copy.labels.placedBy, claim.placedBy.name] as [string, string]] : [];
  return [buyer, ...broker, ...(audience === 'team' ? heldBy : [])];
}

/** What one email says: its subject, how it opens, its paragraphs and facts. */
function contentOf(kind: ClaimNoticeKind, notice: NoticeClaim, audience: HoldAudience, timeZone: string) {
  const { claim } = notice;
  const buyer = claim.buyer?.name ?? copy.erased[audience];
  const lot: [string, string] = [copy.labels.lot, claim.lot];
  const parties = partyFacts(claim, audience);
  if (kind === 'hold_reminder') {
    const ends = formatInstant(claim.expiresAt, timeZone);
    const keep = audience === 'team' ? [] : [(claim.extendedAt ? copy.hold_reminder.keepExtended : copy.hold_reminder.keep)[audience]];
    return { subject: copy.hold_reminder.subject(claim.lot), heading: null, paragraphs: [copy.hold_reminder.ends(claim.lot, buyer, ends), ...keep], facts: [lot, ...parties, [copy.labels.ends, ends]] };
  }
  if (kind === 'hold_ended') {
    const released = claim.state === 'released';
    const ended = formatInstant((released ? claim.endedAt : null) ?? claim.expiresAt, timeZone);
    const paragraphs = [(released ? copy.hold_ended.released : copy.hold_ended.expired)(claim.lot, buyer, ended), ...(audience === 'broker' ? [copy.hold_ended.again] : [])];
    return { subject: copy.hold_ended.subject(claim.lot), heading: copy.hold_ended.heading, paragraphs, facts: [lot, ...parties, [released ? copy.labels.released : copy.labels.ended, ended]] };
  }
  if (kind === 'deposit_overdue') {
    const due = claim.deposit ? teamDate(claim.deposit.dueOn) : '';
    return {
      subject: copy.deposit_overdue.subject(claim.lot),
      heading: copy.deposit_overdue.heading,
      paragraphs: [copy.deposit_overdue.body(claim.lot, buyer, due), copy.deposit_overdue.next],
      facts: [lot, ...parties, ...depositFacts(claim)],
    };
  }
  const step = stepOf(notice);
  const facts: [string, string][] = [lot, ...parties, ...(step === 'reserved' ? depositFacts(claim) : [])];
  if (step === 'cancelled' && claim.cancelReason) facts.push([copy.labels.reason, claim.cancelReason]);
  return { subject: copy.reservation_step.subject[step](claim.lot), heading: null, paragraphs: [copy.reservation_step.body[step](claim.lot, buyer)], facts };
}

/**
 * A claim's email to whoever its notice names. To one person (the broker, or the member who holds the lot) it greets
 * them by name; to the sales team it opens with a heading. Every fact in text and HTML alike, with the way to act on it.
 */
export function claimEmail(kind: ClaimNoticeKind, notice: NoticeClaim, { timeZone, siteUrl }: ClaimEmailOptions): MessageBody {
  const audience = claimAudience(notice);
  const { subject, heading, paragraphs, facts } = contentOf(kind, notice, audience, timeZone);
  const opening = audience === 'team' ? (heading ?? subject) : emails.receipt.greeting(notice.to ? greetingName(notice.to.name) : null);
  const link = linkOf(kind, notice.claim, audience, siteUrl);
  const signOff = audience === 'broker' ? emails.receipt.signOff : [];
  const footer = copy.footer[audience];
  const text = [
    opening,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${link.label}: ${link.url}`,
    '',
    ...(signOff.length ? [...signOff, ''] : []),
    '--',
    footer,
    '',
  ].join('\n');
  const html = frame(
    subject,
    `${audience === 'team' ? headingHtml(opening, 16) : greetingHtml(opening)}
${paragraphs.map((paragraph, index) => `<p style="margin:0 0 ${index === paragraphs.length - 1 ? 24 : 16}px;">${wholeTimes(escapeHtml(paragraph))}</p>`).join('\n')}
${facts.map(([label, value]) => fact(label, wholeTimes(htmlText(value)))).join('\n')}
${button(link.label, link.url)}${signOff.length ? `\n${signOffHtml(signOff)}` : ''}`,
    footer,
  );
  return { subject, text, html };
}
