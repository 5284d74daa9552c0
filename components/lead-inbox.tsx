import { inbox, site } from '@/lib/content';
import { LEAD_FORM_NAMES, LEAD_FORMS, type FieldDefinition, type LeadFormName } from '@/lib/leads/forms';
import type { StoredLead } from '@/lib/store/types';
import { Monogram } from './monogram';
import styles from './lead-inbox.module.scss';

interface LeadInboxProps {
  form: LeadFormName;
  page: number;
  pageSize: number;
  totals: Record<LeadFormName, number>;
  leads: StoredLead[];
}

const received = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The sales team's view of one list of leads, newest first, a page at a time. */
export function LeadInbox({ form, page, pageSize, totals, leads }: LeadInboxProps) {
  const copy = inbox.forms[form];
  const total = totals[form];
  const first = (page - 1) * pageSize + 1;
  const fields: readonly FieldDefinition[] = LEAD_FORMS[form].fields;
  const details = fields.filter((field) => field.name !== 'full_name');
  const labels: Record<string, string> = copy.fieldLabels;
  const pageLink = (target: number) => `/admin?form=${form}&page=${target}`;

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
        {LEAD_FORM_NAMES.map((name) => (
          <a key={name} href={`/admin?form=${name}`} aria-current={name === form ? 'page' : undefined}>
            {inbox.forms[name].label} <span className={styles.count}>{totals[name]}</span>
          </a>
        ))}
      </nav>

      <main className={styles.main}>
        <div className={styles.toolbar}>
          <p>{total > 0 ? inbox.showing(first, Math.min(first + leads.length - 1, total), total) : copy.empty}</p>
          <a className={styles.download} href={`/admin/export/${form}`} download>
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
                    const value = (lead as Record<string, string | null>)[field.name];
                    if (!value) return null;
                    return (
                      <div key={field.name} className={field.type === 'textarea' ? styles.message : undefined}>
                        <dt>{labels[field.name]}</dt>
                        <dd>
                          {field.type === 'email' ? <a href={`mailto:${value}`}>{value}</a> : field.type === 'tel' ? <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a> : value}
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
