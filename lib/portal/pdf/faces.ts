import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Font } from '@react-pdf/renderer';
import { create, type Font as FontFile } from 'fontkit';
import { woffToSfnt } from './woff';

/**
 * The typefaces a document's words are drawn in. The brand's two families are drawn from files that hold every
 * script each has (Latin with its accents, Greek, Cyrillic, Vietnamese): a word must come from one file, as the
 * layout engine may break a line wherever the file changes. What the store holds (a broker's name and
 * brokerage, a contact's name, a lot's name) can be written in any script: Noto Sans draws what the brand's
 * families do not (Arabic, Hebrew, Chinese and Japanese, Korean, the scripts of India, Thai…), its packages cut in
 * parts by script (and the Chinese and Korean in chunks), each part a family of its own, registered the first time
 * a text needs it. `stored` gives, for one text, the words to draw and its own family followed by the parts its
 * characters need. The layout engine breaks a whole line at a character no face holds, so such a character
 * never reaches it.
 */

export const DISPLAY = 'Cormorant Garamond';
export const TEXT = 'Manrope';
type Brand = typeof DISPLAY | typeof TEXT;

type Style = 'normal' | 'italic';
interface Weight {
  weight: number;
  style: Style;
}

/** A package of faces: its folder in node_modules, its files' prefix, and the weights a document may ask of it. */
interface Source {
  dir: string;
  prefix: string;
  weights: readonly Weight[];
}

const normal = (...weights: number[]): Weight[] => weights.map((weight) => ({ weight, style: 'normal' }));

// The brand's families whole: the 4.x releases of their @fontsource packages, the last to ship one file with every
// script (the 5.x ones, which the site's pages use, are cut by script).
const CORMORANT: Source = {
  dir: 'fontsource-cormorant-garamond-all',
  prefix: 'cormorant-garamond',
  weights: [...normal(400, 500, 600), { weight: 400, style: 'italic' }],
};
const MANROPE: Source = { dir: 'fontsource-manrope-all', prefix: 'manrope', weights: normal(400, 500, 600) };
const BRAND_SOURCE: Record<Brand, Source> = { [DISPLAY]: CORMORANT, [TEXT]: MANROPE };

// Two weights: a text asking for 500 is given 400, as a browser would. Noto Sans itself last, for the Latin,
// Greek and Cyrillic letters the brand's families lack (polytonic Greek, the rarer accents); Tibetan has only a
// serif face.
const noto = (family: string): Source => ({ dir: `@fontsource/${family}`, prefix: family, weights: normal(400, 600) });
const SCRIPTS = [
  'arabic',
  'hebrew',
  'sc',
  'kr',
  'devanagari',
  'bengali',
  'gurmukhi',
  'gujarati',
  'tamil',
  'telugu',
  'kannada',
  'malayalam',
  'sinhala',
  'thai',
  'khmer',
  'armenian',
  'georgian',
  'ethiopic',
  'lao',
  'myanmar',
  'oriya',
  'syriac',
  'thaana',
  'canadian-aboriginal',
  'cherokee',
];
const NOTO: Source[] = [...SCRIPTS.map((script) => noto(`noto-sans-${script}`)), noto('noto-serif-tibetan'), noto('noto-sans')];

const packageDir = (source: Source) => path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', source.dir);

/** A file of the package, unwrapped (woff.ts). */
const faceFile = (source: Source, part: string, { weight, style }: Weight) =>
  woffToSfnt(readFileSync(path.join(packageDir(source), 'files', `${source.prefix}-${part}-${weight}-${style}.woff`)));

/** The package's faces of one part, as react-pdf registers them. */
function partFaces(source: Source, part: string) {
  return source.weights.map((weight) => ({
    src: `data:font/ttf;base64,${faceFile(source, part, weight).toString('base64')}`,
    fontWeight: weight.weight,
    ...(weight.style === 'italic' ? { fontStyle: 'italic' as const } : {}),
  }));
}

export const brandFaces = (brand: Brand) => partFaces(BRAND_SOURCE[brand], 'all');

type Range = readonly [number, number];

/**
 * A CSS unicode-range list ("U+0100-02BA,U+0304,U+4??") as ranges of code points. The packages' own lists
 * (unicode.json) say which part holds which characters; the chunks of the Chinese and Korean packages are keyed
 * "[4]", their files named by the bare number.
 */
export function parseUnicodeRange(list: string): Range[] {
  return list.split(',').map((item) => {
    const spec = item.trim().replace(/^U\+/i, '');
    if (spec.includes('-')) {
      const [from, to] = spec.split('-');
      return [parseInt(from!, 16), parseInt(to!, 16)] as const;
    }
    return [parseInt(spec.replace(/\?/g, '0'), 16), parseInt(spec.replace(/\?/g, 'f'), 16)] as const;
  });
}

interface Part {
  source: Source;
  /** The part's name in the package's file names: all, hebrew, 118. */
  name: string;
  ranges: readonly Range[];
  /** The family it is registered as: the brand's own name for its whole file. */
  family: string;
}

const EVERYTHING: readonly Range[] = [[0, 0x10ffff]];
const wholePart = (brand: Brand): Part => ({ source: BRAND_SOURCE[brand], name: 'all', ranges: EVERYTHING, family: brand });

const notoParts = (source: Source): Part[] =>
  Object.entries(JSON.parse(readFileSync(path.join(packageDir(source), 'unicode.json'), 'utf8')) as Record<string, string>).map(
    ([key, list]) => {
      const name = key.replace(/^\[(\d+)\]$/, '$1');
      return { source, name, ranges: parseUnicodeRange(list), family: `${source.prefix} ${name}` };
    },
  );

