import { termsParagraphs } from '@/lib/admin/portal-forms';
import { teamTime } from '@/lib/admin/time';
import { termsPage as copy } from '@/lib/copy/team-brokers';
import type { CurrentTerms, TermsVersion } from '@/lib/portal/types';
import { Columns } from '../shared/columns';
import { EmptyState } from '../shared/empty-state';
import { EventList } from '../shared/event-list';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
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
    <PageColumn
      heading={copy.heading}
      intro={copy.intro}
      status={published ? { tone: 'success', text: copy.saved.published(published) } : null}
    >
      <Columns
        main={
          current ? (
            <Panel id="terms-current" heading={copy.versions.version(current.version)} byline={copy.current(teamTime(current.publishedAt, timeZone))}>
              {/* Plain text, shown as text: React escapes it, and each paragraph keeps its line breaks. */}
              <div className={styles.terms}>
                {termsParagraphs(current.body).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </Panel>
          ) : (
            <Panel id="terms-current" heading={copy.heading}>
              <EmptyState>{copy.none}</EmptyState>
            </Panel>
          )
        }
        side={
          <>
            <Panel id="terms-publish" heading={copy.publish.heading}>
              <TermsForm current={current?.body ?? ''} />
            </Panel>
            <Panel id="terms-versions" heading={copy.versions.heading}>
              {versions.length ? (
                <EventList
                  events={versions.map((version) => ({
                    key: String(version.version),
                    what: (
                      <strong>
                        {copy.versions.version(version.version)}
                        {version.version === current?.version ? ` (${copy.versions.current})` : ''}
                      </strong>
                    ),
                    byline: copy.versions.line(teamTime(version.publishedAt, timeZone), copy.versions.by(version.publishedBy)),
                  }))}
                />
              ) : (
                <EmptyState>{copy.versions.none}</EmptyState>
              )}
            </Panel>
          </>
        }
      />
    </PageColumn>
  );
}
