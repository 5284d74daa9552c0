import { scalePoint } from 'd3-scale';
import { line } from 'd3-shape';
import { Legend, Marker, TwoWidths, labelEvery, seriesDash, valueAxis } from './chart-parts';
import styles from './charts.module.scss';

interface LineChartProps {
  labels: string[];
  /** A value per label; `null` where there is none (a week nobody was answered), which breaks the line. */
  series: { key: string; label: string; values: (number | null)[] }[];
  /** What the values count, written over the chart ("Hours"). */
  unit?: string;
}

/** A line per series over the labels, each with its own dash and marker; its legend under it. */
export function LineChart({ labels, series, unit }: LineChartProps) {
  const max = Math.max(0, ...series.flatMap((each) => each.values.filter((value): value is number => value !== null)));
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return (
    <>
      {unit ? <p className={styles.unit}>{unit}</p> : null}
      <TwoWidths
        draw={(frame) => {
          const { y, grid } = valueAxis(frame, max);
          const x = scalePoint<number>()
            .domain(labels.map((_, index) => index))
            .range([frame.left, frame.width - frame.right])
            .padding(0.4);
          const every = labelEvery(labels.length, frame, longest);
          const path = line<number | null>()
            .defined((value) => value !== null)
            .x((_, index) => x(index)!)
            .y((value) => y(value ?? 0));
          return (
            <>
              {grid}
              {labels.map((label, index) =>
                index % every === 0 ? (
                  <text key={`${label}-${index}`} x={x(index)} y={frame.height - frame.bottom + frame.font + 4} textAnchor="middle" className={styles.label}>
                    {label}
                  </text>
                ) : null,
              )}
              {series.map((each, place) => (
                <g key={each.key}>
                  <path d={path(each.values) ?? undefined} className={styles.line} strokeDasharray={seriesDash(place)} />
                  {each.values.map((value, index) => (value === null ? null : <Marker key={index} index={place} x={x(index)!} y={y(value)} size={frame.font * 0.5} />))}
                </g>
              ))}
            </>
          );
        }}
      />
      <Legend series={series} as="line" />
    </>
  );
}
