import styles from './skip-link.module.scss';

export function SkipLink() {
  return (
    <a className={styles.skipLink} href="#main" data-hero-face="text">
      Skip to content
    </a>
  );
}
