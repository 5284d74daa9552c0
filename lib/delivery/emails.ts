import 'server-only';
import { broker, inquiry } from '@/lib/copy/site';
import { emails, type LinkWord } from '@/lib/copy/emails';
import { LEAD_FORMS, type FieldDefinition, type LeadFormName } from '@/lib/leads/forms';
import { formatWait } from '@/lib/leads/overdue';
import type { NoticeAssignment, NoticeOverdue, NoticeRegistration } from '@/lib/delivery/types';
import type { StoredLead } from '@/lib/leads/types';
import { tourGuest, tourInvitation, type InvitationMethod, type InvitationOptions } from '@/lib/tours/invitation';
import type { TourNotice, TourNoticeKind } from '@/lib/tours/types';
import { button, escapeHtml, fact, factLabel, formatInstant, frame, greetingHtml, greetingName, headingHtml, htmlText, palette, serif, signOffHtml, type MessageBody } from './email-frame';

export type { MessageBody } from './email-frame';

const LABELS: Record<LeadFormName, Record<string, string>> = { inquiry: inquiry.form.labels, broker: broker.form.labels };

/** To the sales team: every field the visitor filled, when it arrived, and the way to the lead in the inbox. */
export function teamEmail(form: LeadFormName, lead: StoredLead, { timeZone, inboxUrl }: { timeZone: string; inboxUrl: string }): MessageBody {
  const values = lead as unknown as Record<string, string | null>;
  const fields: readonly FieldDefinition[] = LEAD_FORMS[form].fields;
  const filled = fields.filter((field) => values[field.name]).map((field) => ({ field, label: LABELS[form][field.name]!, value: values[field.name]! }));
  const copy = emails.team;
  const subject = form === 'broker' ? copy.broker.subject(values.full_name!, values.brokerage!) : copy.inquiry.subject(values.full_name!);
  const heading = copy[form].heading;
  const received = formatInstant(lead.created_at, timeZone);
  const source = describeSource(values);

  const text = [
    heading,
    '',
    ...filled.map(({ field, label, value }) => (field.type === 'textarea' ? `${label}:\n${value}` : `${label}: ${value}`)),
    `${copy.received}: ${received}`,
    ...(source ? [`${copy.source}: ${source}`] : []),
    '',
    `${copy.open}: ${inboxUrl}`,
    copy.replyHint,
    '',
    '--',
    copy.footer,
    '',
  ].join('\n');

  // Each label above its value: read on a phone, a long message keeps the whole width.
  const entries = filled
    .map(({ field, label, value }) =>
      fact(label, field.type === 'email' ? `<a href="mailto:${escapeHtml(value)}" style="color:${palette.bronze};">${escapeHtml(value)}</a>` : htmlText(value)),
    )
    .join('\n');
  const html = frame(
    subject,
    `${headingHtml(heading, 24)}
${entries}
${fact(copy.received, escapeHtml(received))}
${source ? fact(copy.source, escapeHtml(source)) : ''}
<p style="margin:12px 0 8px;"><a href="${escapeHtml(inboxUrl)}" style="display:inline-block;padding:12px 22px;background:${palette.ink};color:${palette.ivory};text-decoration:none;font-size:13px;letter-spacing:2px;text-transform:uppercase;">${escapeHtml(copy.open)}</a></p>
<p style="margin:16px 0 0;font-size:14px;color:${palette.muted};">${escapeHtml(copy.replyHint)}</p>`,
    copy.footer,
  );
  return { subject, text, html };
}

/** Where the visit came from, in a few words: `newsletter / email (autumn-open-house)`, or the referring site. */
function describeSource(values: Record<string, string | null>): string | null {
  if (values.utm_source) {
    return `${values.utm_source}${values.utm_medium ? ` / ${values.utm_medium}` : ''}${values.utm_campaign ? ` (${values.utm_campaign})` : ''}`;
  }
  return values.referrer ?? null;
}

/**
 * To the person who wrote: a receipt of their form, or the team's decision on
 * a broker request, in the brand's voice, with nothing they typed but their name.
 * An approval carries the invitation that signs the broker in to the portal; with `tourUrl` (the person's own
 * /tour/<token> link), a receipt offers its way to choose a time for a private tour.
 */
