import type { ReactNode } from 'react';

/** One fact in a `<dl>` styled by the `fact-list` mixin: its label above it; `wide` across the list (a note, a reason). */
export function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div data-wide={wide ? '' : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
