import { scaleBand } from 'd3-scale';
import { Legend, TwoWidths, labelEvery, seriesFill, seriesLook, valueAxis } from './chart-parts';
import styles from './charts.module.scss';

interface StackedBarsProps {
  /** Each bar's name along the bottom ("8 Feb", "instagram"). */
  labels: string[];
  /** The parts of each bar, bottom first: a value per label. */
  series: { key: string; label: string; values: number[] }[];
}

/** A bar per label, its parts stacked in the series' order, each part in its series' fill; its legend under it. */
export function StackedBars({ labels, series }: StackedBarsProps) {
  const totals = labels.map((_, index) => series.reduce((total, each) => total + (each.values[index] ?? 0), 0));
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return (
    <>
      <TwoWidths
        draw={(frame) => {
          const { y, grid } = valueAxis(frame, Math.max(0, ...totals));
          const x = scaleBand<number>()
            .domain(labels.map((_, index) => index))
            .range([frame.left, frame.width - frame.right])
            .paddingInner(0.28)
            .paddingOuter(0.14);
          const every = labelEvery(labels.length, frame, longest);
          return (
            <>
              {grid}
              {labels.map((label, index) => {
                let base = 0;
                return (
                  <g key={`${label}-${index}`}>
                    {series.map((each, place) => {
                      const value = each.values[index] ?? 0;
                      const bottom = base;
                      base += value;
                      if (value <= 0) return null;
                      return (
                        <rect
                          key={each.key}
                          x={x(index)}
                          width={x.bandwidth()}
                          y={y(bottom + value)}
                          height={y(bottom) - y(bottom + value)}
                          fill={seriesFill(place)}
                          className={styles.bar}
                          data-look={seriesLook(place)}
                        />
                      );
                    })}
                    {index % every === 0 ? (
                      <text x={x(index)! + x.bandwidth() / 2} y={frame.height - frame.bottom + frame.font + 4} textAnchor="middle" className={styles.label}>
                        {label}
                      </text>
                    ) : null}
                  </g>
                );
              })}
            </>
          );
        }}
      />
      <Legend series={series} as="fill" />
    </>
  );
}
