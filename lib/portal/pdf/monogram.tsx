import { Path, Svg } from '@react-pdf/renderer';
import { MONOGRAM } from '@/lib/brand.mjs';

/** The Aldercrest mark (lib/brand.mjs), drawn in one colour. */
export function Monogram({ colour, height }: { colour: string; height: number }) {
  const [, , viewWidth, viewHeight] = MONOGRAM.viewBox.split(' ').map(Number) as [number, number, number, number];
  return (
    <Svg viewBox={MONOGRAM.viewBox} style={{ width: (height * viewWidth) / viewHeight, height }}>
      {MONOGRAM.strokes.map((stroke) => (
        <Path key={stroke.d} d={stroke.d} stroke={colour} strokeWidth={stroke.width} strokeLinecap="square" fill="none" />
      ))}
    </Svg>
  );
}
