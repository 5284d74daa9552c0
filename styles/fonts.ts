import localFont from 'next/font/local';

// Self-hosted from the @fontsource packages: the page requests no other host. Neither is preloaded: on the
// prerendered page they are asked for once the first paint is on screen (scripts/first-paint.mjs), and until
// they arrive the text is set in a local face with their metrics; the hero's opening words have faces of their
// own, in the page itself (scripts/hero-fonts.mjs). The family names are those the fallbacks are known by in
// styles/globals.scss.
export const displayFont = localFont({
  src: '../node_modules/@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
  variable: '--font-display',
  weight: '300 700',
  display: 'swap',
  preload: false,
  adjustFontFallback: 'Times New Roman',
  fallback: ['Georgia', 'Times New Roman', 'serif'],
});

export const textFont = localFont({
  src: '../node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
  variable: '--font-text',
  weight: '200 800',
  display: 'swap',
  preload: false,
  adjustFontFallback: 'Arial',
  fallback: ['system-ui', 'Segoe UI', 'Helvetica', 'Arial', 'sans-serif'],
});
