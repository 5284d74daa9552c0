import type { ReactNode } from 'react';
import { Button } from './button';
import { Disclosure } from './disclosure';
import styles from './confirm-button.module.scss';

interface ConfirmButtonProps {
  /** The Server Action the confirmation posts to. */
  action: (form: FormData) => void | Promise<void>;
  /** Hidden fields posted with it: the thing's id, `confirm=yes`, where to return. */
  fields: Record<string, string>;
  /** What the first press asks for: "Remove Julien Marchetti". */
  ask: ReactNode;
  /** What happens, said before the second press. */
  warning: ReactNode;
  /** The second press: "Remove Julien Marchetti now". */
  confirm: ReactNode;
  /** Read after `ask` and `confirm` but not shown, where the words alone do not say which one ("Cancel tour" … "at 10 AM with Eleanor"). */
  more?: string;
  /** `danger` (the default) for what cannot be taken back. */
  tone?: 'danger' | 'neutral';
}

/**
 * A change that cannot be taken back, asked for and then confirmed, with or without JavaScript: the first press opens
 * what it will do and a second button that does it (a `<details>`), so nothing is posted by one stray press.
 */
export function ConfirmButton({ action, fields, ask, warning, confirm, more, tone = 'danger' }: ConfirmButtonProps) {
  const hiddenMore = more ? <span className={styles.hidden}>{more}</span> : null;
  return (
    <Disclosure
      tone={tone}
      summary={
        <>
          {ask}
          {hiddenMore}
        </>
      }
    >
      <form action={action} className={styles.form}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p>{warning}</p>
        <Button kind={tone === 'danger' ? 'danger' : 'secondary'}>
          {confirm}
          {hiddenMore}
        </Button>
      </form>
    </Disclosure>
  );
}
