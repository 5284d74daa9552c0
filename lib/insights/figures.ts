// Each chart of /admin/insights as the page draws it and the CSV gives it: a title, a sentence that says what it
// shows, its figures as a table, and what its chart is drawn from. Pure: the store's panels in, words and numbers out.
import { insightFigures as copy } from '@/lib/copy/insight-figures';
import { wholeDollars } from '@/lib/copy/money';
import { FUNNEL_STEPS, LOT_STANDINGS, type FigureTable, type Insights, type InsightBucket } from './types';

export type ChartModel =
  | { kind: 'stacked'; labels: string[]; series: { key: string; label: string; values: number[] }[] }
  | { kind: 'lines'; labels: string[]; series: { key: string; label: string; values: (number | null)[] }[]; unit?: string }
  | { kind: 'steps'; steps: { label: string; count: number; share: number | null }[] }
  | { kind: 'week'; cells: { weekday: number; hour: number; count: number }[]; dayLabels: string[] }
  | { kind: 'table' };

export interface Figure {
  id: FigureId;
  title: string;
  summary: string;
  table: FigureTable;
  chart: ChartModel;
}

export const FIGURE_IDS = ['leads', 'sources', 'speed', 'promise', 'funnel', 'funnel-sources', 'tours', 'tour-times', 'brokers', 'estate', 'estate-over'] as const;
export type FigureId = (typeof FIGURE_IDS)[number];
export const isFigureId = (value: unknown): value is FigureId => typeof value === 'string' && (FIGURE_IDS as readonly string[]).includes(value);

const BROKER_SORTS = ['name', 'registrations', 'tours', 'holds', 'reservations', 'lastSignIn'] as const;
export type BrokerSort = (typeof BROKER_SORTS)[number];
export const parseBrokerSort = (value: unknown): BrokerSort => (BROKER_SORTS as readonly unknown[]).includes(value) ? (value as BrokerSort) : 'registrations';

/** A bucket's first day as a chart's label ("8 Feb", "Feb") and a table's ("8 Feb 2027", "February 2027"). */
const BUCKET_LABELS = {
  week: { short: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }), long: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) },
  month: { short: new Intl.DateTimeFormat('en-GB', { month: 'short' }), long: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }) },
} satisfies Record<InsightBucket, Record<'short' | 'long', Intl.DateTimeFormat>>;
const dayOf = (start: string, bucket: InsightBucket, long: boolean) => BUCKET_LABELS[bucket][long ? 'long' : 'short'].format(new Date(`${start}T12:00:00Z`));
const sourceName = (source: string) => (source === 'direct' ? copy.direct : source);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const byCount = <T>(rows: T[], count: (row: T) => number) => rows.reduce<T | null>((best, row) => (best === null || count(row) > count(best) ? row : best), null);

