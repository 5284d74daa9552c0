import styles from './charts.module.scss';

interface StepBarsProps {
  /** Each step's name, how many reached it, and the share of the step before that did (`null` for the first). */
  steps: { label: string; count: number; share: number | null }[];
}

/**
 * A bar per step, its length the step's count against the largest, with its name and its figures written beside it in
 * HTML (they wrap and keep their size at any width); the bars themselves are hidden from screen readers, which read the
 * table.
 */
export function StepBars({ steps }: StepBarsProps) {
  const largest = Math.max(1, ...steps.map((step) => step.count));
  return (
    <ol className={styles.steps} aria-hidden="true">
      {steps.map((step) => (
        <li key={step.label}>
          <span className={styles.stepName}>{step.label}</span>
          <span className={styles.stepTrack}>
            <span className={styles.stepBar} style={{ inlineSize: `${(step.count / largest) * 100}%` }} data-empty={step.count === 0 ? '' : undefined} />
          </span>
          <span className={styles.stepCount}>
            {step.count}
            {step.share === null ? null : <span className={styles.stepShare}>{Math.round(step.share * 100)} %</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