export function receiptEmail(
  about: LeadFormName | 'broker_approved' | 'broker_declined',
  fullName: string,
  invitationUrl?: string,
  tourUrl?: string,
): MessageBody {
  const copy = emails.receipt;
  const { subject, footer } = copy[about];
  const action = about === 'broker_approved' && invitationUrl ? { label: copy.broker_approved.action, url: invitationUrl } : null;
  const greeting = copy.greeting(greetingName(fullName));
  const paragraphsOf = (link: LinkWord): readonly string[] => (about === 'broker_approved' ? copy.broker_approved.body(link) : copy[about].body);
  const text = [
    greeting,
    '',
    ...paragraphsOf('link').flatMap((paragraph, index) => [paragraph, '', ...(action && index === 1 ? [`${action.label}: ${action.url}`, ''] : [])]),
    ...(tourUrl ? [`${emails.tour.tourLink}: ${tourUrl}`, ''] : []),
    ...copy.signOff,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  const paragraph = (content: string) => `<p style="margin:0 0 16px;">${escapeHtml(content)}</p>`;
  const html = frame(
    subject,
    `${greetingHtml(greeting)}
${paragraphsOf('button').map((content, index) => paragraph(content) + (action && index === 1 ? button(action.label, action.url) : '')).join('\n')}${tourUrl ? `\n${button(emails.tour.tourLink, tourUrl)}` : ''}
${signOffHtml(copy.signOff)}`,
    footer,
  );
  return { subject, text, html };
}

/** A sign-in code and its link, for whoever asked with this address: the code large, the link a button. */
export function signInEmail(name: string, code: string, url: string): MessageBody {
  const copy = emails.signIn;
  const greeting = emails.receipt.greeting(greetingName(name));
  const text = [greeting, '', copy.intro, '', `${copy.codeLabel}: ${code}`, '', copy.linkIntro.link, url, '', copy.validity('link'), '', '--', copy.footer, ''].join('\n');
  const html = frame(
    copy.subject,
    `${greetingHtml(greeting)}
<p style="margin:0 0 16px;">${escapeHtml(copy.intro)}</p>
${factLabel(copy.codeLabel)}
<p style="margin:0 0 24px;font-family:${serif};font-size:40px;letter-spacing:10px;color:${palette.ink};">${escapeHtml(code)}</p>
<p style="margin:0 0 8px;">${escapeHtml(copy.linkIntro.button)}</p>
${button(copy.action, url)}
<p style="margin:0;font-size:14px;color:${palette.muted};">${escapeHtml(copy.validity('button'))}</p>`,
    copy.footer,
  );
  return { subject: copy.subject, text, html };
}

/** An invitation to the sales team: a link that signs them in once, within 7 days. */
export function invitationEmail(name: string, url: string): MessageBody {
  const copy = emails.invitation;
  const greeting = emails.receipt.greeting(greetingName(name));
  const text = [greeting, '', ...copy.body('link').flatMap((paragraph) => [paragraph, '']), `${copy.action}: ${url}`, '', ...emails.receipt.signOff, '', '--', copy.footer, ''].join('\n');
  const html = frame(
    copy.subject,
    `${greetingHtml(greeting)}
${copy.body('button').map((paragraph) => `<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`).join('\n')}
${button(copy.action, url)}
${signOffHtml(emails.receipt.signOff)}`,
    copy.footer,
  );
  return { subject: copy.subject, text, html };
}

/** To a broker: the team's decision on their client registration, with its expiry or the reason it was declined. */
export function registrationEmail(about: NoticeRegistration, timeZone: string): MessageBody {
  const copy = emails.registrationDecided;
  const greeting = emails.receipt.greeting(greetingName(about.name));
  const until = about.expiresAt ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(about.expiresAt) : '';
  const paragraphs = about.status === 'registered' ? copy.registered(about.buyer, until) : copy.declined(about.buyer);
  const reason = about.status === 'declined' && about.reason ? about.reason : null;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(reason ? [`${copy.reason}:`, reason, ''] : []),
    ...emails.receipt.signOff,
    '',
    '--',
    copy.footer,
    '',
  ].join('\n');
  const html = frame(
    copy.subject,
    `${greetingHtml(greeting)}
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`).join('\n')}
${reason ? `${factLabel(copy.reason)}\n<p style="margin:0 0 16px;">${htmlText(reason)}</p>` : ''}
${signOffHtml(emails.receipt.signOff)}`,
    copy.footer,
  );
  return { subject: copy.subject, text, html };
}

/** To the sales team, once: a broker request still unanswered, whose it is, how long it has waited by `now`, and the way to it. */
export function overdueEmail(about: NoticeOverdue, { timeZone, inboxUrl, now }: { timeZone: string; inboxUrl: string; now: Date }): MessageBody {
  const copy = emails.overdue;
  const waited = formatWait(now.getTime() - new Date(about.createdAt).getTime());
  const subject = copy.subject(about.fullName, about.brokerage, waited);
  const received = formatInstant(about.createdAt, timeZone);
  const facts: [string, string][] = [
    [copy.broker, about.fullName],
    [copy.brokerage, about.brokerage],
    [copy.received, received],
  ];
  const text = [copy.heading, '', copy.body(waited), '', ...facts.map(([label, value]) => `${label}: ${value}`), '', `${copy.open}: ${inboxUrl}`, '', '--', copy.footer, ''].join('\n');
  const html = frame(
    subject,
    `${headingHtml(copy.heading, 16)}
