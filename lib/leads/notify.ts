import 'server-only';
import type { ServerConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import type { LeadFormName, LeadRow } from './forms';

type Webhook = NonNullable<ServerConfig['webhook']>;

export interface LeadNotice<Form extends LeadFormName = LeadFormName> {
  form: Form;
  lead: LeadRow<Form>;
  receivedAt: Date;
}

const TITLES: Record<LeadFormName, string> = { inquiry: 'New prospect inquiry', broker: 'New broker access request' };

/** Slack reads &, < and > as markup in text. */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The JSON a webhook receives: the lead itself, or with `slack`, a message for an incoming webhook. */
export function webhookPayload({ form, lead, receivedAt }: LeadNotice, format: Webhook['format']): string {
  if (format === 'json') return JSON.stringify({ event: 'lead.received', form, received_at: receivedAt.toISOString(), lead });
  const entries = Object.entries(lead).filter(([field, value]) => value && field !== 'full_name' && field !== 'message');
  const lines = [
    `*${TITLES[form]}* from ${slackText(lead.full_name)}`,
    ...entries.map(([field, value]) => `${field.replace(/_/g, ' ')}: ${slackText(String(value))}`),
    ...(lead.message ? [`> ${slackText(lead.message).replace(/\n/g, '\n> ')}`] : []),
  ];
  return JSON.stringify({ text: lines.join('\n') });
}

interface Delivery {
  attempts?: number;
  firstDelayMs?: number;
  timeoutMs?: number;
}

/**
 * Posts the notice, retrying with exponential backoff (0.5 s, 2 s, 8 s by
 * default). It runs after the visitor has been answered and the row stored,
 * so a failure here changes neither: it is logged, without the lead.
 */
export async function notifyWebhook(webhook: Webhook, notice: LeadNotice, { attempts = 4, firstDelayMs = 500, timeoutMs = 5000 }: Delivery = {}): Promise<boolean> {
  const body = webhookPayload(notice, webhook.format);
  let failure = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Aldercrest-Estates-Leads' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) {
        logEvent('lead.webhook', { form: notice.form, outcome: 'delivered', attempts: attempt });
        return true;
      }
      failure = `http_${response.status}`;
    } catch (error) {
      failure = (error as Error).name;
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, firstDelayMs * 4 ** (attempt - 1)));
  }
  logEvent('lead.webhook', { form: notice.form, outcome: 'failed', attempts, reason: failure }, 'error');
  return false;
}
