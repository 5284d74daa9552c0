// Draws the brand assets: the wordmark as SVG outlines (no font needed to show it) into public/brand/wordmark.svg,
// and the monogram into the favicon (app/icon.png) and the home-screen icon (app/apple-icon.png). The favicon is a
// picture, not a drawing: the browser has the page decode its icon, and a drawing is a document of its own, built on
// the page's main thread during the load (3 to 10 ms on this project's hosts; BENCHMARKS.md).
// Run after changing either: npm run brand. Typefaces: Cormorant Garamond and Manrope (SIL Open Font License).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import opentype from 'opentype.js';
import sharp from 'sharp';
import { monogramTile } from '../lib/brand.mjs';

/** @param {string} file */
const load = (file) => opentype.parse(readFileSync(file).buffer);
const display = load('node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff');
const text = load('node_modules/@fontsource/manrope/files/manrope-latin-500-normal.woff');

/**
 * Text set with extra tracking (kerning off: opentype.js reads this font's GPOS kerning as NaN; tracked capitals need none) (in em), starting at x on baseline y.
 * @param {import('opentype.js').Font} font
 * @param {string} string
 * @param {{ size: number, tracking: number, x?: number, y?: number }} setting
 */
function setLine(font, string, { size, tracking, x = 0, y = 0 }) {
  const path = font.getPath(string, x, y, size, { kerning: false, letterSpacing: tracking });
  // The advance of the last letter carries tracking too; the visible width is the outline's.
  const box = path.getBoundingBox();
  return { path, width: box.x2 - box.x1 };
}

const NAME_SIZE = 100;
const name = setLine(display, 'ALDERCREST', { size: NAME_SIZE, tracking: 0.16 });
const nameBox = name.path.getBoundingBox();

// ESTATES sits under the name, centred, small and widely spaced, between two hairlines.
const SUFFIX_SIZE = 26;
const suffixProbe = setLine(text, 'ESTATES', { size: SUFFIX_SIZE, tracking: 0.62 });
const suffixX = nameBox.x1 + (nameBox.x2 - nameBox.x1 - suffixProbe.width) / 2;
const suffixBaseline = nameBox.y2 + 52;
const suffix = setLine(text, 'ESTATES', { size: SUFFIX_SIZE, tracking: 0.62, x: suffixX, y: suffixBaseline });
const suffixBox = suffix.path.getBoundingBox();

const ruleY = (suffixBox.y1 + suffixBox.y2) / 2;
const gap = 26;
const rules = `M${nameBox.x1.toFixed(1)} ${ruleY.toFixed(1)}H${(suffixBox.x1 - gap).toFixed(1)}M${(suffixBox.x2 + gap).toFixed(1)} ${ruleY.toFixed(1)}H${nameBox.x2.toFixed(1)}`;

// A hair of margin, so that antialiasing at the edges is not cut off.
const MARGIN = 2;
const x = nameBox.x1 - MARGIN;
const y = nameBox.y1 - MARGIN;
const width = nameBox.x2 - nameBox.x1 + 2 * MARGIN;
const height = suffixBox.y2 - nameBox.y1 + 2 * MARGIN;

// Path data written out here: opentype.js's own toPathData prints some whole-number coordinates as NaN.
/** @param {number} value */
const number = (value) => String(Math.round(value * 10) / 10);
/** @param {import('opentype.js').Path} path */
function pathData(path) {
  return path.commands
    .map((command) => {
      if (command.type === 'Z') return 'Z';
      const points = command.type === 'C' ? [command.x1, command.y1, command.x2, command.y2] : command.type === 'Q' ? [command.x1, command.y1] : [];
      return command.type + [...points, command.x, command.y].map(number).join(' ');
    })
    .join('');
}

const IVORY = '#f7f3ec';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x.toFixed(1)} ${y.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}" role="img" aria-label="Aldercrest Estates">
<title>Aldercrest Estates</title>
<g fill="${IVORY}"><path d="${pathData(name.path)}"/><path d="${pathData(suffix.path)}"/></g>
<path d="${rules}" stroke="${IVORY}" stroke-width="1.5" fill="none"/>
</svg>
`;
mkdirSync('public/brand', { recursive: true });
writeFileSync('public/brand/wordmark.svg', svg);
console.log(`public/brand/wordmark.svg: ${width.toFixed(0)} x ${height.toFixed(0)} units, ${svg.length} bytes`);

await sharp(Buffer.from(monogramTile()), { density: 300 }).resize(96, 96).png().toFile('app/icon.png');
// iOS rounds the corners itself and shows transparency as black: a full square tile.
await sharp(Buffer.from(monogramTile({ radius: 0 })), { density: 300 }).resize(180, 180).png().toFile('app/apple-icon.png');
console.log('app/icon.png, app/apple-icon.png');
