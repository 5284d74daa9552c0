'use client';

import { useFormStatus } from 'react-dom';

/**
 * The tour page's confirm button: once the script runs, it holds still while its post is under way, so a second
 * press does not send it again. Without JavaScript it is a plain submit button.
 */
export function TourSubmit({ className, label }: { className?: string; label: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={className} disabled={pending} aria-disabled={pending}>
      {label}
    </button>
  );
}
