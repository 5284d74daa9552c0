// The team's figures (/admin/insights): headings, the sentences that say what each chart shows, and its columns.

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
const percent = (share: number) => `${Math.round(share * 100)} %`;
const changeWords = (from: number, to: number) => (to > from ? `rose from ${from} to ${to}` : to < from ? `fell from ${from} to ${to}` : `held at ${to}`);

export const insightFigures = {
  title: 'Insights',
  nav: 'Insights',
  heading: 'Insights',
  intro: 'The estate at a glance: where leads come from, how fast they are answered, how many tour, hold and buy.',
  periods: { label: 'Period', '4w': '4 weeks', '13w': '13 weeks', '26w': '26 weeks', '12m': '12 months' },
  bucket: { week: 'Week', month: 'Month' },
  weekOf: (day: string) => `week of ${day}`,
  direct: 'Direct',
  csv: 'Download CSV',
  /** The name of a chart's table, read by a screen reader in place of the chart. */
  tableLabel: (title: string) => `${title}, in figures`,
  empty: 'Nothing to show for this period yet.',
  leads: {
    heading: 'Leads by form',
    forms: { inquiry: 'Inquiries', broker: 'Broker requests' },
    all: 'All leads',
    summary: (first: number, last: number, bucket: 'week' | 'month', top: { source: string; share: number } | null, total: number) =>
      total === 0
        ? 'No leads arrived in this period.'
        : `Leads ${changeWords(first, last)} a ${bucket}${top ? `; ${top.source} brought ${percent(top.share)}` : ''}.`,
  },
  sources: {
    heading: 'Leads by source',
    summary: (top: { source: string; leads: number; share: number } | null, count: number) =>
      top ? `${plural(count, 'source', 'sources')} in this period; ${top.source} brought the most, ${plural(top.leads, 'lead', 'leads')} (${percent(top.share)}).` : 'No leads arrived in this period.',
  },
  speed: {
    heading: 'Speed to lead',
    columns: { arrived: 'Leads', answered: 'Answered', median: 'Median (hours)', p90: '90th percentile (hours)' },
    series: { median: 'Median', p90: '90th percentile' },
    unit: 'Hours',
    summary: (latest: { day: string; median: number; p90: number } | null) =>
      latest
        ? `In the ${latest.day}, half the leads were answered within ${latest.median} hours and nine in ten within ${latest.p90}.`
        : 'No lead of this period has been answered yet.',
  },
  promise: {
    heading: 'The 24-hour promise to brokers',
    columns: { month: 'Month', arrived: 'Arrived', withinDay: 'Answered within 24 hours', later: 'Answered later', waiting: 'Still waiting' },
    summary: (arrived: number, withinDay: number, later: number, waiting: number) =>
      arrived === 0
        ? 'No broker request arrived in this period.'
        : `Of ${plural(arrived, 'broker request', 'broker requests')}, ${withinDay} ${withinDay === 1 ? 'was' : 'were'} answered within 24 hours, ${later} later, and ${waiting} ${waiting === 1 ? 'waits' : 'wait'}.`,
  },
  funnel: {
    heading: 'From inquiry to sale',
    steps: {
      inquiry: 'Inquiries',
      tour_booked: 'Tours booked',
      toured: 'Toured',
      hold: 'Holds',
      reserved: 'Reservations',
      under_contract: 'Contracts',
      sold: 'Sales',
    },
    columns: { step: 'Step', leads: 'Inquiries', share: 'Of the step before' },
    summary: (inquiries: number, toured: number, sold: number) =>
      inquiries === 0
        ? 'No inquiry arrived in this period.'
        : `Of ${plural(inquiries, 'inquiry', 'inquiries')} in this period, ${toured} toured (${percent(toured / inquiries)}) and ${plural(sold, 'became a sale', 'became sales')}.`,
  },
  funnelSources: {
    heading: 'Who tours, by source',
    series: { toured: 'Toured', booked: 'Booked, not yet toured', none: 'No tour yet' },
    source: 'Source',
    summary: (best: { source: string; share: number } | null) =>
      best ? `Of the sources, ${best.source} brings the largest share of buyers who tour: ${percent(best.share)} of its inquiries.` : 'No inquiry of this period has toured yet.',
  },
  tours: {
    heading: 'Tours',
    columns: { booked: 'Booked', cancelled: 'Cancelled' },
    summary: (booked: number, cancelled: number) => `${plural(booked, 'tour', 'tours')} booked in this period, ${cancelled} cancelled.`,
  },
  tourTimes: {
    heading: 'When buyers choose to come',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    shortDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    time: 'Time',
    hour: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
    summary: (top: { day: string; hour: string; tours: number } | null) =>
      top ? `${top.day} at ${top.hour} is the most chosen time, with ${plural(top.tours, 'tour', 'tours')}.` : 'No tour booked in this period is still on.',
  },
  brokers: {
    heading: 'Brokers',
    columns: { name: 'Broker', brokerage: 'Brokerage', registrations: 'Registrations', tours: 'Tours', holds: 'Holds', reservations: 'Reservations', lastSignIn: 'Last sign-in' },
    sortLabel: 'Sort the brokers by',
    never: 'Never',
    summary: (top: { name: string; registrations: number } | null, count: number) =>
      count === 0
        ? 'No broker has portal access yet.'
        : top
          ? `${plural(count, 'broker', 'brokers')} with access; ${top.name} registered the most clients, ${top.registrations}.`
          : `${plural(count, 'broker', 'brokers')} with access; none registered a client in this period.`,
  },
  estate: {
    heading: 'The estate now',
    standings: { available: 'Available', on_hold: 'On hold', reserved: 'Reserved', under_contract: 'Under contract', sold: 'Sold' },
    columns: { standing: 'Standing', lots: 'Lots', value: 'List value' },
    summary: (lots: number, sold: number, available: number, availableValue: string) =>
      lots === 0 ? 'No lot is listed yet.' : `${sold} of ${plural(lots, 'lot', 'lots')} sold; ${available} available${available > 0 ? `, listed at ${availableValue}` : ''}.`,
  },
  estateOver: {
    heading: 'The estate over the period',
    summary: (firstSold: number, lastSold: number, bucket: 'week' | 'month') => `Lots sold ${changeWords(firstSold, lastSold)} from the first ${bucket} to the last.`,
  },
  refused: 'Only the sales team sees these figures.',
} as const;
