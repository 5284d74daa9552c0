import 'server-only';
import { Webhook } from 'standardwebhooks';
import type { WebhookConfig } from '@/lib/config/server';
import { LEAD_FORMS, type FieldDefinition, type LeadFormName } from '@/lib/leads/forms';
import type { StoredLead } from '@/lib/leads/types';
import { DeliveryFailure } from './failure';

const TITLES: Record<LeadFormName, string> = { inquiry: 'New prospect inquiry', broker: 'New broker access request' };

/**
 * Slack reads &, < and > as markup, and *, _, ~ and ` as formatting, with no
 * way to escape the last four: they are replaced by characters that look the
 * same and mean nothing to it.
 */
const SLACK_LOOKALIKES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '*': '\u2217', _: '\uFF3F', '~': '\u223C', '`': '\u02CB' };
export const slackText = (text: string) => text.replace(/[&<>*_~`]/g, (character) => SLACK_LOOKALIKES[character]!);

/** A single-line field loses any line or paragraph separator before it reaches a one-line message. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029\u0085]+/g, ' ');

/** The fields of a lead, without its id, time and internal columns, in the form's order. */
function leadFields(form: LeadFormName, lead: StoredLead): Record<string, string | null> {
  const values = lead as unknown as Record<string, string | null>;
  const fields: readonly FieldDefinition[] = LEAD_FORMS[form].fields;
  return Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? null]));
}

/** The body a webhook receives: the lead as JSON, or with `slack`, a message for an incoming webhook. */
export function webhookPayload(form: LeadFormName, lead: StoredLead, format: WebhookConfig['format']): string {
  const fields = leadFields(form, lead);
  if (format === 'json') {
    return JSON.stringify({ event: 'lead.received', form, lead_id: lead.id, received_at: lead.created_at, lead: fields });
  }
  const definitions: readonly FieldDefinition[] = LEAD_FORMS[form].fields;
  const lines = [
    `*${TITLES[form]}* from ${slackText(oneLine(fields.full_name ?? ''))}`,
    ...definitions
      .filter((field) => field.type !== 'textarea' && field.name !== 'full_name' && fields[field.name])
      .map((field) => `${field.name.replace(/_/g, ' ')}: ${slackText(oneLine(fields[field.name]!))}`),
    ...definitions
      .filter((field) => field.type === 'textarea' && fields[field.name])
      .map((field) => `> ${slackText(fields[field.name]!.replace(/[\u2028\u2029]/g, '\n')).replace(/\n/g, '\n> ')}`),
  ];
  return JSON.stringify({ text: lines.join('\n') });
}

/**
 * Posts one notice, signed per Standard Webhooks when a secret is configured:
 * its id is the notice's stable id, so a receiver can tell a redelivery from
 * a new lead. Any answer but 2xx, or none within the timeout, is a failure to retry.
 */
export async function postWebhook(
  webhook: WebhookConfig,
  { id, body, now }: { id: string; body: string; now: Date },
  { timeoutMs = 10_000, fetchImpl = fetch }: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Aldercrest-Estates-Leads' };
  if (webhook.secret) {
    headers['webhook-id'] = id;
    headers['webhook-timestamp'] = String(Math.floor(now.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(webhook.secret).sign(id, now, body);
  }
  let response: Response;
  try {
    response = await fetchImpl(webhook.url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new DeliveryFailure((error as Error).name === 'TimeoutError' ? 'timeout' : 'connection', false, { cause: error });
  }
  await response.body?.cancel();
  if (!response.ok) throw new DeliveryFailure(`http_${response.status}`);
}