/** Every chart of the page, in its order; the brokers' table sorted as asked. */
export function insightFigureList(insights: Insights, { sort = 'registrations', timeZone }: { sort?: BrokerSort; timeZone: string }): Figure[] {
  const { window } = insights;
  const bucket = window.bucket;
  const labels = window.starts.map((start) => dayOf(start, bucket, false));
  const rowName = (start: string) => dayOf(start, bucket, true);
  const bucketHeader = { header: copy.bucket[bucket] };
  const figures: Figure[] = [];

  // Leads by form, and by source.
  const leads = insights.leads.buckets;
  const totals = leads.map((row) => row.inquiry + row.broker);
  const allLeads = sum(totals);
  const sourceTotals = insights.leads.sources.map((source) => ({ source: sourceName(source), leads: sum(leads.map((row) => row.bySource[source] ?? 0)) }));
  const top = sourceTotals[0] && allLeads > 0 ? { ...sourceTotals[0], share: sourceTotals[0].leads / allLeads } : null;
  figures.push({
    id: 'leads',
    title: copy.leads.heading,
    summary: copy.leads.summary(totals[0] ?? 0, totals.at(-1) ?? 0, bucket, top, allLeads),
    table: {
      columns: [bucketHeader, { header: copy.leads.forms.inquiry, numeric: true }, { header: copy.leads.forms.broker, numeric: true }, { header: copy.leads.all, numeric: true }],
      rows: leads.map((row, index) => [rowName(row.start), row.inquiry, row.broker, totals[index]!]),
    },
    chart: {
      kind: 'stacked',
      labels,
      series: (['inquiry', 'broker'] as const).map((form) => ({ key: form, label: copy.leads.forms[form], values: leads.map((row) => row[form]) })),
    },
  });
  figures.push({
    id: 'sources',
    title: copy.sources.heading,
    summary: copy.sources.summary(top, sourceTotals.length),
    table: {
      columns: [bucketHeader, ...sourceTotals.map(({ source }) => ({ header: source, numeric: true }))],
      rows: leads.map((row) => [rowName(row.start), ...insights.leads.sources.map((source) => row.bySource[source] ?? 0)]),
    },
    chart: {
      kind: 'stacked',
      labels,
      series: insights.leads.sources.map((source) => ({ key: source, label: sourceName(source), values: leads.map((row) => row.bySource[source] ?? 0) })),
    },
  });

  // Speed to lead, and the promise to brokers.
  const speed = insights.speed.buckets;
  const latest = [...speed].reverse().find((row) => row.medianHours !== null && row.p90Hours !== null);
  figures.push({
    id: 'speed',
    title: copy.speed.heading,
    summary: copy.speed.summary(latest ? { day: copy.weekOf(rowName(latest.start)), median: latest.medianHours!, p90: latest.p90Hours! } : null),
    table: {
      columns: [bucketHeader, ...(['arrived', 'answered', 'median', 'p90'] as const).map((key) => ({ header: copy.speed.columns[key], numeric: true }))],
      rows: speed.map((row) => [rowName(row.start), row.arrived, row.answered, row.medianHours ?? '', row.p90Hours ?? '']),
    },
    chart: {
      kind: 'lines',
      labels,
      unit: copy.speed.unit,
      series: [
        { key: 'median', label: copy.speed.series.median, values: speed.map((row) => row.medianHours) },
        { key: 'p90', label: copy.speed.series.p90, values: speed.map((row) => row.p90Hours) },
      ],
    },
  });
  const promise = [...insights.speed.promise].reverse();
  const promised = (key: 'arrived' | 'withinDay' | 'later' | 'waiting') => sum(promise.map((month) => month[key]));
  const monthName = (month: string) => dayOf(`${month}-01`, 'month', true);
  figures.push({
    id: 'promise',
    title: copy.promise.heading,
    summary: copy.promise.summary(promised('arrived'), promised('withinDay'), promised('later'), promised('waiting')),
    table: {
      columns: [
        { header: copy.promise.columns.month },
        ...(['arrived', 'withinDay', 'later', 'waiting'] as const).map((key) => ({ header: copy.promise.columns[key], numeric: true })),
      ],
      rows: promise.map((month) => [monthName(month.month), month.arrived, month.withinDay, month.later, month.waiting]),
    },
    chart: {
      kind: 'stacked',
      labels: promise.map((month) => dayOf(`${month.month}-01`, 'month', false)),
      series: (['withinDay', 'later', 'waiting'] as const).map((key) => ({ key, label: copy.promise.columns[key], values: promise.map((month) => month[key]) })),
    },
  });

  // The way from inquiry to sale, and who tours by source.
  const steps = insights.funnel.steps;
  const shareOf = (index: number) => {
    if (index === 0) return null;
    const before = steps[FUNNEL_STEPS[index - 1]!];
    return before === 0 ? 0 : steps[FUNNEL_STEPS[index]!] / before;
  };
  figures.push({
    id: 'funnel',
    title: copy.funnel.heading,
    summary: copy.funnel.summary(steps.inquiry, steps.toured, steps.sold),
    table: {
      columns: [{ header: copy.funnel.columns.step }, { header: copy.funnel.columns.leads, numeric: true }, { header: copy.funnel.columns.share, numeric: true }],
      rows: FUNNEL_STEPS.map((step, index) => {
        const share = shareOf(index);
        return [copy.funnel.steps[step], steps[step], share === null ? '' : `${Math.round(share * 100)} %`];
      }),
    },
    chart: { kind: 'steps', steps: FUNNEL_STEPS.map((step, index) => ({ label: copy.funnel.steps[step], count: steps[step], share: shareOf(index) })) },
  });
  const bySource = insights.funnel.bySource;
  const best = byCount(
    bySource.filter((row) => row.steps.toured > 0),
    (row) => row.steps.toured / row.steps.inquiry,
  );
  figures.push({
    id: 'funnel-sources',
    title: copy.funnelSources.heading,
    summary: copy.funnelSources.summary(best ? { source: sourceName(best.source), share: best.steps.toured / best.steps.inquiry } : null),
    table: {
      columns: [{ header: copy.funnelSources.source }, ...FUNNEL_STEPS.map((step) => ({ header: copy.funnel.steps[step], numeric: true }))],
      rows: bySource.map((row) => [sourceName(row.source), ...FUNNEL_STEPS.map((step) => row.steps[step])]),
    },
    chart: {
      kind: 'stacked',
      labels: bySource.map((row) => sourceName(row.source)),
      series: [
        { key: 'toured', label: copy.funnelSources.series.toured, values: bySource.map((row) => row.steps.toured) },
        { key: 'booked', label: copy.funnelSources.series.booked, values: bySource.map((row) => row.steps.tour_booked - row.steps.toured) },
        { key: 'none', label: copy.funnelSources.series.none, values: bySource.map((row) => row.steps.inquiry - row.steps.tour_booked) },
      ],
    },
  });

  // Tours, and when in the week buyers come.
  const tours = insights.tours.buckets;
  figures.push({
    id: 'tours',
    title: copy.tours.heading,
    summary: copy.tours.summary(sum(tours.map((row) => row.booked)), sum(tours.map((row) => row.cancelled))),
    table: {
      columns: [bucketHeader, { header: copy.tours.columns.booked, numeric: true }, { header: copy.tours.columns.cancelled, numeric: true }],
      rows: tours.map((row) => [rowName(row.start), row.booked, row.cancelled]),
    },
    chart: {
      kind: 'lines',
      labels,
      series: (['booked', 'cancelled'] as const).map((key) => ({ key, label: copy.tours.columns[key], values: tours.map((row) => row[key]) })),
    },
  });
  const when = insights.tours.when;
  const hours = [...new Set(when.map((cell) => cell.hour))].sort((a, b) => a - b);
  const busiest = byCount(when, (cell) => cell.tours);
  figures.push({
    id: 'tour-times',
    title: copy.tourTimes.heading,
    summary: copy.tourTimes.summary(busiest ? { day: copy.tourTimes.days[busiest.weekday - 1]!, hour: copy.tourTimes.hour(busiest.hour), tours: busiest.tours } : null),
    // An hour a row and a day a column, as the grid draws it: short figures under short names, a table at any width.
    table: {
      columns: [{ header: copy.tourTimes.time }, ...copy.tourTimes.shortDays.map((day) => ({ header: day, numeric: true }))],
      rows: hours.map((hour) => [copy.tourTimes.hour(hour), ...copy.tourTimes.days.map((_, index) => when.find((cell) => cell.weekday === index + 1 && cell.hour === hour)?.tours ?? 0)]),
      compact: true,
    },
    chart: { kind: 'week', cells: when.map((cell) => ({ weekday: cell.weekday, hour: cell.hour, count: cell.tours })), dayLabels: [...copy.tourTimes.shortDays] },
  });

  figures.push(brokersFigure(insights, sort, timeZone));

  // The estate now, and over the period.
  const { now } = insights.estate;
  const lots = sum(LOT_STANDINGS.map((standing) => now[standing].lots));
  figures.push({
    id: 'estate',
    title: copy.estate.heading,
    summary: copy.estate.summary(lots, now.sold.lots, now.available.lots, wholeDollars(now.available.listValue)),
    table: {
      columns: [{ header: copy.estate.columns.standing }, { header: copy.estate.columns.lots, numeric: true }, { header: copy.estate.columns.value, numeric: true }],
      rows: LOT_STANDINGS.map((standing) => [copy.estate.standings[standing], now[standing].lots, wholeDollars(now[standing].listValue)]),
    },
    chart: { kind: 'steps', steps: LOT_STANDINGS.map((standing) => ({ label: copy.estate.standings[standing], count: now[standing].lots, share: null })) },
  });
  const over = insights.estate.buckets;
  figures.push({
    id: 'estate-over',
    title: copy.estateOver.heading,
    summary: copy.estateOver.summary(over[0]?.lots.sold ?? 0, over.at(-1)?.lots.sold ?? 0, bucket),
    table: {
      columns: [bucketHeader, ...LOT_STANDINGS.map((standing) => ({ header: copy.estate.standings[standing], numeric: true }))],
      rows: over.map((row) => [rowName(row.start), ...LOT_STANDINGS.map((standing) => row.lots[standing])]),
    },
    chart: { kind: 'stacked', labels, series: LOT_STANDINGS.map((standing) => ({ key: standing, label: copy.estate.standings[standing], values: over.map((row) => row.lots[standing]) })) },
  });
  return figures;
}

