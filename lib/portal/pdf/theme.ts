import { Font } from '@react-pdf/renderer';
import { BRAND_COLOURS } from '@/lib/brand.mjs';
import { brandFaces, DISPLAY, TEXT } from './faces';

/** The palette of styles/_tokens.scss, for paper. */
export const colours = {
  ink: BRAND_COLOURS.ink,
  charcoal: '#171b1e',
  ivory: BRAND_COLOURS.ivory,
  stone: '#ece5d8',
  sand: '#d9cdb8',
  champagne: '#c8a96e',
  champagneLight: BRAND_COLOURS.champagne,
  /** Champagne dark enough for text on white and ivory. */
  bronze: '#7d6235',
  text: '#1c1f22',
  muted: '#565049',
  mutedOnDark: '#c9c2b6',
  rule: '#d9d3c9',
  paper: '#ffffff',
} as const;

export { DISPLAY, stored, TEXT } from './faces';

/** A word longer than this, in characters as a reader counts them, may be broken across lines. */
const LONG_WORD = 16;
const characters = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Where a word may be broken across lines (react-pdf draws a hyphen at the break). A word of ordinary length is
 * never broken: a hyphen in a name or a figure reads as a mistake. One longer than its line can hold (a name or an
 * address the store holds, written without spaces) would run over the next column or off the page, so a long word
 * may break between any four of its characters, which the layout, weighing a break there against a break at a
 * space, does only where it must.
 */
export function breakable(word: string): string[] {
  const letters = Array.from(characters.segment(word), ({ segment }) => segment);
  if (letters.length <= LONG_WORD) return [word];
  return Array.from({ length: Math.ceil(letters.length / 4) }, (_, index) => letters.slice(index * 4, index * 4 + 4).join(''));
}

let registered = false;

/** The brand's typefaces for react-pdf, registered once per process. */
export function registerFonts(): void {
  if (registered) return;
  Font.register({ family: DISPLAY, fonts: brandFaces(DISPLAY) });
  Font.register({ family: TEXT, fonts: brandFaces(TEXT) });
  Font.registerHyphenationCallback(breakable);
  registered = true;
}