<p style="margin:0 0 24px;">${escapeHtml(copy.body(waited))}</p>
${facts.map(([label, value]) => fact(label, escapeHtml(value))).join('\n')}
${button(copy.open, inboxUrl)}`,
    copy.footer,
  );
  return { subject, text, html };
}

/** To the member of the team given a lead by someone else: whose lead, who gave it, and the way to it in the inbox. */
export function assignmentEmail(about: NoticeAssignment, { timeZone, inboxUrl }: { timeZone: string; inboxUrl: string }): MessageBody {
  const copy = emails.assigned;
  const subject = about.form === 'broker' ? copy.subject.broker(about.fullName, about.brokerage ?? '') : copy.subject.inquiry(about.fullName);
  const heading = copy.heading[about.form];
  const facts: [string, string][] = [
    [copy.lead, about.fullName],
    ...(about.brokerage ? [[copy.brokerage, about.brokerage] as [string, string]] : []),
    [copy.received, formatInstant(about.createdAt, timeZone)],
    [copy.givenBy, about.givenBy],
  ];
  const text = [heading, '', copy.body(about.givenBy), '', ...facts.map(([label, value]) => `${label}: ${value}`), '', `${copy.open}: ${inboxUrl}`, '', '--', copy.footer, ''].join('\n');
  const html = frame(
    subject,
    `${headingHtml(heading, 16)}
<p style="margin:0 0 24px;">${escapeHtml(copy.body(about.givenBy))}</p>
${facts.map(([label, value]) => fact(label, escapeHtml(value))).join('\n')}
${button(copy.open, inboxUrl)}`,
    copy.footer,
  );
  return { subject, text, html };
}

/** A tour's time in the site's zone, the zone named: its day, its span, and both in a few words for a subject. */
export function formatTourTime(
  startsAt: string,
  endsAt: string,
  timeZone: string,
): { date: string; time: string; brief: string; parts: { from: string; until: string; zone: string } } {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const date = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(start);
  const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  // The zone's name as it stands at the end of the tour (daylight or standard time), in words.
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }).formatToParts(end).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const brief = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(start);
  const parts = { from: clock.format(start), until: clock.format(end), zone };
  return { date, time: `${parts.from} – ${parts.until} ${zone}`, brief, parts };
}

/** The day, then the span, each time and the zone's name kept whole on a narrow screen. */
function tourTimeHtml({ date, parts }: ReturnType<typeof formatTourTime>): string {
  const whole = (text: string) => `<span style="white-space:nowrap;">${escapeHtml(text)}</span>`;
  return `${escapeHtml(date)}<br>${whole(parts.from)} – ${whole(parts.until)} ${whole(parts.zone)}`;
}

/** What a tour email needs besides its notice: the invitation's organiser, place and host name (lib/tours/invitation.ts). */
export type TourEmailOptions = Omit<InvitationOptions, 'inboxUrl'>;

/**
 * The invitation a tour email carries: a cancellation for a cancelled tour, whatever the notice, and for the host
 * replaced (the tour leaves their calendar); else the tour as it is.
 */
export function tourMethod(kind: TourNoticeKind, notice: Pick<TourNotice, 'tour'>): InvitationMethod {
  return kind === 'tour_cancelled' || kind === 'tour_released' || notice.tour.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
}

/** The tour emails a guest is sent: every kind but the one to a host the team replaced. */
export type GuestTourNoticeKind = Exclude<TourNoticeKind, 'tour_released'>;

/**
 * To whoever booked the tour (the buyer, or the broker who booked it for their client): what happened to it, when
 * (in the site's zone, named), where and with whom, the way to move or cancel it while it stands, and its invitation.
 */
export function tourGuestEmail(kind: GuestTourNoticeKind, notice: TourNotice, options: TourEmailOptions): MessageBody {
  const copy = emails.tour;
  const method = tourMethod(kind, notice);
  const guest = tourGuest(notice);
  const { subject, intro: introOf } = copy.guest[kind];
  const intro = introOf(notice.broker ? notice.buyer.name : null);
  const greeting = emails.receipt.greeting(greetingName(guest.name));
  const when = formatTourTime(notice.tour.startsAt, notice.tour.endsAt, notice.timeZone);
  const withWhom = notice.host?.name ?? copy.anyHost;
  // The buyer moves or cancels by their link; a broker (the guest when they booked) in the portal.
  const manage = method !== 'REQUEST'
    ? null
    : notice.broker
      ? notice.portalUrl ? { label: copy.portal, url: notice.portalUrl, hint: () => copy.portalHint } : null
      : notice.manageUrl ? { label: copy.manage, url: notice.manageUrl, hint: copy.manageHint } : null;
  const calendarHint = copy.calendarHint[method === 'CANCEL' ? 'tour_cancelled' : kind];
  const facts: [string, string, string][] = [
    [copy.when, `${when.date}\n${when.time}`, tourTimeHtml(when)],
    [copy.where, options.location, escapeHtml(options.location)],
    [copy.withWhom, withWhom, escapeHtml(withWhom)],
  ];

  const text = [
    greeting,
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value.replace('\n', ', ')}`),
    '',
    ...(manage ? [`${manage.label}: ${manage.url}`, manage.hint('link'), ''] : []),
    calendarHint,
    '',
    ...emails.receipt.signOff,
    '',
    '--',
    copy.guestFooter,
    '',
  ].join('\n');
  const html = frame(
    subject,
    `${greetingHtml(greeting)}
<p style="margin:0 0 24px;">${escapeHtml(intro)}</p>
${facts.map(([label, , valueHtml]) => fact(label, valueHtml)).join('\n')}
${manage ? `${button(manage.label, manage.url)}\n<p style="margin:0 0 16px;font-size:14px;color:${palette.muted};">${escapeHtml(manage.hint('button'))}</p>` : ''}
<p style="margin:0 0 16px;font-size:14px;color:${palette.muted};">${escapeHtml(calendarHint)}</p>
${signOffHtml(emails.receipt.signOff)}`,
    copy.guestFooter,
  );
  return { subject, text, html, calendar: { method, content: tourInvitation(notice, method, options) } };
}

