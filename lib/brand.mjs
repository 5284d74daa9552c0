// The Aldercrest monogram, an A inside an arched gateway: one drawing, shown inline by components/shared/monogram.tsx
// and rendered into the favicon and app icons by scripts/build-brand.mjs (npm run brand).

export const MONOGRAM = {
  viewBox: '0 0 48 60',
  strokes: [
    { d: 'M3 58V24a21 21 0 0 1 42 0v34z', width: 1.6 },
    { d: 'M7 54.5V24.5a17 17 0 0 1 34 0v30z', width: 0.7, hairline: true },
    { d: 'M15 47 24 16l9 31M18.6 35.5h10.8', width: 1.6 },
    { d: 'M12 47h7M29 47h7', width: 1.2 },
  ],
};

export const BRAND_COLOURS = { ink: '#0e1113', champagne: '#e2c994', ivory: '#f7f3ec' };

/**
 * The monogram on a square tile, as SVG. Small icons drop the hairline and
 * thicken the strokes, which would otherwise vanish at 16 px.
 */
export function monogramTile({ strokeScale = 1.6, radius = 12 } = {}) {
  const strokes = MONOGRAM.strokes
    .filter((stroke) => !stroke.hairline)
    .map((stroke) => `<path d="${stroke.d}" stroke-width="${(stroke.width * strokeScale).toFixed(2)}"/>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="${radius}" fill="${BRAND_COLOURS.ink}"/>` +
    `<g transform="translate(14.2 9.8) scale(0.74)" fill="none" stroke="${BRAND_COLOURS.champagne}" stroke-linecap="square">${strokes}</g>` +
    `</svg>\n`
  );
}
