import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailAddress } from '@/lib/config/server';
import type { MessageBody } from './emails';
import { DeliveryFailure } from './failure';

export interface OutgoingMessage extends MessageBody {
  from: MailAddress;
  to: readonly (string | MailAddress)[];
  replyTo?: MailAddress;
  /** Stable for a notice, so that a receiver can tell a redelivery from a new message. */
  messageId: string;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

// Line breaks (and anything else a header could be split or forged with) never reach a header.
const UNSAFE_IN_HEADER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** Refuses, before anything is sent, a message whose headers would carry a control character. */
export function checkHeaders(message: OutgoingMessage): void {
  const addresses = [message.from, ...message.to, ...(message.replyTo ? [message.replyTo] : [])];
  const values = [message.subject, message.messageId, ...addresses.flatMap((entry) => (typeof entry === 'string' ? [entry] : [entry.name, entry.address]))];
  if (values.some((value) => UNSAFE_IN_HEADER.test(value))) throw new DeliveryFailure('invalid_header', true);
}

/** SMTP through nodemailer, to the relay SMTP_URL names (smtps:// for implicit TLS). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  let transport: Transporter | undefined;
  return {
    async send(message) {
      checkHeaders(message);
      transport ??= nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
        // A message is built from our own text: nothing in it may make nodemailer read a file or fetch a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      try {
        await transport.sendMail({
          from: message.from,
          to: [...message.to],
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          // An invitation as nodemailer sends calendar events: a text/calendar part with its METHOD among the
          // alternatives (what Gmail, Outlook and Apple Mail act on) and the same file as invite.ics.
          ...(message.calendar ? { icalEvent: { method: message.calendar.method, filename: 'invite.ics', content: message.calendar.content } } : {}),
        });
      } catch (error) {
        throw classify(error);
      }
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}

/** A relay's 5xx answer is final; anything else (a connection, a timeout, a 4xx) may pass. */
function classify(error: unknown): DeliveryFailure {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (typeof responseCode === 'number' && responseCode >= 500) return new DeliveryFailure(`smtp_${responseCode}`, true, { cause: error });
  if (typeof responseCode === 'number') return new DeliveryFailure(`smtp_${responseCode}`, false, { cause: error });
  const category = code === 'ETIMEDOUT' ? 'timeout' : code === 'EAUTH' ? 'auth' : code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS' ? 'connection' : 'smtp';
  return new DeliveryFailure(category, false, { cause: error });
}
