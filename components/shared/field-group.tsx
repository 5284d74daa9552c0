import type { ReactNode } from 'react';
import styles from './field-group.module.scss';

interface FieldGroupProps {
  /** Names the group in its `<legend>`, and describes the hint with it: `{id}-hint`. */
  id: string;
  legend: ReactNode;
  /** What the group takes, under the legend, read with each field as the group is entered. */
  hint?: ReactNode;
  /** Marked invalid, where nothing in it was chosen. */
  invalid?: boolean;
  /** The fields' own layout (a grid of columns, rows of two times); one under another unless told. */
  className?: string;
  children: ReactNode;
}

/** Fields that answer one question together (a choice of radios, a week's hours): a `<fieldset>` with its legend. */
export function FieldGroup({ id, legend, hint, invalid, className, children }: FieldGroupProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset id={id} className={styles.group} aria-describedby={hintId} aria-invalid={invalid || undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={className ? `${styles.fields} ${className}` : styles.fields}>{children}</div>
    </fieldset>
  );
}
