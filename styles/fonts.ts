import localFont from 'next/font/local';

// Self-hosted from the @fontsource packages: the page requests no other host. Neither is preloaded: on the
// prerendered page they are asked for once the first paint is on screen (scripts/first-paint.mjs), the text
// set until then in the generic families (styles/globals.scss says why); the hero's opening words have faces of
// their own, in the page itself (scripts/hero-fonts.mjs). Where nothing waits for the paint (without
// JavaScript, a page reloaded or opened at one of its parts), the text is set until they arrive in a local face
// with their metrics, then in the generic family alone (no other names: styles/_tokens.scss says why).
export const displayFont = localFont({
  src: '../node_modules/@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
  variable: '--font-display',
  weight: '300 700',
  display: 'swap',
  preload: false,
  adjustFontFallback: 'Times New Roman',
  fallback: ['serif'],
});

export const textFont = localFont({
  src: '../node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
  variable: '--font-text',
  weight: '200 800',
  display: 'swap',
  preload: false,
  adjustFontFallback: 'Arial',
  fallback: ['sans-serif'],
});
