import type { ReactNode } from 'react';
import { scaleLinear } from 'd3-scale';
import styles from './charts.module.scss';

/**
 * The looks a series takes, in order: each a fill of its own tone and pattern (solid, hatched, dotted, cross-hatched,
 * ruled, open), and each a line of its own dash and marker, so that no series is told by its colour alone.
 */
export const SERIES_LOOKS = 6;
export const seriesLook = (index: number) => index % SERIES_LOOKS;
export const seriesFill = (index: number) => `url(#chart-fill-${seriesLook(index)})`;

/** The fills every chart of the page refers to, drawn once (a chart's own SVG would repeat them twice per chart). */
export function SeriesPatterns() {
  const tile = (look: number, marks: ReactNode, turned = false) => (
    <pattern key={look} id={`chart-fill-${look}`} data-look={look} className={styles.pattern} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform={turned ? 'rotate(45)' : undefined}>
      <rect width="6" height="6" className={styles.patternGround} />
      {marks}
    </pattern>
  );
  return (
    <svg className={styles.defs} aria-hidden="true" focusable="false" width="0" height="0">
      <defs>
        {tile(0, null)}
        {tile(1, <line x1="0" y1="0" x2="0" y2="6" className={styles.patternMark} />, true)}
        {tile(2, <circle cx="3" cy="3" r="1.1" className={styles.patternDot} />)}
        {tile(3, <path d="M0 0V6M0 0H6" className={styles.patternMark} />, true)}
        {tile(4, <line x1="0" y1="3" x2="6" y2="3" className={styles.patternMark} />)}
        {tile(5, null)}
      </defs>
    </svg>
  );
}

/** A line's dash and its points' marker, by the series' place. */
const DASHES = [undefined, '7 4', '2 3', '10 3 2 3', '4 4', '1 5'];
export const seriesDash = (index: number) => DASHES[seriesLook(index)];

/** A point's marker, centred on (x, y): a circle, a square, a diamond, a triangle, a cross, a ring. */
export function Marker({ index, x, y, size }: { index: number; x: number; y: number; size: number }) {
  const r = size / 2;
  const look = seriesLook(index);
  const shape = { className: styles.marker, 'data-look': look };
  switch (look) {
    case 1:
      return <rect x={x - r} y={y - r} width={size} height={size} {...shape} />;
    case 2:
      return <path d={`M${x} ${y - r * 1.3}L${x + r * 1.3} ${y}L${x} ${y + r * 1.3}L${x - r * 1.3} ${y}Z`} {...shape} />;
    case 3:
      return <path d={`M${x} ${y - r * 1.2}L${x + r * 1.2} ${y + r}L${x - r * 1.2} ${y + r}Z`} {...shape} />;
    case 4:
      return <path d={`M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`} {...shape} />;
    default:
      return <circle cx={x} cy={y} r={r} {...shape} />;
  }
}

/** The series' names with their fill or line, in HTML: what the eye matches to the chart, read as words. */
export function Legend({ series, as }: { series: { key: string; label: string }[]; as: 'fill' | 'line' }) {
  return (
    <ul className={styles.legend} aria-hidden="true">
      {series.map((each, index) => (
        <li key={each.key}>
          <svg viewBox="0 0 28 16" className={styles.swatch} focusable="false">
            {as === 'fill' ? (
              <rect x="0.5" y="0.5" width="27" height="15" fill={seriesFill(index)} className={styles.bar} data-look={seriesLook(index)} />
            ) : (
              <>
                <line x1="1" y1="8" x2="27" y2="8" className={styles.line} strokeDasharray={seriesDash(index)} />
                <Marker index={index} x={14} y={8} size={7} />
              </>
            )}
          </svg>
          {each.label}
        </li>
      ))}
    </ul>
  );
}

/** A drawing's size and its text's, in its own units. */
export interface Frame {
  width: number;
  height: number;
  font: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * A chart drawn twice, for a phone and for a desk, the one shown by the width: an SVG's text grows and shrinks with it,
 * so each is drawn for the widths it is shown at, its text never under 12 px (checked in e2e/insights.spec.ts).
 */
const FRAMES: Record<'narrow' | 'wide', Frame> = {
  narrow: { width: 340, height: 230, font: 14, left: 38, right: 8, top: 12, bottom: 30 },
  wide: { width: 736, height: 280, font: 13.5, left: 46, right: 12, top: 14, bottom: 30 },
};

export function TwoWidths({ draw }: { draw: (frame: Frame) => ReactNode }) {
  return (
    <div className={styles.drawing}>
      {(['narrow', 'wide'] as const).map((fit) => {
        const frame = FRAMES[fit];
        return (
          <svg key={fit} className={styles.svg} data-fit={fit} viewBox={`0 0 ${frame.width} ${frame.height}`} aria-hidden="true" focusable="false" fontSize={frame.font}>
            {draw(frame)}
          </svg>
        );
      })}
    </div>
  );
}

/** The value scale from 0, rounded out to whole steps, with its gridlines and their labels at the left. */
export function valueAxis(frame: Frame, max: number) {
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice(4)
    .range([frame.height - frame.bottom, frame.top]);
  const ticks = y.ticks(4).filter((tick) => Number.isInteger(tick) || max < 4);
  const grid = (
    <g className={styles.grid}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={frame.left} x2={frame.width - frame.right} y1={y(tick)} y2={y(tick)} data-zero={tick === 0 ? '' : undefined} />
          <text x={frame.left - 6} y={y(tick)} dy="0.35em" textAnchor="end">
            {tick}
          </text>
        </g>
      ))}
    </g>
  );
  return { y, grid };
}

/** Which labels along the bottom are written: every nth, so that they never touch at this width. */
export function labelEvery(count: number, frame: Frame, longest: number) {
  const room = (frame.width - frame.left - frame.right) / Math.max(count, 1);
  const needs = longest * frame.font * 0.6 + frame.font;
  return Math.max(1, Math.ceil(needs / room));
}