/** Each family's own part, then the parts it looks through in order; read once per process. */
const partLists = new Map<Brand, { own: Part; fallbacks: Part[] }>();
function partsFor(brand: Brand) {
  let known = partLists.get(brand);
  if (!known) {
    const greek = brand === DISPLAY ? [wholePart(TEXT)] : [];
    partLists.set(brand, (known = { own: wholePart(brand), fallbacks: [...greek, ...NOTO.flatMap(notoParts)] }));
  }
  return known;
}

// A part's ranges say what it was cut for, not that it draws each of them: its file is asked as well (at its first
// weight: the weights of a part hold the same characters).
const files = new Map<string, FontFile>();
function fileOf(part: Part): FontFile {
  let file = files.get(part.family);
  if (!file) files.set(part.family, (file = create(faceFile(part.source, part.name, part.source.weights[0]!)) as FontFile));
  return file;
}
const draws = (part: Part, codePoint: number) =>
  part.ranges.some(([from, to]) => codePoint >= from && codePoint <= to) && fileOf(part).hasGlyphForCodePoint(codePoint);

const registered = new Set<string>();
function register(part: Part): string {
  if (!registered.has(part.family)) {
    Font.register({ family: part.family, fonts: partFaces(part.source, part.name) });
    registered.add(part.family);
  }
  return part.family;
}

/** The part of a family that draws a character: its own first, or null where none does. */
function partFor(brand: Brand, codePoint: number): Part | null {
  const { own, fallbacks } = partsFor(brand);
  if (draws(own, codePoint)) return own;
  return fallbacks.find((part) => draws(part, codePoint)) ?? null;
}

// Pictographs and what joins or modifies them into one emoji: skin tones, the joiner between two, the emoji
// presentation selector, keycaps, flags' letters and tags.
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{200D}\u{FE0F}\u{20E3}\u{E0020}-\u{E007F}]/u;
// A run of them, with the space before it, which goes with it.
const PICTOGRAPHS = new RegExp(String.raw`(\s*)(${PICTOGRAPH.source}+)`, 'gu');
// Signs that would set the document's own words after them in another direction (intake refuses them too).
const DIRECTION = /[\u202A-\u202E\u2066-\u2069]/g;
// Marks, invisible signs (a joiner, a direction mark) and controls: where no face holds one, the text reads the
// same without.
const SILENT = /^[\p{M}\p{Cf}\p{Cc}]$/u;
const MISSING = '?';
const SOFT_HYPHEN = '\u00AD';

/** Where a text is drawn: the width of its line, in points, and its size. */
export interface Room {
  width: number;
  size: number;
}

const characters = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A word's width in points at a size, from its characters' advances (kerning aside). */
function widthOf(word: string, brand: Brand, size: number): number {
  let ems = 0;
  for (const character of word) {
    const codePoint = character.codePointAt(0)!;
    const part = partFor(brand, codePoint);
    if (!part) continue;
    const file = fileOf(part);
    ems += file.glyphForCodePoint(codePoint).advanceWidth / file.unitsPerEm;
  }
  return ems * size;
}

/**
 * A word too wide for its line (a name or address the store holds, written without spaces) with the places it
 * may break: between any four of its characters as a reader counts them, where the layout draws a hyphen. A
 * word that fits is left whole; the documents break no other (theme.ts). A tenth is kept in hand for a bolder
 * weight and for kerning.
 */
function breakable(word: string, brand: Brand, room: Room): string {
  if (widthOf(word, brand, room.size) <= room.width * 0.9) return word;
  const letters = Array.from(characters.segment(word), ({ segment }) => segment);
  return Array.from({ length: Math.ceil(letters.length / 4) }, (_, index) => letters.slice(index * 4, index * 4 + 4).join('')).join(SOFT_HYPHEN);
}

/**
 * A stored text as paper shows it, and the families that draw it. Emoji go, as no face of the documents draws
 * them (a name typed as "👩🏽‍💼 Zoë" is printed "Zoë"), with the spaces they leave read as one; the signs of the
 * brand's own family stay (©, ®, ™), and no sign may turn the words after it around. A character no face holds is
 * given as its plain form where that has one ("𝐙𝐨𝐞" as "Zoe"), left out where it is a mark or invisible, and
 * shown as a question mark otherwise, so that the reader sees a character is missing. Given its room, a word too
 * wide for it may break.
 */
export function stored(text: string, brand: Brand, room?: Room): { text: string; plain: string; fontFamily: string | string[] } {
  const needed = new Set<string>();
  const own = partsFor(brand).own;
  let shown = '';
  const cleaned = text
    .normalize('NFC')
    .replace(DIRECTION, '')
    .replaceAll(SOFT_HYPHEN, '')
    .replace(PICTOGRAPHS, (_, space: string, run: string) => {
      const kept = [...run].filter((sign) => sign !== '\u200D' && draws(own, sign.codePointAt(0)!)).join('');
      return kept && space + kept;
    })
    .replace(/\s+/g, ' ')
    .trim();
  const take = (character: string, part: Part) => {
    if (part !== own) needed.add(register(part));
    shown += character;
  };
  for (const character of cleaned) {
    const part = partFor(brand, character.codePointAt(0)!);
    if (part) {
      take(character, part);
      continue;
    }
    for (const each of character.normalize('NFKC')) {
      const plainPart = partFor(brand, each.codePointAt(0)!);
      if (plainPart) take(each, plainPart);
      else if (!SILENT.test(each)) shown += MISSING;
    }
  }
  const drawn = room ? shown.split(' ').map((word) => breakable(word, brand, room)).join(' ') : shown;
  return { text: drawn, plain: shown, fontFamily: needed.size ? [brand, ...needed] : brand };
}
