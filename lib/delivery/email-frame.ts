// What every email of the site is drawn with: the one-column frame, its palette and type, and the parts set inside it.
import { emails } from '@/lib/copy/emails';
import type { InvitationMethod } from '@/lib/tours/invitation';

/** What a message says, in plain text and in HTML; its envelope is the mailer's. */
export interface MessageBody {
  subject: string;
  text: string;
  html: string;
  /** A calendar invitation (RFC 5545 text), sent as nodemailer's icalEvent: a text/calendar alternative and an invite.ics. */
  calendar?: { method: InvitationMethod; content: string };
}

// The palette of styles/_tokens.scss, written out because mail clients take inline styles only.
export const palette = { ink: '#0e1113', ivory: '#f7f3ec', stone: '#ece5d8', bronze: '#7d6235', text: '#1c1f22', muted: '#565049', rule: '#d9cdb8' };
export const serif = "Georgia, 'Times New Roman', serif";
export const sans = "'Helvetica Neue', Helvetica, Arial, sans-serif";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Paragraphs of escaped text, line breaks kept. */
export function htmlText(text: string): string {
  return escapeHtml(text).replace(/\n/g, '<br>');
}

/** One column, at most 600 px wide, readable on a phone: the frame every message of the site shares. */
export function frame(title: string, inner: string, footer: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${palette.stone};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${palette.stone};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${palette.ivory};border:1px solid ${palette.rule};">
<tr><td style="background:${palette.ink};padding:20px 28px;font-family:${serif};font-size:15px;letter-spacing:4px;color:${palette.ivory};">${escapeHtml(emails.wordmark)}</td></tr>
<tr><td style="padding:28px;font-family:${sans};font-size:16px;line-height:1.6;color:${palette.text};">
${inner}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${palette.rule};font-family:${sans};font-size:12px;line-height:1.5;color:${palette.muted};">${htmlText(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The heading a message to the sales team opens with. */
export function headingHtml(text: string, spaceBelow: 16 | 24): string {
  return `<h1 style="margin:0 0 ${spaceBelow}px;font-family:${serif};font-weight:normal;font-size:26px;line-height:1.2;color:${palette.ink};">${escapeHtml(text)}</h1>`;
}

/** The greeting a message to one person opens with. */
export function greetingHtml(greeting: string): string {
  return `<p style="margin:0 0 20px;font-family:${serif};font-size:22px;line-height:1.3;color:${palette.ink};">${escapeHtml(greeting)}</p>`;
}

/** The sales team's signature, a line each. */
export function signOffHtml(lines: readonly string[]): string {
  return `<p style="margin:24px 0 0;">${lines.map(escapeHtml).join('<br>')}</p>`;
}

/** A fact's label: small capitals above its value. */
export function factLabel(label: string): string {
  return `<p style="margin:0 0 4px;font-size:12px;font-weight:600;letter-spacing:1.5px;text-transform:uppercase;color:${palette.muted};">${escapeHtml(label)}</p>`;
}

/** A label above its value, the way the team's emails set out facts. */
export function fact(label: string, valueHtml: string): string {
  return factLabel(label) + `<p style="margin:0 0 18px;font-size:16px;word-break:break-word;">${valueHtml}</p>`;
}

/** A button as mail clients draw it: a link with a ground of its own. */
export function button(label: string, url: string): string {
  return `<p style="margin:8px 0 20px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 26px;background:${palette.ink};color:${palette.ivory};text-decoration:none;font-size:13px;letter-spacing:2px;text-transform:uppercase;">${escapeHtml(label)}</a></p>`;
}

/**
 * A name good enough to greet someone with: a name that carries a link or an
 * address (the forms' way into a stranger's inbox) is left out of the receipt.
 */
export function greetingName(name: string): string | null {
  return /https?:|www\.|@|\.[a-z]{2,}\b|[<>]/i.test(name) ? null : name;
}

/** A moment as the emails tell it: its day and time in the site's zone, the zone named ("… at 5:00 AM EST"). */
export function formatInstant(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** Escaped HTML with each time kept on one line with its AM or PM and its zone ("5:00 AM EST"), on a narrow screen too. */
export function wholeTimes(html: string): string {
  return html.replace(/(\d:\d\d) (AM|PM) (?=\S)/g, '$1&nbsp;$2&nbsp;');
}
