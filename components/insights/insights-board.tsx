import { insightFigures as copy } from '@/lib/copy/insight-figures';
import type { BrokerSort, ChartModel, Figure } from '@/lib/insights/figures';
import { INSIGHT_PERIODS, type InsightPeriod } from '@/lib/insights/types';
import { PageColumn } from '../shared/page-column';
import { ViewLinks } from '../shared/view-links';
import { ChartFrame } from './chart-frame';
import { SeriesPatterns } from './chart-parts';
import { LineChart } from './line-chart';
import { StackedBars } from './stacked-bars';
import { StepBars } from './step-bars';
import { WeekGrid } from './week-grid';
import styles from './insights-board.module.scss';

const SORTS: { sort: BrokerSort; column: keyof typeof copy.brokers.columns }[] = [
  { sort: 'registrations', column: 'registrations' },
  { sort: 'tours', column: 'tours' },
  { sort: 'holds', column: 'holds' },
  { sort: 'reservations', column: 'reservations' },
  { sort: 'lastSignIn', column: 'lastSignIn' },
  { sort: 'name', column: 'name' },
];

/** A chart as its model says: drawn on the server, nothing of it sent as script. */
function Chart({ chart }: { chart: ChartModel }) {
  switch (chart.kind) {
    case 'stacked':
      return <StackedBars labels={chart.labels} series={chart.series} />;
    case 'lines':
      return <LineChart labels={chart.labels} series={chart.series} unit={chart.unit} />;
    case 'steps':
      return <StepBars steps={chart.steps} />;
    case 'week':
      return <WeekGrid cells={chart.cells} dayLabels={chart.dayLabels} hourName={copy.tourTimes.hour} />;
    case 'table':
      return null;
  }
}

/**
 * The team's figures for a period: the period's links, then each chart with its sentence, its table and its CSV. The
 * brokers' table is sorted by plain links, so that it sorts without JavaScript.
 */
export function InsightsBoard({ period, figures, sort }: { period: InsightPeriod; figures: Figure[]; sort: BrokerSort }) {
  const address = (next: { period?: InsightPeriod; sort?: BrokerSort }) => {
    const query = new URLSearchParams({ period: next.period ?? period });
    if ((next.sort ?? sort) !== 'registrations') query.set('sort', next.sort ?? sort);
    return `?${query}`;
  };
  return (
    <PageColumn heading={copy.heading} intro={copy.intro}>
      <ViewLinks label={copy.periods.label} links={INSIGHT_PERIODS.map((each) => ({ href: address({ period: each }), label: copy.periods[each], current: each === period }))} />
      <SeriesPatterns />
      <div className={styles.figures}>
        {figures.map((figure) => (
          <ChartFrame
            key={figure.id}
            id={`figure-${figure.id}`}
            title={figure.title}
            summary={figure.summary}
            table={figure.table}
            csvHref={`/admin/insights/csv/${figure.id}${address({})}`}
            whole={figure.chart.kind === 'table'}
          >
            {figure.id === 'brokers' ? (
              <ViewLinks
                label={copy.brokers.sortLabel}
                links={SORTS.map((each) => ({ href: `${address({ sort: each.sort })}#figure-brokers`, label: copy.brokers.columns[each.column], current: each.sort === sort }))}
              />
            ) : (
              <Chart chart={figure.chart} />
            )}
          </ChartFrame>
        ))}
      </div>
    </PageColumn>
  );
}
