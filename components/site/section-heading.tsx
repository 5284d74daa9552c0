import styles from './section-heading.module.scss';

interface SectionHeadingProps {
  id: string;
  /** The section's words, from its copy: the eyebrow, the heading and the introduction under it. */
  words: { eyebrow: string; heading: string; intro?: string };
  /** `photo`: light text over a darkened photograph, where the muted grey of `dark` would not hold its contrast. */
  tone?: 'light' | 'dark' | 'photo';
  align?: 'center' | 'start';
}

/** Eyebrow, heading and introduction: the same opening for every section. */
export function SectionHeading({ id, words: { eyebrow, heading, intro }, tone = 'light', align = 'center' }: SectionHeadingProps) {
  return (
    <div className={`${styles.heading} ${styles[tone]} ${styles[align]}`}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={styles.title}>
        {heading}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
    </div>
  );
}
