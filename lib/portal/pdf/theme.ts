import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Font } from '@react-pdf/renderer';
import { BRAND_COLOURS } from '@/lib/brand.mjs';
import { woffToSfnt } from './woff';

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

export const DISPLAY = 'Cormorant Garamond';
export const TEXT = 'Manrope';

/**
 * A face of the @fontsource packages (static weights as WOFF: react-pdf reads neither WOFF2 nor variable faces),
 * unwrapped (woff.ts) and handed over as a data: URL.
 */
function face(family: string, weight: number, style: 'normal' | 'italic' = 'normal'): string {
  const file = path.join(
    /* turbopackIgnore: true */ process.cwd(),
    'node_modules',
    '@fontsource',
    family,
    'files',
    `${family}-latin-${weight}-${style}.woff`,
  );
  return `data:font/ttf;base64,${woffToSfnt(readFileSync(file)).toString('base64')}`;
}

let registered = false;

/** The brand's typefaces for react-pdf, registered once per process. */
export function registerFonts(): void {
  if (registered) return;
  Font.register({
    family: DISPLAY,
    fonts: [
      { src: face('cormorant-garamond', 400), fontWeight: 400 },
      { src: face('cormorant-garamond', 400, 'italic'), fontWeight: 400, fontStyle: 'italic' },
      { src: face('cormorant-garamond', 500), fontWeight: 500 },
      { src: face('cormorant-garamond', 600), fontWeight: 600 },
    ],
  });
  Font.register({
    family: TEXT,
    fonts: [
      { src: face('manrope', 400), fontWeight: 400 },
      { src: face('manrope', 500), fontWeight: 500 },
      { src: face('manrope', 600), fontWeight: 600 },
    ],
  });
  // Words are never broken across lines: a hyphen in a name or a figure reads as a mistake.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
