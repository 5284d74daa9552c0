/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planShape, PLAN_SHAPE_IDS, SITE_PLAN } from '@/lib/holds/site-plan';
import type { LotStanding } from '@/lib/holds/types';
import { renderPriceList, type PriceListLot } from '@/lib/portal/pdf';

// The price list's first page: the site plan, its key beside it, then the table (pdf.test.ts holds the rest).
const dir = mkdtempSync(path.join(tmpdir(), 'price-list-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STANDINGS: LotStanding[] = ['available', 'available', 'on_hold', 'reserved', 'under_contract', 'sold'];
/** Six lots on the plan, one of each standing and two available, and a seventh not drawn on it. */
const lots: PriceListLot[] = Array.from({ length: 7 }, (_, index) => ({
  id: `estate-${index}`,
  lot: `Lot ${index + 1}`,
  lotAcres: 1.5,
  homeSqft: 9000 + index * 100,
  bedrooms: 6,
  bathrooms: 6.5,
  standing: STANDINGS[index] ?? 'available',
  shape: PLAN_SHAPE_IDS[index * 2] && index < 6 ? PLAN_SHAPE_IDS[index * 2]! : null,
  listPrice: 12_000_000 + index * 500_000,
  changedAt: '2026-02-01T12:00:00.000Z',
}));
const make = (listed: readonly PriceListLot[]) =>
  renderPriceList({ lots: listed, broker: { name: 'Ava Lindqvist', brokerage: 'Northwood Realty' }, madeAt: new Date('2026-03-04T15:00:00Z'), timeZone: 'UTC' });

interface Word {
  text: string;
  x: number;
  y: number;
  top: number;
  bottom: number;
}

let count = 0;
function fileOf(pdf: Buffer): string {
  const file = path.join(dir, `${(count += 1)}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The first page's words, each with its centre and its top and bottom, in points. */
function wordsOf(pdf: Buffer): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', fileOf(pdf), '-'], { encoding: 'utf8' });
  return Array.from(html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g), ([, x0, y0, x1, y1, text]) => ({
    text: text!,
    x: (Number(x0) + Number(x1)) / 2,
    y: (Number(y0) + Number(y1)) / 2,
    top: Number(y0),
    bottom: Number(y1),
  }));
}

/** A lot's row in the table, on whichever page. */
const lineOf = (pdf: Buffer, lot: string) =>
  execFileSync('pdftotext', ['-layout', fileOf(pdf), '-'], { encoding: 'utf8' })
    .split('\n')
    .find((line) => line.trim().startsWith(`${lot} `))
    ?.replace(/\s+/g, ' ');

const DPI = 200;

/** The first page as grey pixels (pdftoppm's PGM), read by the point. */
function greysOf(pdf: Buffer): (x: number, y: number) => number {
  const prefix = path.join(dir, `page-${(count += 1)}`);
  execFileSync('pdftoppm', ['-gray', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile', fileOf(pdf), prefix]);
  const image = readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+\d+\s+255\s/.exec(image.subarray(0, 40).toString('latin1'))!;
  const width = Number(header[1]);
  return (x, y) => image[header[0].length + Math.round((y * DPI) / 72) * width + Math.round((x * DPI) / 72)]!;
}

/**
 * Where each lot's number stands on the plan, and the drawing's scale and origin on the page, found from the
 * numbers themselves: the words above the table's head, inside the plan's width.
 */
function planOf(words: Word[]) {
  const head = words.find((word) => word.text === 'ACRES')!;
  const summary = words.find((word) => word.text === 'estates,')!;
  const numbers = new Map(words.filter((word) => /^\d+$/.test(word.text) && word.top > summary.bottom && word.bottom < head.top && word.x < 54 + 372).map((word) => [word.text, word]));
  const [first, last] = [numbers.get('1')!, numbers.get('6')!];
  const [from, to] = [planShape(lots[0]!.shape!)!.label, planShape(lots[5]!.shape!)!.label];
  const scale = (last.x - first.x) / (to.x - from.x);
  return { numbers, head, scale, origin: { x: first.x - from.x * scale, y: first.y - from.y * scale } };
}

describe("the price list's first page", () => {
  let pdf: Buffer;
  let words: Word[];
  beforeAll(async () => {
    pdf = await make(lots);
    words = wordsOf(pdf);
  });

  it('opens with the site plan, above the table: its key, its places, and each listed lot numbered where it is drawn', () => {
    const { numbers, head, scale, origin } = planOf(words);
    const title = words.find((word) => word.text === 'Availability')!;
    const pond = words.find((word) => word.text === 'Heron')!;
    expect(title.bottom).toBeLessThan(pond.top);
    expect(pond.bottom).toBeLessThan(head.top);
    const page = words.map((word) => word.text).join(' ');
    for (const key of ['KEY TO THE PLAN', 'Available', 'On hold', 'Reserved', 'Under contract', 'Sold', 'Not yet released', 'CLUBHOUSE', 'GATEHOUSE']) {
      expect(page).toContain(key);
    }
    // The drawing keeps its proportions (372 points wide), and each number stands on its lot.
    expect(scale).toBeCloseTo(372 / SITE_PLAN.width, 2);
    expect([...numbers.keys()].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    lots.slice(0, 6).forEach((lot, index) => {
      const { label } = planShape(lot.shape!)!;
      const number = numbers.get(String(index + 1))!;
      expect(Math.abs(number.x - (origin.x + label.x * scale))).toBeLessThan(2);
      expect(Math.abs(number.y - (origin.y + label.y * scale))).toBeLessThan(2);
    });
  });

  it('tells each standing on the plan by its marks, not by its tint alone: plain, hatched, dotted, cross-hatched, solid', () => {
    const { numbers, scale, origin } = planOf(words);
    const grey = greysOf(pdf);
    /** The greys on a ring around the lot's number, outside its badge and inside the lot. */
    const around = (index: number) => {
      const { label } = planShape(lots[index]!.shape!)!;
      const greys: number[] = [];
      for (let turn = 0; turn < 16; turn += 1) {
        const angle = (turn * Math.PI) / 8;
        for (let step = -2; step <= 2; step += 1) {
          const radius = 28 + step * 1.2;
          greys.push(grey(origin.x + (label.x + radius * Math.cos(angle)) * scale, origin.y + (label.y + radius * Math.sin(angle)) * scale));
        }
      }
      expect(numbers.has(String(index + 1))).toBe(true);
      return { darkest: Math.min(...greys), lightest: Math.max(...greys) };
    };
    const [available, alsoAvailable, held, reserved, contract, sold] = [0, 1, 2, 3, 4, 5].map(around) as { darkest: number; lightest: number }[];
    for (const plain of [available!, alsoAvailable!]) expect(plain.darkest).toBeGreaterThan(235);
    expect(sold!.lightest).toBeLessThan(70);
    for (const marked of [held!, reserved!, contract!]) expect(marked.lightest - marked.darkest).toBeGreaterThan(50);
  });

  it('reads "On hold" in the table for a lot on hold, and the lot on no plan is still listed', async () => {
    expect(lineOf(pdf, 'Lot 3')).toContain('On hold');
    expect(lineOf(pdf, 'Lot 7')).toContain('Available');
    // The next document after a hold is placed on lot 1 shows it, in the table and on the plan.
    const held = await make(lots.map((lot, index) => (index === 0 ? { ...lot, standing: 'on_hold' as const } : lot)));
    expect(lineOf(held, 'Lot 1')).toContain('On hold');
    expect(lineOf(pdf, 'Lot 1')).toContain('Available');
  });
});
