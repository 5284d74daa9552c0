import { termsParagraphs } from '@/lib/admin/portal-forms';
import { teamTime } from '@/lib/admin/time';
import { leadPage } from '@/lib/copy/team';
import { termsPage as copy } from '@/lib/copy/team-brokers';
import type { CurrentTerms, TermsVersion } from '@/lib/portal/types';
import { TermsForm } from './terms-form';
import styles from './terms-manager.module.scss';

interface TermsManagerProps {
  current: CurrentTerms | null;
  versions: TermsVersion[];
  timeZone: string;
  /** The version just published, to say so. */
  published: number | null;
}

/** The co-brokerage terms: the current version as brokers read it, the means to publish a new one, and every version so far. */
export function TermsManager({ current, versions, timeZone, published }: TermsManagerProps) {
  return (
    <main className={styles.page}>
      <p>
        <a className={styles.back} href="/admin">
          ← {leadPage.back}
        </a>
      </p>
      <h1 className={styles.heading}>{copy.heading}</h1>
      <p className={styles.intro}>{copy.intro}</p>
      <p className={styles.said} role="status" data-outcome="saved">
        {published ? copy.saved.published(published) : ''}
      </p>

      <div className={styles.columns}>
        <section aria-labelledby="terms-current-heading" className={styles.card}>
          {current ? (
            <>
              <h2 id="terms-current-heading">{copy.versions.version(current.version)}</h2>
              <p className={styles.byline}>{copy.current(teamTime(current.publishedAt, timeZone))}</p>
              {/* Plain text, shown as text: React escapes it, and each paragraph keeps its line breaks. */}
              <div className={styles.terms}>
                {termsParagraphs(current.body).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </>
          ) : (
            <>
              <h2 id="terms-current-heading">{copy.heading}</h2>
              <p className={styles.quiet}>{copy.none}</p>
            </>
          )}
        </section>

        <div className={styles.side}>
          <section aria-labelledby="terms-publish-heading" className={styles.card}>
            <h2 id="terms-publish-heading">{copy.publish.heading}</h2>
            <TermsForm current={current?.body ?? ''} />
          </section>
          <section aria-labelledby="terms-versions-heading" className={styles.card}>
            <h2 id="terms-versions-heading">{copy.versions.heading}</h2>
            {versions.length ? (
              <ol className={styles.versions}>
                {versions.map((version) => (
                  <li key={version.version}>
                    <strong>
                      {copy.versions.version(version.version)}
                      {version.version === current?.version ? ` (${copy.versions.current})` : ''}
                    </strong>
                    <span className={styles.byline}>
                      {copy.versions.line(teamTime(version.publishedAt, timeZone), copy.versions.by(version.publishedBy))}
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.quiet}>{copy.versions.none}</p>
            )}
          </section>
        </div>
      </div>
    </main>
  );
}
