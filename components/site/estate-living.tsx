import Image from 'next/image';
import { estate } from '@/lib/copy/site';
import { SectionHeading } from './section-heading';
import styles from './estate-living.module.scss';

export function EstateLiving() {
  return (
    <section className={styles.section} aria-labelledby="estate-heading">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <SectionHeading id="estate-heading" words={estate} tone="dark" align="start" />
        </div>
        <figure className={styles.figure}>
          <div className={styles.frame}>
            <Image
              className={styles.image}
              src={estate.image.src}
              alt={estate.image.alt}
              fill
              sizes="(min-width: 90rem) 46rem, (min-width: 64rem) 55vw, 100vw"
              quality={70}
            />
          </div>
          <figcaption className={styles.caption}>{estate.caption}</figcaption>
        </figure>
        <dl className={styles.stats}>
          {estate.stats.map((stat) => (
            <div key={stat.label} className={styles.stat}>
              <dt className={styles.label}>{stat.label}</dt>
              <dd className={styles.value}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
