import type { ReactNode } from 'react';
import { sitePlan as words } from '@/lib/copy/site-plan';
import { DRIVE_WIDTH, lotMark, SITE_PLAN, treeCrowns, type PlanFeatureKind, type PlanLabel, type PlanParcel } from '@/lib/holds/site-plan';
import { LOT_STANDINGS, type LotStanding } from '@/lib/holds/types';
import styles from './site-plan.module.scss';

/** A lot the plan links to: the shape it is drawn as, and what its link says. */
export interface SitePlanLot {
  shape: string;
  lot: string;
  standing: LotStanding;
  listPrice: number | null;
  href: string;
}

interface SitePlanProps {
  lots: readonly SitePlanLot[];
  heading: string;
  headingLevel?: 2 | 3 | 4;
  /** A line under the title: what the lots' links lead to on this page. */
  caption?: string;
}

/** Each standing's fill: a pattern of its own, so that no lot is told by its colour alone. */
const standingPattern = (standing: LotStanding) => `site-plan-${standing.replaceAll('_', '-')}`;

const AREA_CLASS: Partial<Record<PlanFeatureKind, string>> = {
  meadow: styles.meadow,
  water: styles.water,
  island: styles.island,
  building: styles.building,
  court: styles.court,
  pool: styles.water,
  gate: styles.gate,
};

const LABEL_CLASS: Record<PlanLabel['kind'], string | undefined> = {
  place: styles.placeLabel,
  water: styles.waterLabel,
  building: styles.buildingLabel,
};

/** The hatching, dots and cross-hatching, in the drawing's units; the swatches in the legend use the same. */
function Patterns() {
  const tile = (standing: LotStanding, size: number, marks: ReactNode, turned = false) => (
    <pattern
      id={standingPattern(standing)}
      data-standing={standing}
      className={styles.pattern}
      width={size}
      height={size}
      patternUnits="userSpaceOnUse"
      patternTransform={turned ? 'rotate(45)' : undefined}
    >
      <rect width={size} height={size} className={styles.patternGround} />
      {marks}
    </pattern>
  );
  return (
    <defs>
      {tile('available', 10, null)}
      {tile('on_hold', 7, <path d="M3.5 0V7" className={styles.patternMark} />, true)}
      {tile('reserved', 9, <path d="M2.25 2.25h0M6.75 6.75h0" className={styles.patternDots} />)}
      {tile('under_contract', 7, <path d="M3.5 0V7M0 3.5H7" className={styles.patternMark} />, true)}
      {tile('sold', 10, null)}
    </defs>
  );
}

function Land() {
  const drives = SITE_PLAN.features.filter((feature) => feature.kind === 'drive' || feature.kind === 'lane');
  return (
    <g aria-hidden="true">
      <rect width={SITE_PLAN.width} height={SITE_PLAN.height} className={styles.outside} />
      <path d={treeCrowns(SITE_PLAN.woods)} className={styles.woods} />
      <path d={SITE_PLAN.boundary} className={styles.land} />
      {/* Every drive's edges first, then every drive's surface over them: where two meet, they run into one. */}
      {drives.map((drive) => (
        <path key={`${drive.name} edge`} d={drive.path} className={styles.driveEdge} strokeWidth={DRIVE_WIDTH + 2.4} />
      ))}
      {drives.map((drive) => (
        <path key={drive.name} d={drive.path} className={styles.drive} strokeWidth={DRIVE_WIDTH} />
      ))}
      {SITE_PLAN.features.map((feature) =>
        AREA_CLASS[feature.kind] ? <path key={feature.name} d={feature.path} className={AREA_CLASS[feature.kind]} /> : null,
      )}
      <path d={SITE_PLAN.boundary} className={styles.boundary} />
    </g>
  );
}

