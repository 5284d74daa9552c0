import { insightFigureList, parseBrokerSort } from '@/lib/insights/figures';
import type { Insights } from '@/lib/insights/types';

const ZERO = { inquiry: 0, tour_booked: 0, toured: 0, hold: 0, reserved: 0, under_contract: 0, sold: 0 };
const INSIGHTS: Insights = {
  window: { period: '4w', bucket: 'week', from: '2027-02-08T05:00:00.000Z', to: '2027-03-08T05:00:00.000Z', starts: ['2027-02-08', '2027-02-15', '2027-02-22', '2027-03-01'] },
  leads: {
    sources: ['instagram', 'direct'],
    buckets: [
      { start: '2027-02-08', inquiry: 10, broker: 2, bySource: { instagram: 8, direct: 4 } },
      { start: '2027-02-15', inquiry: 0, broker: 0, bySource: {} },
      { start: '2027-02-22', inquiry: 5, broker: 0, bySource: { instagram: 4, direct: 1 } },
      { start: '2027-03-01', inquiry: 30, broker: 1, bySource: { instagram: 28, direct: 3 } },
    ],
  },
  speed: {
    buckets: [
      { start: '2027-02-08', arrived: 12, answered: 12, medianHours: 3, p90Hours: 20.5 },
      { start: '2027-02-15', arrived: 0, answered: 0, medianHours: null, p90Hours: null },
      { start: '2027-02-22', arrived: 5, answered: 4, medianHours: 2.5, p90Hours: 9 },
      { start: '2027-03-01', arrived: 31, answered: 0, medianHours: null, p90Hours: null },
    ],
    promise: [
      { month: '2027-03', arrived: 1, withinDay: 0, later: 0, waiting: 1 },
      { month: '2027-02', arrived: 2, withinDay: 1, later: 1, waiting: 0 },
    ],
  },
  funnel: {
    steps: { inquiry: 45, tour_booked: 15, toured: 9, hold: 3, reserved: 2, under_contract: 1, sold: 0 },
    bySource: [
      { source: 'instagram', steps: { ...ZERO, inquiry: 40, tour_booked: 10, toured: 6 } },
      { source: 'direct', steps: { ...ZERO, inquiry: 5, tour_booked: 5, toured: 3 } },
    ],
  },
  tours: {
    buckets: [
      { start: '2027-02-08', booked: 3, cancelled: 0 },
      { start: '2027-02-15', booked: 4, cancelled: 1 },
      { start: '2027-02-22', booked: 5, cancelled: 0 },
      { start: '2027-03-01', booked: 3, cancelled: 1 },
    ],
    when: [
      { weekday: 6, hour: 11, tours: 5 },
      { weekday: 2, hour: 14, tours: 2 },
    ],
  },
  brokers: [
    { id: 'b', name: 'Nadia North', brokerage: 'North Realty', registrations: 1, tours: 4, holds: 0, reservations: 0, lastSignInAt: '2027-03-02T03:00:00.000Z' },
    { id: 'a', name: 'Marcus Hale', brokerage: null, registrations: 3, tours: 1, holds: 1, reservations: 1, lastSignInAt: null },
  ],
  estate: {
    now: {
      available: { lots: 40, listValue: 500_000_000 },
      on_hold: { lots: 5, listValue: 60_000_000 },
      reserved: { lots: 3, listValue: 30_000_000 },
      under_contract: { lots: 2, listValue: 20_000_000 },
      sold: { lots: 10, listValue: 90_000_000 },
    },
    buckets: ['2027-02-08', '2027-02-15', '2027-02-22', '2027-03-01'].map((start, index) => ({
      start,
      lots: { available: 44 - index, on_hold: 5, reserved: 3, under_contract: 2, sold: 6 + index },
    })),
  },
};

const figures = insightFigureList(INSIGHTS, { timeZone: 'America/Los_Angeles' });
const figure = (id: string) => figures.find((each) => each.id === id)!;

