import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Font } from '@react-pdf/renderer';
import { create, type Font as FontFile } from 'fontkit';
import { woffToSfnt } from './woff';

/**
 * The typefaces a document's words are drawn in. The brand's two families come as @fontsource packages in parts,
 * one per script (latin, latin-ext, vietnamese, greek, cyrillic…), and the documents' own words need the latin
 * part alone. What the store holds (a broker's name and brokerage, a contact's name, a lot's name) can be written
 * in any script: the brand's other parts draw what they hold, and Noto Sans what neither family has (Arabic,
 * Hebrew, Chinese and Japanese, Korean, the scripts of India, Thai…). Each part is a family of its own, registered
 * the first time a text needs it; `stored` gives, for one text, the words to draw and its own family followed by
 * the parts its characters need. The layout engine breaks a whole line at a character no face holds, so such a
 * character never reaches it.
 */

export const DISPLAY = 'Cormorant Garamond';
export const TEXT = 'Manrope';
type Brand = typeof DISPLAY | typeof TEXT;

type Style = 'normal' | 'italic';
interface Weight {
  weight: number;
  style: Style;
}

/** One @fontsource package: its folder, and the weights a document may ask of it. */
interface Source {
  id: string;
  weights: readonly Weight[];
}

const normal = (...weights: number[]): Weight[] => weights.map((weight) => ({ weight, style: 'normal' }));

const CORMORANT: Source = { id: 'cormorant-garamond', weights: [...normal(400, 500, 600), { weight: 400, style: 'italic' }] };
const MANROPE: Source = { id: 'manrope', weights: normal(400, 500, 600) };
// Two weights: a text asking for 500 is given 400, as a browser would.
const NOTO: Source[] = [
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
].map((script) => ({ id: `noto-sans-${script}`, weights: normal(400, 600) }));

/** Where each family looks for a character its own latin part lacks, in order. */
const FALLBACKS: Record<Brand, Source[]> = { [DISPLAY]: [CORMORANT, MANROPE, ...NOTO], [TEXT]: [MANROPE, ...NOTO] };
const BRAND_SOURCE: Record<Brand, Source> = { [DISPLAY]: CORMORANT, [TEXT]: MANROPE };

const packageDir = (id: string) =>
  path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', '@fontsource', id);

/** A file of the package, unwrapped (woff.ts). */
const faceFile = (id: string, part: string, { weight, style }: Weight) =>
  woffToSfnt(readFileSync(path.join(packageDir(id), 'files', `${id}-${part}-${weight}-${style}.woff`)));

/** The package's faces of one part, as react-pdf registers them. */
function partFaces(source: Source, part: string) {
  return source.weights.map((weight) => ({
    src: `data:font/ttf;base64,${faceFile(source.id, part, weight).toString('base64')}`,
    fontWeight: weight.weight,
    ...(weight.style === 'italic' ? { fontStyle: 'italic' as const } : {}),
  }));
}

export const brandFaces = (brand: Brand) => partFaces(BRAND_SOURCE[brand], 'latin');

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
  /** The part's name in the package's file names: latin-ext, hebrew, 118. */
  name: string;
  ranges: Range[];
}

const unicodeTable = (source: Source) =>
  JSON.parse(readFileSync(path.join(packageDir(source.id), 'unicode.json'), 'utf8')) as Record<string, string>;

const partsOf = (source: Source): Part[] =>
  Object.entries(unicodeTable(source)).map(([name, list]) => ({
    source,
    name: name.replace(/^\[(\d+)\]$/, '$1'),
    ranges: parseUnicodeRange(list),
  }));

/** Each family's own latin part, then the parts it looks through in order; read once per process. */
const partLists = new Map<Brand, { own: Part; fallbacks: Part[] }>();
function partsFor(brand: Brand) {
  let known = partLists.get(brand);
  if (!known) {
    const fallbacks = FALLBACKS[brand].flatMap(partsOf);
    const own = fallbacks.find((part) => part.source === BRAND_SOURCE[brand] && part.name === 'latin')!;
    partLists.set(brand, (known = { own, fallbacks: fallbacks.filter((part) => part.name !== 'latin') }));
  }
  return known;
}

// A part's ranges say what it was cut for, not that it draws each of them: its file is asked as well.
const files = new Map<Part, FontFile>();
function draws(part: Part, codePoint: number): boolean {
  if (!part.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) return false;
  let file = files.get(part);
  if (!file) files.set(part, (file = create(faceFile(part.source.id, part.name, part.source.weights[0]!)) as FontFile));
  return file.hasGlyphForCodePoint(codePoint);
}

const familyOf = (part: Part) => `${part.source.id} ${part.name}`;
const registered = new Set<string>();

function register(part: Part): string {
  const family = familyOf(part);
  if (!registered.has(family)) {
    Font.register({ family, fonts: partFaces(part.source, part.name) });
    registered.add(family);
  }
  return family;
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

/**
 * A stored text as paper shows it, and the families that draw it. Emoji go, as no face of the documents draws
 * them (a name typed as "👩🏽‍💼 Zoë" is printed "Zoë"), with the spaces they leave read as one; the signs of the
 * brand's own part stay (©, ®, ™), and no sign may turn the words after it around. A character no face holds is
 * given as its plain form where that has one ("𝐙𝐨𝐞" as "Zoe"), left out where it is a mark or invisible, and
 * shown as a question mark otherwise, so that the reader sees a character is missing.
 */
export function stored(text: string, brand: Brand): { text: string; fontFamily: string | string[] } {
  const needed = new Set<string>();
  const own = partsFor(brand).own;
  let shown = '';
  const cleaned = text
    .replace(DIRECTION, '')
    .replace(PICTOGRAPHS, (_, space: string, run: string) => {
      const kept = [...run].filter((sign) => sign !== '\u200D' && draws(own, sign.codePointAt(0)!)).join('');
      return kept && space + kept;
    })
    .replace(/\s+/g, ' ')
    .trim();
  for (const character of cleaned) {
    for (const each of partFor(brand, character.codePointAt(0)!) ? character : character.normalize('NFKC')) {
      const part = partFor(brand, each.codePointAt(0)!);
      if (part) {
        if (part !== own) needed.add(register(part));
        shown += each;
      } else if (!SILENT.test(each)) shown += MISSING;
    }
  }
  return { text: shown, fontFamily: needed.size ? [brand, ...needed] : brand };
}
