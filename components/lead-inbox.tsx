import { inbox, site } from '@/lib/content';
import type { InboxView } from '@/lib/admin/inbox';
import type { LeadField } from '@/lib/leads/fields';
import { Monogram } from './monogram';
import styles from './lead-inbox.module.scss';

interface LeadInboxProps {
  view: InboxView;
  page: number;
  pageSize: number;
  totals: Record<InboxView, number>;
  leads: ({ id: string; created_at: string } & Partial<Record<LeadField, string | null>>)[];
}

const received = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The sales team's view of one list of leads, newest first, a page at a time. */
export function LeadInbox({ view, page, pageSize, totals, leads }: LeadInboxProps) {
  const copy = inbox.views[view];
  const total = totals[view];
  const first = (page - 1) * pageSize + 1;
  const details = copy.fields.filter((field) => field.name !== 'full_name');
  const pageLink = (target: number) => `/admin?view=${view}&page=${target}`;

  return (
    <div className={styles.inbox}>
      <header className={styles.header}>
        <Monogram className={styles.mark} />
        <div>
          <p className={styles.site}>{site.name}</p>
          <h1 className={styles.title}>{inbox.heading}</h1>
        </div>
      </header>

      <nav className={styles.tabs} aria-label={inbox.listsLabel}>
        {(Object.keys(inbox.views) as InboxView[]).map((name) => (
          <a key={name} href={`/admin?view=${name}`} aria-current={name === view ? 'page' : undefined}>
            {inbox.views[name].label} <span className={styles.count}>{totals[name]}</span>
          </a>
        ))}
      </nav>

      <main className={styles.main}>
        <div className={styles.toolbar}>
          <p>{total > 0 ? inbox.showing(first, Math.min(first + leads.length - 1, total), total) : copy.empty}</p>
          <a className={styles.download} href={`/admin/export/${view}`} download>
            {inbox.download}
          </a>
        </div>

        <ol className={styles.leads}>
          {leads.map((lead) => (
            <li key={lead.id} className={styles.lead}>
              <article aria-labelledby={`lead-${lead.id}`}>
                <div className={styles.leadHeader}>
                  <h2 id={`lead-${lead.id}`} className={styles.name}>
                    {lead.full_name}
                  </h2>
                  <p className={styles.received}>
                    {inbox.received} <time dateTime={lead.created_at}>{received.format(new Date(lead.created_at))} UTC</time>
                  </p>
                </div>
                <dl className={styles.details}>
                  {details.map((field) => {
                    const value = lead[field.name as LeadField];
                    if (!value) return null;
                    return (
                      <div key={field.name} className={field.name === 'message' ? styles.message : undefined}>
                        <dt>{field.label}</dt>
                        <dd>
                          {field.type === 'email' ? <a href={`mailto:${value}`}>{value}</a> : field.type === 'tel' ? <a href={`tel:${value}`}>{value}</a> : value}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </article>
            </li>
          ))}
        </ol>

        {total > pageSize ? (
          <nav className={styles.pages} aria-label={inbox.pagesLabel}>
            {page > 1 ? <a href={pageLink(page - 1)}>{inbox.newer}</a> : <span />}
            {first + leads.length - 1 < total ? <a href={pageLink(page + 1)}>{inbox.older}</a> : <span />}
          </nav>
        ) : null}
      </main>
    </div>
  );
}