describe('the team’s figures, as the page draws them and the CSV gives them', () => {
  test('every chart in its order, each with a sentence in words', () => {
    expect(figures.map((each) => each.id)).toEqual(['leads', 'sources', 'speed', 'promise', 'funnel', 'funnel-sources', 'tours', 'tour-times', 'brokers', 'estate', 'estate-over']);
    expect(figure('leads').summary).toBe('Leads rose from 12 to 31 a week; instagram brought 83 %.');
    expect(figure('sources').summary).toBe('2 sources in this period; instagram brought the most, 40 leads (83 %).');
    expect(figure('speed').summary).toBe('In the week of 22 Feb 2027, half the leads were answered within 2.5 hours and nine in ten within 9.');
    expect(figure('promise').summary).toBe('Of 3 broker requests, 1 was answered within 24 hours, 1 later, and 1 waits.');
    expect(figure('funnel').summary).toBe('Of 45 inquiries in this period, 9 toured (20 %) and 0 became sales.');
    expect(figure('funnel-sources').summary).toBe('Of the sources, Direct brings the largest share of buyers who tour: 60 % of its inquiries.');
    expect(figure('tours').summary).toBe('15 tours booked in this period, 2 cancelled.');
    expect(figure('tour-times').summary).toBe('Saturday at 11:00 is the most chosen time, with 5 tours.');
    expect(figure('brokers').summary).toBe('2 brokers with access; Marcus Hale registered the most clients, 3.');
    expect(figure('estate').summary).toBe('10 of 60 lots sold; 40 available, listed at $500,000,000.');
    expect(figure('estate-over').summary).toBe('Lots sold rose from 6 to 9 from the first week to the last.');
  });

  test('a table per chart, what the CSV gives: a row per week, the sources most first, each step’s share of the one before', () => {
    expect(figure('leads').table).toEqual({
      columns: [{ header: 'Week' }, { header: 'Inquiries', numeric: true }, { header: 'Broker requests', numeric: true }, { header: 'All leads', numeric: true }],
      rows: [
        ['8 Feb 2027', 10, 2, 12],
        ['15 Feb 2027', 0, 0, 0],
        ['22 Feb 2027', 5, 0, 5],
        ['1 Mar 2027', 30, 1, 31],
      ],
    });
    expect(figure('sources').table.columns.map((column) => column.header)).toEqual(['Week', 'instagram', 'Direct']);
    expect(figure('funnel').table.rows.slice(0, 3)).toEqual([
      ['Inquiries', 45, ''],
      ['Tours booked', 15, '33 %'],
      ['Toured', 9, '60 %'],
    ]);
    expect(figure('promise').table.rows.map((row) => row[0])).toEqual(['February 2027', 'March 2027']);
    expect(figure('tour-times').table).toEqual({
      columns: [{ header: 'Time' }, ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((header) => ({ header, numeric: true }))],
      rows: [
        ['11:00', 0, 0, 0, 0, 0, 5, 0],
        ['14:00', 0, 2, 0, 0, 0, 0, 0],
      ],
      compact: true,
    });
    // A last sign-in is the day in the site's zone (3:00 UTC on the 2nd is the evening of the 1st in Los Angeles).
    expect(figure('brokers').table.rows).toEqual([
      ['Marcus Hale', '', 3, 1, 1, 1, 'Never'],
      ['Nadia North', 'North Realty', 1, 4, 0, 0, '2027-03-01'],
    ]);
  });

  test('who tours by source: toured, booked not yet toured, and no tour add up to the inquiries', () => {
    const chart = figure('funnel-sources').chart;
    expect(chart).toMatchObject({ kind: 'stacked', labels: ['instagram', 'Direct'] });
    if (chart.kind !== 'stacked') throw new Error(chart.kind);
    expect(chart.series.map((series) => series.values)).toEqual([
      [6, 3],
      [4, 2],
      [30, 0],
    ]);
  });

  test('the brokers sort by the column asked for, most first (by name, A to Z); anything else by registrations', () => {
    const names = (sort: string) => insightFigureList(INSIGHTS, { sort: parseBrokerSort(sort), timeZone: 'UTC' }).find((each) => each.id === 'brokers')!.table.rows.map((row) => row[0]);
    expect(names('tours')).toEqual(['Nadia North', 'Marcus Hale']);
    expect(names('name')).toEqual(['Marcus Hale', 'Nadia North']);
    expect(names('lastSignIn')).toEqual(['Nadia North', 'Marcus Hale']);
    expect(names('hasOwnProperty')).toEqual(['Marcus Hale', 'Nadia North']);
  });

  test('an empty period says so', () => {
    const empty = insightFigureList(
      {
        ...INSIGHTS,
        leads: { sources: [], buckets: INSIGHTS.leads.buckets.map((bucket) => ({ ...bucket, inquiry: 0, broker: 0, bySource: {} })) },
        speed: { buckets: INSIGHTS.speed.buckets.map((bucket) => ({ ...bucket, medianHours: null, p90Hours: null })), promise: [] },
        funnel: { steps: ZERO, bySource: [] },
        tours: { buckets: [], when: [] },
        brokers: [],
      },
      { timeZone: 'UTC' },
    );
    expect(empty.map((each) => each.summary).slice(0, 9)).toEqual([
      'No leads arrived in this period.',
      'No leads arrived in this period.',
      'No lead of this period has been answered yet.',
      'No broker request arrived in this period.',
      'No inquiry arrived in this period.',
      'No inquiry of this period has toured yet.',
      '0 tours booked in this period, 0 cancelled.',
      'No tour booked in this period is still on.',
      'No broker has portal access yet.',
    ]);
  });
});
