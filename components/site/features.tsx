import { features } from '@/lib/copy/site';
import { FeatureIcon } from './feature-icon';
import { SectionHeading } from './section-heading';
import styles from './features.module.scss';

export function Features() {
  return (
    <section className={styles.section} aria-labelledby="features-heading">
      <div className={styles.inner}>
        <SectionHeading id="features-heading" words={features} />
        <ul className={styles.grid}>
          {features.items.map((item, index) => (
            <li key={item.title} className={styles.card}>
              <div className={styles.cardTop} aria-hidden="true">
                <FeatureIcon name={item.icon} className={styles.icon} />
                <span className={styles.index}>{String(index + 1).padStart(2, '0')}</span>
              </div>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.body}>{item.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
