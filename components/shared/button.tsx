import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.scss';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary`: the form's one main action, filled; `secondary`: outlined in ink; `danger`: outlined in the error red. */
  kind?: 'primary' | 'secondary' | 'danger';
}

/** The back office's button, as large as a fingertip. A submit button unless told otherwise. */
export function Button({ kind = 'primary', type = 'submit', className, ...rest }: ButtonProps) {
  return <button type={type} className={className ? `${styles.button} ${className}` : styles.button} data-kind={kind} {...rest} />;
}
