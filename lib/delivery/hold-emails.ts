import 'server-only';
import { holdEmails as copy } from '@/lib/copy/hold-emails';
import { emails } from '@/lib/copy/emails';
import { formatDollars } from '@/lib/copy/holds';
import { teamDate } from '@/lib/admin/time';
import type { ClaimNoticeKind, NoticeClaim } from '@/lib/holds/types';
import { button, escapeHtml, fact, formatReceived, frame, palette, serif, type MessageBody } from './emails';

// The emails about holds and reservations: a reminder and the end of a hold to its holder (and the end to the team),
// each step of a reservation to the broker of the client, an overdue deposit to the team. Facts as the other emails set them out.

/** Whether it goes to a broker (to the portal) or to the team (to the lot's page in the back office). */
function toBroker(notice: NoticeClaim): boolean {
  if (notice.recipient === 'broker') return true;
  if (notice.recipient === 'team') return false;
  return notice.claim.broker !== null && notice.claim.placedBy?.id === notice.claim.broker.id;
}

export function claimEmail(kind: ClaimNoticeKind, notice: NoticeClaim, { timeZone, siteUrl }: { timeZone: string; siteUrl: URL }): MessageBody {
  const { claim } = notice;
  const broker = toBroker(notice);
  const buyer = claim.buyer?.name ?? copy.erased;
  const when = (iso: string) => formatReceived(iso, timeZone);
  const facts: [string, string][] = [
    [copy.labels.lot, claim.lot],
    [copy.labels.buyer, buyer],
    ...(!broker && claim.broker ? [[copy.labels.broker, `${claim.broker.name}${claim.broker.brokerage ? `, ${claim.broker.brokerage}` : ''}`] as [string, string]] : []),
  ];
  let subject: string;
  let body: string;
  if (kind === 'hold_reminder') {
    subject = copy.subject.hold_reminder(claim.lot);
    body = copy.body.hold_reminder(claim.lot, buyer, when(claim.expiresAt));
    facts.push([copy.labels.ends, when(claim.expiresAt)]);
  } else if (kind === 'hold_ended') {
    const ended = claim.endedAt ?? claim.expiresAt;
    subject = copy.subject.hold_ended(claim.lot);
    body = (claim.state === 'released' ? copy.body.released : copy.body.expired)(claim.lot, buyer, when(ended));
    facts.push([copy.labels.ended, when(ended)]);
  } else if (kind === 'deposit_overdue') {
    subject = copy.subject.deposit_overdue(claim.lot);
    body = copy.body.deposit_overdue(claim.lot, buyer);
  } else {
    const step = notice.step ?? 'reserved';
    subject = copy.subject.reservation_step[step](claim.lot);
    body = copy.body.reservation_step[step](claim.lot, buyer);
    if (step === 'cancelled' && claim.cancelReason) facts.push([copy.labels.reason, claim.cancelReason]);
  }
  if (claim.deposit && (kind === 'deposit_overdue' || (kind === 'reservation_step' && notice.step === 'reserved'))) {
    facts.push([copy.labels.deposit, formatDollars(claim.deposit.amount)], [copy.labels.due, teamDate(claim.deposit.dueOn)]);
  }
  const link = broker
    ? claim.registrationId && kind === 'reservation_step'
      ? { label: copy.open.registration, url: new URL(`/portal/registrations/${claim.registrationId}#holds`, siteUrl).href }
      : { label: copy.open.portal, url: new URL(`/portal#lot-${claim.estateId}`, siteUrl).href }
    : { label: copy.open.lot, url: new URL(`/admin/estates/${claim.estateId}#claim`, siteUrl).href };
  const footer = broker ? copy.footer.broker : copy.footer.team;
  const signOff = broker ? emails.receipt.signOff : [];
  const text = [subject, '', body, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', `${link.label}: ${link.url}`, '', ...(signOff.length ? [...signOff, ''] : []), '--', footer, ''].join('\n');
  const html = frame(
    subject,
    `<h1 style="margin:0 0 16px;font-family:${serif};font-weight:normal;font-size:26px;line-height:1.2;color:${palette.ink};">${escapeHtml(subject)}</h1>
<p style="margin:0 0 24px;">${escapeHtml(body)}</p>
${facts.map(([label, value]) => fact(label, escapeHtml(value))).join('\n')}
${button(link.label, link.url)}${signOff.length ? `\n<p style="margin:24px 0 0;">${signOff.map(escapeHtml).join('<br>')}</p>` : ''}`,
    footer,
  );
  return { subject, text, html };
}
