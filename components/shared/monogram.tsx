import { MONOGRAM } from '@/lib/brand.mjs';

interface MonogramProps {
  className?: string;
  /** Spoken name; without it the mark is decorative. */
  title?: string;
}

/** The Aldercrest mark, drawn in the current text colour. */
export function Monogram({ className, title }: MonogramProps) {
  return (
    <svg
      className={className}
      viewBox={MONOGRAM.viewBox}
      fill="none"
      stroke="currentColor"
      strokeLinecap="square"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {MONOGRAM.strokes.map((stroke) => (
        <path key={stroke.d} d={stroke.d} strokeWidth={stroke.width} />
      ))}
    </svg>
  );
}
