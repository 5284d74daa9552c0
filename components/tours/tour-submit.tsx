'use client';

import { useFormStatus } from 'react-dom';
import { Button } from '../shared/button';

/**
 * The tour page's confirm button: once the script runs, it holds still while its post is under way, so a second
 * press does not send it again. Without JavaScript it is a plain submit button.
 */
export function TourSubmit({ kind, label }: { kind: 'primary' | 'danger'; label: string }) {
  const { pending } = useFormStatus();
  return (
    <Button kind={kind} disabled={pending} aria-disabled={pending}>
      {label}
    </Button>
  );
}