function Labels() {
  const { x, y } = SITE_PLAN.north;
  return (
    <g aria-hidden="true">
      <path d={treeCrowns(SITE_PLAN.trees)} className={styles.grounds} />
      {SITE_PLAN.labels.map((label) => (
        <text key={label.text} x={label.x} y={label.y} textAnchor={label.anchor} className={LABEL_CLASS[label.kind]}>
          {label.kind === 'building' ? label.text.toUpperCase() : label.text}
        </text>
      ))}
      <g transform={`translate(${x} ${y})`} className={styles.north}>
        <circle r="17" />
        <path d="M0 -13L5 6L0 2.5L-5 6Z" />
        <text y="-20">{words.north}</text>
      </g>
    </g>
  );
}

function Parcel({ parcel, lot }: { parcel: PlanParcel; lot: SitePlanLot | undefined }) {
  const name = (
    <text y="30" className={styles.parcelName}>
      {parcel.name}
    </text>
  );
  if (!lot) {
    return (
      <g className={styles.unlisted} data-shape={parcel.id}>
        <path d={parcel.path} className={styles.parcel} />
        <g transform={`translate(${parcel.label.x} ${parcel.label.y})`} aria-hidden="true">
          {name}
        </g>
      </g>
    );
  }
  // The number and name are drawn beside the link, not in it, so that its name is the one sentence it is given (a
  // link whose visible words differ from its name confuses voice control); clicks pass through them to the lot.
  return (
    <g className={styles.placed} data-shape={parcel.id} data-standing={lot.standing}>
      <a href={lot.href} aria-label={words.lotLink(lot.lot, parcel.name, lot.standing, lot.listPrice)} className={styles.lot}>
        <path d={parcel.path} fill={`url(#${standingPattern(lot.standing)})`} className={styles.parcel} />
      </a>
      <g transform={`translate(${parcel.label.x} ${parcel.label.y})`} aria-hidden="true" className={styles.passThrough}>
        <g className={styles.badge}>
          <circle r="14" />
          <text dy="0.36em">{lotMark(lot.lot)}</text>
        </g>
        {name}
      </g>
    </g>
  );
}

/**
 * Aldercrest's site plan, each lot with an estate a link to it: its standing shown by a pattern and a colour, its
 * number on it, and the whole said in its link's name. Drawn on the server; the legend is a list.
 */
export function SitePlan({ lots, heading, headingLevel = 2, caption }: SitePlanProps) {
  const Heading = `h${headingLevel}` as const;
  const byShape = new Map(lots.map((lot) => [lot.shape, lot]));
  const unlisted = SITE_PLAN.lots.some((parcel) => !byShape.has(parcel.id));
  return (
    <figure className={styles.plan}>
      <figcaption className={styles.head}>
        <Heading className={styles.title}>{heading}</Heading>
        {caption ? <p className={styles.caption}>{caption}</p> : null}
      </figcaption>
      <div className={styles.drawing}>
        <svg viewBox={SITE_PLAN.viewBox} className={styles.svg} role="group" aria-label={words.drawingLabel}>
          <Patterns />
          <Land />
          {SITE_PLAN.lots.map((parcel) => (
            <Parcel key={parcel.id} parcel={parcel} lot={byShape.get(parcel.id)} />
          ))}
          <Labels />
        </svg>
      </div>
      <ul className={styles.legend} aria-label={words.legendLabel}>
        {LOT_STANDINGS.map((standing) => (
          <li key={standing} data-standing={standing}>
            <svg viewBox="0 0 30 20" className={styles.swatch} aria-hidden="true" focusable="false">
              <rect x="0.5" y="0.5" width="29" height="19" fill={`url(#${standingPattern(standing)})`} />
            </svg>
            {words.legend[standing]}
          </li>
        ))}
        {unlisted ? (
          <li data-standing="unlisted">
            <svg viewBox="0 0 30 20" className={`${styles.swatch} ${styles.unlisted}`} aria-hidden="true" focusable="false">
              <rect x="0.5" y="0.5" width="29" height="19" className={styles.parcel} />
            </svg>
            {words.unlisted}
          </li>
        ) : null}
      </ul>
      <p className={styles.note}>{words.caption}</p>
    </figure>
  );
}