/**
 * To the tour's host, and to the sales team: whose tour it is and how to reach them, who booked it, when and where,
 * its host, and the way to the lead in the inbox (or to the agenda, for a broker's client who never wrote to us); the
 * invitation goes with it, pointing there too. To a host the team replaced (`tour_released`),
 * the same facts with who hosts it now, and the invitation that takes it out of their calendar.
 */
export function tourHostEmail(kind: TourNoticeKind, notice: TourNotice, options: TourEmailOptions & { inboxUrl: string }): MessageBody {
  const copy = emails.tour;
  const method = tourMethod(kind, notice);
  const when = formatTourTime(notice.tour.startsAt, notice.tour.endsAt, notice.timeZone);
  const { subject: subjectOf, heading } = copy.host[kind];
  const subject = subjectOf(notice.buyer.name, when.brief);
  const mailto = (address: string) => `<a href="mailto:${escapeHtml(address)}" style="color:${palette.bronze};">${escapeHtml(address)}</a>`;
  const facts: [string, string, string][] = [
    [copy.buyer, `${notice.buyer.name}\n${notice.buyer.email}`, `${escapeHtml(notice.buyer.name)}<br>${mailto(notice.buyer.email)}`],
    ...(notice.broker
      ? [[copy.bookedBy, `${notice.broker.name}\n${notice.broker.email}`, `${escapeHtml(notice.broker.name)}<br>${mailto(notice.broker.email)}`] as [string, string, string]]
      : []),
    [copy.when, `${when.date}\n${when.time}`, tourTimeHtml(when)],
    [copy.where, options.location, escapeHtml(options.location)],
    kind === 'tour_released'
      ? [copy.hostNowLabel, notice.hostNow?.name ?? copy.noHost, escapeHtml(notice.hostNow?.name ?? copy.noHost)]
      : [copy.hostLabel, notice.host?.name ?? copy.noHost, escapeHtml(notice.host?.name ?? copy.noHost)],
  ];
  const released = kind === 'tour_released' ? copy.released : null;
  const open = notice.tour.leadId ? copy.open : copy.openAgenda;
  const text = [
    heading,
    '',
    ...facts.map(([label, value]) => `${label}: ${value.replace('\n', ', ')}`),
    '',
    ...(released ? [released, ''] : []),
    `${open}: ${options.inboxUrl}`,
    '',
    '--',
    copy.hostFooter,
    '',
  ].join('\n');
  const html = frame(
    subject,
    `${headingHtml(heading, 24)}
${facts.map(([label, , valueHtml]) => fact(label, valueHtml)).join('\n')}
${released ? `<p style="margin:0 0 16px;font-size:14px;color:${palette.muted};">${escapeHtml(released)}</p>\n` : ''}${button(open, options.inboxUrl)}`,
    copy.hostFooter,
  );
  return { subject, text, html, calendar: { method, content: tourInvitation(notice, method, options) } };
}
