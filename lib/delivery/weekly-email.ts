import { emails } from '@/lib/copy/emails';
import { formatUsd } from '@/lib/copy/money';
import { insightFigures } from '@/lib/copy/insight-figures';
import type { Insights } from '@/lib/insights/types';
import { button, escapeHtml, fact, frame, greetingName, headingHtml, type MessageBody } from './email-frame';

/** The last week of a four weeks' figures read as of the Sunday it ends: what the owner reads on Monday morning. */
export function weeklyFiguresEmail(insights: Pick<Insights, 'leads' | 'speed' | 'tours' | 'estate'>, { name, insightsUrl }: { name: string; insightsUrl: string }): MessageBody {
  const copy = emails.weekly;
  const leads = insights.leads.buckets;
  const week = leads.at(-1)!;
  const before = leads.at(-2);
  const weekName = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${week.start}T12:00:00Z`));
  const top = Object.entries(week.bySource).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0];
  const speed = insights.speed.buckets.at(-1);
  const tours = insights.tours.buckets.at(-1);
  const now = insights.estate.now;
  const lots = Object.values(now).reduce((total, standing) => total + standing.lots, 0);
  const facts: [string, string][] = [
    [copy.leads, copy.leadsValue(week.inquiry, week.broker, before ? before.inquiry + before.broker : 0)],
    [copy.source, top ? copy.sourceValue(top[0] === 'direct' ? insightFigures.direct : top[0], top[1]) : copy.noSource],
    [copy.speed, speed && speed.medianHours !== null && speed.p90Hours !== null ? copy.speedValue(speed.medianHours, speed.p90Hours) : copy.noSpeed],
    [copy.tours, copy.toursValue(tours?.booked ?? 0, tours?.cancelled ?? 0)],
    [copy.estate, copy.estateValue(lots, now.sold.lots, now.on_hold.lots + now.reserved.lots, now.available.lots, formatUsd(now.available.listValue))],
  ];
  const subject = copy.subject(weekName);
  const intro = copy.intro(weekName, greetingName(name));
  const text = [copy.heading, '', intro, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', `${copy.open}: ${insightsUrl}`, '', '--', copy.footer, ''].join('\n');
  const html = frame(
    subject,
    `${headingHtml(copy.heading, 16)}
<p style="margin:0 0 24px;">${escapeHtml(intro)}</p>
${facts.map(([label, value]) => fact(label, escapeHtml(value))).join('\n')}
${button(copy.open, insightsUrl)}`,
    copy.footer,
  );
  return { subject, text, html };
}
