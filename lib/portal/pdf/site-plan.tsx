import { Circle, ClipPath, Defs, G, Path, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { sitePlan as words } from '@/lib/copy/site-plan';
import { DRIVE_WIDTH, lotMark, parcelCorners, SITE_PLAN, treeCrowns, type PlanFeatureKind, type PlanParcel } from '@/lib/holds/site-plan';
import { LOT_STANDINGS, type LotStanding } from '@/lib/holds/types';
import { colours, DISPLAY, stored, TEXT } from './theme';

/** A lot as the plan needs it: the shape it is drawn as, its name or number, and its standing. */
export interface PlanLot {
  shape: string | null;
  lot: string;
  standing: LotStanding;
}

/** Two of the palette's colours mixed, `share` of the first: the plan's tints, as styles/_tokens.scss mixes them. */
function mix(first: string, second: string, share: number): string {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const [a, b] = [channels(first), channels(second)];
  return `#${a.map((value, index) => Math.round(value * share + b[index]! * (1 - share)).toString(16).padStart(2, '0')).join('')}`;
}

const tint = {
  outside: mix(colours.stone, colours.ivory, 0.6),
  canopy: mix(colours.sand, colours.ivory, 0.35),
  canopyEdge: mix(colours.muted, colours.ivory, 0.45),
  water: mix(colours.ink, colours.ivory, 0.09),
  waterEdge: mix(colours.ink, colours.ivory, 0.5),
  unlisted: mix(colours.stone, colours.ivory, 0.7),
};

type Marks = 'hatch' | 'dots' | 'cross' | null;

/**
 * Each standing's ground and the marks over it, as on the page (components/shared/site-plan.module.scss). The PDF
 * engine has no SVG patterns: the marks are drawn as lines, and dots, clipped to the lot.
 */
const LOOKS: Record<LotStanding, { ground: string; ink: string; marks: Marks }> = {
  available: { ground: colours.paper, ink: colours.ink, marks: null },
  on_hold: { ground: mix(colours.champagneLight, colours.paper, 0.38), ink: colours.bronze, marks: 'hatch' },
  reserved: { ground: mix(colours.champagne, colours.paper, 0.42), ink: colours.bronze, marks: 'dots' },
  under_contract: { ground: mix(colours.sand, colours.paper, 0.85), ink: colours.charcoal, marks: 'cross' },
  sold: { ground: colours.charcoal, ink: colours.charcoal, marks: null },
};

/** The marks' spacing and weight, in the drawing's units. */
const SPACING = { hatch: 9, dots: 10, cross: 9 } as const;
const MARK_WIDTH = { hatch: 1.4, dots: 3, cross: 1.1 } as const;

/** The marks over a box, as one path: diagonal lines (and their crossing lines), or a staggered grid of dots. */
function marksOver(marks: Exclude<Marks, null>, [left, top, right, bottom]: readonly [number, number, number, number]): string {
  const step = SPACING[marks];
  const parts: string[] = [];
  if (marks === 'dots') {
    for (let y = top; y <= bottom + step; y += step) {
      const offset = Math.round((y - top) / step) % 2 ? step / 2 : 0;
      for (let x = left + offset; x <= right + step; x += step) parts.push(`M${x} ${y}h0.01`);
    }
    return parts.join('');
  }
  // Lines x + y = c, rising to the right, `step` apart across them; and x - y = c crossing them.
  const across = step * Math.SQRT2;
  for (let c = left + top; c <= right + bottom; c += across) parts.push(`M${c - top} ${top}L${c - bottom} ${bottom}`);
  if (marks === 'cross') for (let c = left - bottom; c <= right - top; c += across) parts.push(`M${c + top} ${top}L${c + bottom} ${bottom}`);
  return parts.join('');
}

function boxOf(parcel: PlanParcel) {
  const corners = parcelCorners(parcel);
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const;
}

const AREAS: Partial<Record<PlanFeatureKind, { fill: string; stroke?: string }>> = {
  meadow: { fill: mix(colours.sand, colours.ivory, 0.15) },
  water: { fill: tint.water, stroke: tint.waterEdge },
  pool: { fill: tint.water, stroke: tint.waterEdge },
  island: { fill: tint.canopy, stroke: tint.waterEdge },
  building: { fill: colours.sand, stroke: colours.charcoal },
  court: { fill: colours.stone, stroke: colours.charcoal },
  gate: { fill: colours.charcoal, stroke: colours.charcoal },
};

/** Text in the drawing, its size in the drawing's units (its style carries the face, so the engine loads it). */
const label = (fill: string, fontSize: number, fontFamily: string | string[] = DISPLAY, fontWeight = 400) => ({ fill, fontSize, fontFamily, fontWeight });

function Land() {
  const drives = SITE_PLAN.features.filter((feature) => feature.kind === 'drive' || feature.kind === 'lane');
  return (
    <G>
      <Rect x={0} y={0} width={SITE_PLAN.width} height={SITE_PLAN.height} fill={tint.outside} />
      <Path d={treeCrowns(SITE_PLAN.woods)} fill={tint.canopy} stroke={tint.canopyEdge} strokeWidth={0.9} />
      <Path d={SITE_PLAN.boundary} fill={colours.ivory} />
      {drives.map((drive) => (
        <Path key={`${drive.name} edge`} d={drive.path} fill="none" stroke={colours.muted} strokeWidth={DRIVE_WIDTH + 2.6} />
      ))}
      {drives.map((drive) => (
        <Path key={drive.name} d={drive.path} fill="none" stroke={colours.paper} strokeWidth={DRIVE_WIDTH} />
      ))}
      {SITE_PLAN.features.map((feature) => {
        const area = AREAS[feature.kind];
        return area ? <Path key={feature.name} d={feature.path} fill={area.fill} stroke={area.stroke ?? 'none'} strokeWidth={1} /> : null;
      })}
      <Path d={SITE_PLAN.boundary} fill="none" stroke={colours.muted} strokeWidth={1.2} strokeDasharray="14 6 3 6" />
    </G>
  );
}

function Lot({ parcel, lot }: { parcel: PlanParcel; lot: PlanLot | undefined }) {
  if (!lot) return <Path d={parcel.path} fill={tint.unlisted} stroke={colours.muted} strokeWidth={1} />;
  const look = LOOKS[lot.standing];
  // In the text face: its figures stand on the line, where the display face's old-style ones dip below it.
  const mark = stored(lotMark(lot.lot), TEXT);
  const { x, y } = parcel.label;
  return (
    <G>
      <Path d={parcel.path} fill={look.ground} />
      {look.marks ? (
        <G clipPath={`url(#lot-${parcel.id})`}>
          <Path d={marksOver(look.marks, boxOf(parcel))} stroke={look.ink} strokeWidth={MARK_WIDTH[look.marks]} strokeLinecap="round" fill="none" />
        </G>
      ) : null}
      <Path d={parcel.path} fill="none" stroke={colours.ink} strokeWidth={1.5} strokeLinejoin="round" />
      <Circle cx={x} cy={y} r={21} fill={colours.paper} stroke={colours.ink} strokeWidth={1.3} />
      <Text x={x} y={y + 7.5} textAnchor="middle" style={label(colours.ink, 21, mark.fontFamily, 600)}>
        {mark.text}
      </Text>
    </G>
  );
}

function Names() {
  const { x, y } = SITE_PLAN.north;
  return (
    <G>
      <Path d={treeCrowns(SITE_PLAN.trees)} fill={tint.canopy} stroke={tint.canopyEdge} strokeWidth={0.9} />
      {SITE_PLAN.labels.map((name) =>
        name.kind === 'building' ? (
          <Text key={name.text} x={name.x} y={name.y} textAnchor={name.anchor} style={label(colours.muted, 13, TEXT, 600)}>
            {name.text.toUpperCase()}
          </Text>
        ) : (
          <Text key={name.text} x={name.x} y={name.y + 4} textAnchor={name.anchor} style={label(name.kind === 'water' ? tint.waterEdge : colours.muted, 24)}>
            {name.text}
          </Text>
        ),
      )}
      <Circle cx={x} cy={y} r={22} fill={colours.ivory} stroke={colours.charcoal} strokeWidth={1} />
      <Path d={`M${x} ${y - 17}L${x + 7} ${y + 8}L${x} ${y + 3}L${x - 7} ${y + 8}Z`} fill={colours.charcoal} />
      <Text x={x} y={y - 27} textAnchor="middle" style={label(colours.charcoal, 14, TEXT, 600)}>
        {words.north}
      </Text>
    </G>
  );
}

/** A legend's swatch, drawn at the plan's own scale so that its marks look as they do on the lots. */
function Swatch({ standing, scale }: { standing: LotStanding | null; scale: number }) {
  const [width, height] = [SWATCH.width / scale, SWATCH.height / scale];
  const look = standing ? LOOKS[standing] : null;
  return (
    <Svg width={SWATCH.width} height={SWATCH.height} viewBox={`0 0 ${width} ${height}`}>
      <Defs>
        <ClipPath id="swatch">
          <Rect x={0} y={0} width={width} height={height} />
        </ClipPath>
      </Defs>
      <Rect x={0} y={0} width={width} height={height} fill={look?.ground ?? tint.unlisted} />
      {look?.marks ? (
        <G clipPath="url(#swatch)">
          <Path d={marksOver(look.marks, [0, 0, width, height])} stroke={look.ink} strokeWidth={MARK_WIDTH[look.marks]} strokeLinecap="round" fill="none" />
        </G>
      ) : null}
      <Rect x={0} y={0} width={width} height={height} fill="none" stroke={look ? colours.ink : colours.muted} strokeWidth={0.6 / scale} />
    </Svg>
  );
}

const SWATCH = { width: 24, height: 15 };

const styles = StyleSheet.create({
  figure: { flexDirection: 'row', alignItems: 'flex-start', marginBottom: 22 },
  plan: { flexShrink: 0 },
  key: { marginLeft: 18, flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingTop: 2 },
  keyTitle: { fontSize: 6.3, fontWeight: 600, letterSpacing: 1.6, color: colours.bronze, marginBottom: 10 },
  keyRow: { flexDirection: 'row', alignItems: 'center', marginBottom: 7 },
  keyWord: { marginLeft: 8, fontSize: 8, color: colours.text },
  note: { marginTop: 8, fontSize: 6.5, lineHeight: 1.5, color: colours.muted },
});

/**
 * Aldercrest's site plan (lib/holds/site-plan.ts) on paper, each lot with an estate filled by its standing and
 * marked with its number, and beside it the key: a standing is told by its marks as well as its tint.
 */
export function SitePlanFigure({ lots, width }: { lots: readonly PlanLot[]; width: number }) {
  const scale = width / SITE_PLAN.width;
  const byShape = new Map(lots.flatMap((lot) => (lot.shape ? [[lot.shape, lot] as const] : [])));
  const marked = SITE_PLAN.lots.filter((parcel) => {
    const lot = byShape.get(parcel.id);
    return lot && LOOKS[lot.standing].marks;
  });
  const unlisted = SITE_PLAN.lots.some((parcel) => !byShape.has(parcel.id));
  return (
    <View style={styles.figure} wrap={false}>
      <Svg width={width} height={SITE_PLAN.height * scale} viewBox={SITE_PLAN.viewBox} style={styles.plan}>
        <Defs>
          <ClipPath id="frame">
            <Rect x={0} y={0} width={SITE_PLAN.width} height={SITE_PLAN.height} />
          </ClipPath>
          {marked.map((parcel) => (
            <ClipPath key={parcel.id} id={`lot-${parcel.id}`}>
              <Path d={parcel.path} />
            </ClipPath>
          ))}
        </Defs>
        <G clipPath="url(#frame)">
          <Land />
          {SITE_PLAN.lots.map((parcel) => (
            <Lot key={parcel.id} parcel={parcel} lot={byShape.get(parcel.id)} />
          ))}
          <Names />
        </G>
      </Svg>
      <View style={styles.key}>
        <Text style={styles.keyTitle}>{words.legendLabel.toUpperCase()}</Text>
        {LOT_STANDINGS.map((standing) => (
          <View key={standing} style={styles.keyRow}>
            <Swatch standing={standing} scale={scale} />
            <Text style={styles.keyWord}>{words.legend[standing]}</Text>
          </View>
        ))}
        {unlisted ? (
          <View style={styles.keyRow}>
            <Swatch standing={null} scale={scale} />
            <Text style={styles.keyWord}>{words.unlisted}</Text>
          </View>
        ) : null}
        <Text style={styles.note}>{words.caption}</Text>
      </View>
    </View>
  );
}
