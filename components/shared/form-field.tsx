import type { ReactNode } from 'react';
import styles from './form-field.module.scss';

/** What the field hands its control: spread it on the `<input>`, `<select>` or `<textarea>`. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  /** The control's id; the hint's and the error's ids are made from it. */
  id: string;
  label: ReactNode;
  /** What the field takes, under it. */
  hint?: ReactNode;
  /** What to change, under it, in the error red; the field is marked invalid while there is one. */
  error?: ReactNode;
  /** Marked invalid though its words are said elsewhere (a form's list of what to change, under `describedBy`). */
  invalid?: boolean;
  /** Other elements that describe the control, read first: a form's refusal that names this field. */
  describedBy?: string;
  /** `choice`: a checkbox or a radio before its label, on one line. */
  layout?: 'stacked' | 'choice';
  /** The label read but not shown, where a heading or a column says it already. */
  labelHidden?: boolean;
  /** Across the whole row of a form laid out in columns. */
  wide?: boolean;
  /** Its name, on the field (`data-field`), for a form's own layout rules. */
  name?: string;
  /** Beside the control, on its line where there is room: the button of a form of one field ("Save"). */
  beside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A form's field: its label, its control, a hint and an error under it, and the wiring between them (`htmlFor`,
 * `aria-describedby` naming the error then the hint, `aria-invalid`). The control is the caller's own element, so
 * that every attribute stays in sight: `{(control) => <input {...control} name="email" type="email" />}`.
 */
export function FormField({ id, label, hint, error, invalid, describedBy, layout = 'stacked', labelHidden, wide, name, beside, children }: FormFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const described = [describedBy, errorId, hintId].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id,
    className: styles.control!,
    ...(error || invalid ? { 'aria-invalid': true as const } : {}),
    ...(described ? { 'aria-describedby': described } : {}),
  };
  return (
    <div className={styles.field} data-layout={layout} data-wide={wide ? '' : undefined} data-field={name}>
      {layout === 'choice' ? children(control) : null}
      <label htmlFor={id} className={labelHidden ? styles.hidden : styles.label}>
        {label}
      </label>
      {layout === 'choice' ? null : beside ? (
        <div className={styles.beside}>
          {children(control)}
          {beside}
        </div>
      ) : (
        children(control)
      )}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
