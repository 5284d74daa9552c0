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

export { DISPLAY, stored, TEXT, type Room } from './faces';

let registered = false;

/** The brand's typefaces for react-pdf, registered once per process. */
export function registerFonts(): void {
  if (registered) return;
  Font.register({ family: DISPLAY, fonts: brandFaces(DISPLAY) });
  Font.register({ family: TEXT, fonts: brandFaces(TEXT) });
  // A word breaks across lines only where `stored` (faces.ts) marked it too wide for its line: a hyphen in a name
  // or a figure otherwise reads as a mistake.
  Font.registerHyphenationCallback((word) => word.split('\u00AD'));
  registered = true;
}