/** Brokers, most first by the column asked for (by name, A to Z), with their last sign-in as a date. */
function brokersFigure(insights: Insights, sort: BrokerSort, timeZone: string): Figure {
  const dateOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const brokers = [...insights.brokers].sort((a, b) => {
    if (sort === 'name') return a.name.localeCompare(b.name, 'en');
    if (sort === 'lastSignIn') return (b.lastSignInAt ?? '').localeCompare(a.lastSignInAt ?? '');
    return b[sort] - a[sort] || a.name.localeCompare(b.name, 'en');
  });
  const leader = byCount(insights.brokers, (broker) => broker.registrations);
  const columns = copy.brokers.columns;
  return {
    id: 'brokers',
    title: copy.brokers.heading,
    summary: copy.brokers.summary(leader && leader.registrations > 0 ? leader : null, brokers.length),
    table: {
      columns: [
        { header: columns.name },
        { header: columns.brokerage },
        ...(['registrations', 'tours', 'holds', 'reservations'] as const).map((key) => ({ header: columns[key], numeric: true })),
        { header: columns.lastSignIn },
      ],
      rows: brokers.map((broker) => [
        broker.name,
        broker.brokerage ?? '',
        broker.registrations,
        broker.tours,
        broker.holds,
        broker.reservations,
        broker.lastSignInAt ? dateOf.format(new Date(broker.lastSignInAt)) : copy.brokers.never,
      ]),
    },
    chart: { kind: 'table' },
  };
}
