import { isPlanShape, lotMark, PLAN_SHAPE_IDS, planShape, SITE_PLAN, treeCrowns } from '@/lib/holds/site-plan';

type Point = { x: number; y: number };

/** A lot's outline read from its path here, not by the module's own reader: moves and lines only, closed. */
function outline(path: string): Point[] {
  expect(path).toMatch(/^M[-\d. ]+(L[-\d. ]+)+Z$/);
  return path
    .slice(1, -1)
    .split('L')
    .map((pair) => pair.trim().split(' ').map(Number))
    .map(([x, y]) => ({ x: x!, y: y! }));
}

/** Whether a point is strictly inside a polygon (even-odd crossings). */
function inside({ x, y }: Point, polygon: Point[]): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) within = !within;
  }
  return within;
}

/** The distance from a point to the nearest edge of a polygon. */
function distanceToEdge(point: Point, polygon: Point[]): number {
  return Math.min(
    ...polygon.map((a, index) => {
      const b = polygon[(index + 1) % polygon.length]!;
      const [dx, dy] = [b.x - a.x, b.y - a.y];
      const t = Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy));
    }),
  );
}

/** Whether two segments cross each other at a point inside both (touching ends and shared lines do not). */
function cross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  const [s1, s2, s3, s4] = [side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b)];
  return s1 * s2 < 0 && s3 * s4 < 0;
}

const lots = SITE_PLAN.lots.map((lot) => ({ ...lot, corners: outline(lot.path) }));

describe('the site plan', () => {
  it('draws 16 to 24 lots, each with an id the database takes (kebab-case) and a name of its own', () => {
    expect(lots.length).toBeGreaterThanOrEqual(16);
    expect(lots.length).toBeLessThanOrEqual(24);
    for (const lot of lots) {
      expect(lot.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      // supabase/migrations/…_holds.sql: private.estates.plan_shape
      expect(lot.id).toMatch(/^[a-z][a-z0-9-]{0,39}$/);
      expect(lot.name.trim()).toBe(lot.name);
    }
    expect(new Set(lots.map((lot) => lot.id)).size).toBe(lots.length);
    expect(new Set(lots.map((lot) => lot.name)).size).toBe(lots.length);
    expect(lots.map((lot) => lot.id)).toContain('heron-pond');
  });

  it('keeps every lot inside its viewBox', () => {
    expect(SITE_PLAN.viewBox).toBe(`0 0 ${SITE_PLAN.width} ${SITE_PLAN.height}`);
    for (const { corners } of lots) {
      expect(corners.length).toBeGreaterThanOrEqual(3);
      for (const { x, y } of corners) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(SITE_PLAN.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(SITE_PLAN.height);
      }
    }
  });

  it("labels each lot inside it, with room for its number's badge, and inside no other", () => {
    for (const lot of lots) {
      expect(inside(lot.label, lot.corners)).toBe(true);
      // The badge at its largest is 14 units scaled 2.4 times, on a phone 320 px wide (site-plan.module.scss).
      expect(distanceToEdge(lot.label, lot.corners)).toBeGreaterThan(14 * 2.4);
      for (const other of lots) if (other !== lot) expect(inside(lot.label, other.corners)).toBe(false);
    }
  });

  it('lets no two lots overlap: no edge crosses another lot\'s, and no corner stands inside another lot', () => {
    const overlaps: string[] = [];
    for (const lot of lots) {
      for (const other of lots) {
        if (other === lot) continue;
        if (lot.corners.some((corner) => inside(corner, other.corners) && distanceToEdge(corner, other.corners) > 0.01)) overlaps.push(`${lot.id} in ${other.id}`);
        const edges = (corners: Point[]) => corners.map((a, i) => [a, corners[(i + 1) % corners.length]!] as const);
        if (edges(lot.corners).some(([a, b]) => edges(other.corners).some(([c, d]) => cross(a, b, c, d)))) overlaps.push(`${lot.id} across ${other.id}`);
      }
    }
    expect(overlaps).toEqual([]);
  });

  it('draws the gate, the drives and Heron Pond, and names the pond on the land', () => {
    const kinds = SITE_PLAN.features.map((feature) => feature.kind);
    for (const kind of ['gate', 'drive', 'water', 'building'] as const) expect(kinds).toContain(kind);
    expect(SITE_PLAN.features.find((feature) => feature.kind === 'water')?.name).toBe('Heron Pond');
    expect(SITE_PLAN.labels.map((label) => label.text)).toContain('Heron Pond');
    // The pond's label stands in no lot.
    const pond = SITE_PLAN.labels.find((label) => label.text === 'Heron Pond')!;
    for (const lot of lots) expect(inside(pond, lot.corners)).toBe(false);
  });

  it('plants no tree in a lot', () => {
    for (const [x, y] of [...SITE_PLAN.trees, ...SITE_PLAN.woods]) {
      for (const lot of lots) expect(inside({ x, y }, lot.corners)).toBe(false);
    }
    expect(treeCrowns([[10, 20, 5]])).toBe('M5 20a5 5 0 1 0 10 0a5 5 0 1 0 -10 0Z');
  });
});

describe('finding a shape', () => {
  it('knows each of its ids, and nothing else', () => {
    expect(PLAN_SHAPE_IDS).toEqual(lots.map((lot) => lot.id));
    for (const id of PLAN_SHAPE_IDS) {
      expect(isPlanShape(id)).toBe(true);
      expect(planShape(id)?.id).toBe(id);
    }
    for (const id of ['', 'Heron-Pond', 'heron pond', 'nowhere', 'heron-pond ']) {
      expect(isPlanShape(id)).toBe(false);
      expect(planShape(id)).toBeNull();
    }
  });
});

describe("a lot's mark on the plan", () => {
  it.each([
    ['Lot 2', '2'],
    ['2A', '2A'],
    ['lot 14', '14'],
    ['Lot 12 · The Orchard', '12'],
    ['Lot3·TheOrchardOverlook', '3'],
    ['Lot #7', '7'],
    ['The Crest', 'TC'],
    ['Lotus Grove', 'LG'],
    ['Lot', 'Lot'],
    ['Lot 7 · 松の庭', '7'],
    ['Lot 123456', '1234'],
  ])('%s is marked %s', (lot, mark) => {
    expect(lotMark(lot)).toBe(mark);
  });
});
