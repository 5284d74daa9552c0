import { features } from '@/lib/content';
import { FeatureIcon } from './feature-icon';
import { SectionHeading } from './section-heading';
import styles from './features.module.scss';

export function Features() {
  return (
    <section className={styles.section} aria-labelledby="features-heading">
      <div className={styles.inner}>
        <SectionHeading id="features-heading" eyebrow={features.eyebrow} heading={features.heading} intro={features.intro} />
        <ul className={styles.grid}>
          {features.items.map((item) => (
            <li key={item.title} className={styles.card}>
              <FeatureIcon name={item.icon} className={styles.icon} />
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.body}>{item.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
