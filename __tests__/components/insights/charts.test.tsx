/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { ChartFrame } from '@/components/insights/chart-frame';
import { LineChart } from '@/components/insights/line-chart';
import { StackedBars } from '@/components/insights/stacked-bars';
import { StepBars } from '@/components/insights/step-bars';
import { WeekGrid } from '@/components/insights/week-grid';
import { insightFigures } from '@/lib/copy/insight-figures';

// The charts as the server draws them: each SVG hidden from screen readers (which read the table beside it), two
// drawings per chart for the two widths, every series told by its pattern, dash or marker as well as its tone.

const labels = ['5 Jan', '12 Jan', '19 Jan'];

test('stacked bars: a part per series and bar, as tall as its value, stacked in the series’ order, each series its own fill; a legend in words', () => {
  const { container } = render(
    <StackedBars
      labels={labels}
      series={[
        { key: 'inquiry', label: 'Inquiries', values: [4, 0, 2] },
        { key: 'broker', label: 'Broker requests', values: [1, 3, 0] },
      ]}
    />,
  );
  const drawings = container.querySelectorAll('svg[data-fit]');
  expect([...drawings].map((svg) => svg.getAttribute('data-fit'))).toEqual(['narrow', 'wide']);
  for (const svg of drawings) {
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const bars = [...svg.querySelectorAll('rect')];
    // Four parts with a value; none drawn for a zero.
    expect(bars).toHaveLength(4);
    expect(new Set(bars.map((bar) => bar.getAttribute('fill')))).toEqual(new Set(['url(#chart-fill-0)', 'url(#chart-fill-1)']));
    const [first, second] = bars;
    // The first bar's inquiries (4) stand on the axis and are four times its broker request's (1), which sits on them.
    const height = (bar: Element) => Number(bar.getAttribute('height'));
    expect(height(first!) / height(second!)).toBeCloseTo(4);
    expect(Number(second!.getAttribute('y')) + height(second!)).toBeCloseTo(Number(first!.getAttribute('y')));
    expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toEqual(expect.arrayContaining(labels));
  }
  const legend = container.querySelector('ul')!;
  expect(legend.textContent).toBe('InquiriesBroker requests');
});

test('stacked bars write every nth label where they would touch: 53 weeks on a phone', () => {
  const weeks = Array.from({ length: 53 }, (_, index) => `${index + 1} Jan`);
  const { container } = render(<StackedBars labels={weeks} series={[{ key: 'a', label: 'A', values: weeks.map(() => 1) }]} />);
  const narrow = [...container.querySelectorAll("svg[data-fit='narrow'] text")].filter((text) => weeks.includes(text.textContent!));
  const wide = [...container.querySelectorAll("svg[data-fit='wide'] text")].filter((text) => weeks.includes(text.textContent!));
  expect(narrow.length).toBeLessThan(wide.length);
  expect(wide.length).toBeLessThan(53);
  expect(narrow.length).toBeGreaterThan(2);
});

test('a line chart breaks where a week has no value, marks each point, and gives each series its own dash and marker', () => {
  const { container } = render(
    <LineChart
      labels={labels}
      unit="Hours"
      series={[
        { key: 'median', label: 'Median', values: [2, null, 5] },
        { key: 'p90', label: '90th percentile', values: [6, 8, 9] },
      ]}
    />,
  );
  expect(screen.getByText('Hours')).toBeTruthy();
  const wide = container.querySelector("svg[data-fit='wide']")!;
  const [median, p90] = [...wide.querySelectorAll('g > path[class]')].filter((path) => path.getAttribute('d')?.startsWith('M'));
  // Two pieces for the median (the gap), one for the 90th percentile.
  expect(median!.getAttribute('d')!.match(/M/g)).toHaveLength(2);
  expect(p90!.getAttribute('d')!.match(/M/g)).toHaveLength(1);
  expect(median!.getAttribute('stroke-dasharray')).toBeNull();
  expect(p90!.getAttribute('stroke-dasharray')).toBe('7 4');
  // A marker per value: circles for the first series, squares for the second.
  expect(wide.querySelectorAll('circle')).toHaveLength(2);
  expect(wide.querySelectorAll('rect')).toHaveLength(3);
});

test('step bars: each step’s bar as long as its count against the largest, its count and the share of the step before written', () => {
  const { container } = render(
    <StepBars
      steps={[
        { label: 'Inquiry', count: 40, share: null },
        { label: 'Toured', count: 10, share: 0.25 },
        { label: 'Sold', count: 0, share: 0 },
      ]}
    />,
  );
  const items = container.querySelectorAll('li');
  expect([...items].map((item) => item.textContent)).toEqual(['Inquiry40', 'Toured1025 %', 'Sold00 %']);
  const widths = [...container.querySelectorAll('li span[style]')].map((bar) => (bar as HTMLElement).style.inlineSize);
  expect(widths).toEqual(['100%', '25%', '0%']);
  expect(container.querySelector('ol')!.getAttribute('aria-hidden')).toBe('true');
});

test('the week grid: a column a day and a row an hour of the working day and beyond it where tours are, each count written in its cell', () => {
  const { container } = render(
    <WeekGrid
      dayLabels={['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']}
      hourName={insightFigures.tourTimes.hour}
      cells={[
        { weekday: 6, hour: 10, count: 8 },
        { weekday: 1, hour: 19, count: 1 },
      ]}
    />,
  );
  const grid = container.firstElementChild as HTMLElement;
  const hours = [...grid.children].filter((cell) => /^\d\d:00$/.test(cell.textContent!)).map((cell) => cell.textContent);
  expect(hours[0]).toBe('09:00');
  expect(hours.at(-1)).toBe('19:00');
  const saturdayAtTen = [...grid.querySelectorAll('[data-step]')][(10 - 9) * 7 + 5] as HTMLElement;
  expect(saturdayAtTen.textContent).toBe('8');
  expect(saturdayAtTen.dataset.step).toBe('4');
  const mondayAtSeven = [...grid.querySelectorAll('[data-step]')][(19 - 9) * 7] as HTMLElement;
  expect(mondayAtSeven.textContent).toBe('1');
  expect(mondayAtSeven.dataset.step).toBe('1');
});

test('a chart’s frame: a region named by its title, its sentence, its figures as a table named for it, and its CSV', () => {
  render(
    <ChartFrame
      id="figure-leads"
      title="Leads by form"
      summary="Leads rose from 3 to 5 a week."
      csvHref="/admin/insights/csv/leads?period=4w"
      table={{ columns: [{ header: 'Week' }, { header: 'Inquiries', numeric: true }], rows: [['5 Jan 2027', 3], ['12 Jan 2027', 5]] }}
    >
      <svg aria-hidden="true" />
    </ChartFrame>,
  );
  const region = screen.getByRole('region', { name: 'Leads by form' });
  expect(within(region).getByText('Leads rose from 3 to 5 a week.')).toBeTruthy();
  const table = within(region).getByRole('table', { name: 'Leads by form, in figures' });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(within(table).getByRole('rowheader', { name: '12 Jan 2027' })).toBeTruthy();
  const csv = within(region).getByRole('link', { name: 'Download CSV' });
  expect(csv.getAttribute('href')).toBe('/admin/insights/csv/leads?period=4w');
  expect(csv.hasAttribute('download')).toBe(true);
});
