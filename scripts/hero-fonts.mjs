// At build: the hero's opening words in faces of their own, written into the prerendered page. Each holds only
// the letters of the elements marked `data-hero-face` (components/site/hero.tsx), at the one weight they are set in,
// four or five kilobytes in all: the first paint shows the title in its typeface with nothing to wait for, and
// it never moves when the whole typefaces arrive after that paint. The page's script adds them from their bytes
// (scripts/first-paint.mjs); without JavaScript the hero is set in the whole typefaces, as the rest of the page is.
import { readFileSync } from 'node:fs';
import subsetFont from 'subset-font';

/**
 * A face of the hero's: its family's name, its source, the one weight it is set in, the layout features it keeps, and
 * whether its words are set in capitals.
 * @typedef {{ family: string, source: string, weight: number, features: Feature[], capitals?: boolean }} HeroFace
 */

/**
 * The faces, by the name the markup gives them; `family` is the name styles/_tokens.scss sets them in.
 * @satisfies {Record<string, HeroFace>}
 */
export const HERO_FACES = {
  display: {
    family: 'Hero Display',
    source: 'node_modules/@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
    weight: 400,
    features: ['kern'],
  },
  // The navigation, the eyebrow and the call to action are all set in capitals (text-transform), spaced so
  // widely (0.22em) that kerning them changes nothing one can see.
  text: {
    family: 'Hero Text',
    source: 'node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
    weight: 600,
    features: [],
    capitals: true,
  },
};

/** The layout table each feature a face keeps lives in (positioning or substitution); any other feature is refused. */
const FEATURE_TABLES = { kern: 'GPOS' };
/** @typedef {keyof typeof FEATURE_TABLES} Feature */
const LAYOUT_TABLES = ['GSUB', 'GPOS'];

/**
 * The layout tables none of these features lives in, which the subset would write out empty.
 * @param {Feature[]} features
 */
function emptyLayoutTables(features) {
  const kept = features.map((feature) => {
    if (!FEATURE_TABLES[feature]) throw new Error(`The hero's faces keep '${feature}': name its layout table in FEATURE_TABLES`);
    return FEATURE_TABLES[feature];
  });
  return LAYOUT_TABLES.filter((table) => !kept.includes(table));
}

/** @type {Record<string, string>} */
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Text as the browser reads it from HTML: tags and comments dropped, character references resolved.
 * @param {string} html
 */
function textOf(html) {
  return html
    .replace(/<!--[\s\S]*?-->|<[^>]*>/g, '')
    .replace(
      /&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi,
      /** @type {(reference: string, decimal?: string, hex?: string, name?: string) => string} */
      (reference, decimal, hex, name = '') =>
        decimal ? String.fromCodePoint(Number(decimal)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (ENTITIES[name.toLowerCase()] ?? reference),
    );
}

/**
 * The face the markup names.
 * @param {string} face
 * @returns {HeroFace}
 */
function heroFace(face) {
  if (!Object.hasOwn(HERO_FACES, face)) throw new Error(`data-hero-face="${face}" names no face of scripts/hero-fonts.mjs`);
  return HERO_FACES[/** @type {keyof typeof HERO_FACES} */ (face)];
}

/**
 * The text of the elements marked with each face, by face.
 * @param {string} html
 * @returns {Record<string, string>}
 */
export function heroText(html) {
  /** @type {Record<string, string>} */
  const text = {};
  for (const [, , face = '', inner = ''] of html.matchAll(/<(\w+)\b[^>]*\sdata-hero-face="(\w+)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    heroFace(face);
    text[face] = (text[face] ?? '') + textOf(inner);
  }
  return text;
}

/**
 * The hero's faces, each as [family, weight, the font's bytes in base64], for the page's script
 * (scripts/first-paint.mjs); none for a page with no marked element.
 *
 * @param {string} html
 * @returns {Promise<[string, number, string][]>}
 */
export async function heroFaces(html) {
  /** @type {[string, number, string][]} */
  const faces = [];
  for (const [face, text] of Object.entries(heroText(html))) {
    const { family, source, weight, features, capitals } = heroFace(face);
    const glyphs = [...new Set(capitals ? text.toUpperCase() : text)].sort().join('');
    // Only the layout features named, and no glyph they would reach; the variation table's axis names go with
    // the axis, the glyph classes with the marks these words have none of, and a layout table no named feature
    // lives in would be written out empty (its header and lists: 76 bytes for the text face, all in the page's
    // first round trip).
    const font = await subsetFont(readFileSync(source), glyphs, {
      targetFormat: 'woff2',
      variationAxes: { wght: weight },
      keepFeatures: features,
      noLayoutClosure: true,
      dropTables: ['STAT', 'GDEF', ...emptyLayoutTables(features)],
    });
    faces.push([family, weight, font.toString('base64')]);
  }
  return faces;
}
