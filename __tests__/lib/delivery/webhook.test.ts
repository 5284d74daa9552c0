import { slackText, webhookPayload } from '@/lib/delivery/webhook';
import type { StoredLead } from '@/lib/leads/types';

const lead = {
  id: '6f1c2d0e-8a3b-4c5d-9e7f-0a1b2c3d4e5f',
  created_at: '2026-11-21T10:00:00.000Z',
  full_name: 'Eleanor *Whitfield*',
  email: 'eleanor@example.com',
  phone: '+1 555 0100',
  message: 'A tour <soon> & details,\nplease: `now` ~maybe~ _quietly_.',
} as StoredLead;

test('the JSON payload carries the form, the lead id, when it arrived and the fields, nothing internal', () => {
  expect(JSON.parse(webhookPayload('inquiry', lead, 'json'))).toEqual({
    event: 'lead.received',
    form: 'inquiry',
    lead_id: lead.id,
    received_at: '2026-11-21T10:00:00.000Z',
    lead: { full_name: 'Eleanor *Whitfield*', email: 'eleanor@example.com', phone: '+1 555 0100', message: lead.message },
  });
});

test("the Slack message escapes Slack's markup and formatting characters, so a visitor cannot format or link it", () => {
  const { text } = JSON.parse(webhookPayload('inquiry', lead, 'slack')) as { text: string };
  expect(text).toBe(
    '*New prospect inquiry* from Eleanor \u2217Whitfield\u2217\n' +
      'email: eleanor@example.com\n' +
      'phone: +1 555 0100\n' +
      '> A tour &lt;soon&gt; &amp; details,\n> please: \u02CBnow\u02CB \u223Cmaybe\u223C \uFF3Fquietly\uFF3F.',
  );
  expect(slackText('<!channel> <https://evil.example|click>')).toBe('&lt;!channel&gt; &lt;https://evil.example|click&gt;');
});

test('a single-line field loses line and paragraph separators in a Slack message', () => {
  const { text } = JSON.parse(webhookPayload('inquiry', { ...lead, full_name: 'Eleanor\u2028*Injected* line\u2029x', message: null } as StoredLead, 'slack')) as {
    text: string;
  };
  expect(text.split('\n')[0]).toBe('*New prospect inquiry* from Eleanor \u2217Injected\u2217 line x');
});
