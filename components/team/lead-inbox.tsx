import { teamDate, teamTime } from '@/lib/admin/time';
import { inbox } from '@/lib/copy/team';
import { LEAD_FORM_NAMES, LEAD_FORMS, type LeadFormName } from '@/lib/leads/forms';
import type { BrokerResponseMonth, SourceCount, WorkedLead } from '@/lib/leads/types';
import type { NoticeState } from '@/lib/delivery/types';
import { BrokerResponses } from './broker-responses';
import { DeliveryState } from './delivery-state';
import { OverdueMark } from './overdue-mark';
import { SourceSummary } from './source-summary';
import styles from './lead-inbox.module.scss';

export interface InboxFilters {
  status: string | null;
  owner: string | null;
  search: string | null;
}

interface LeadInboxProps {
  form: LeadFormName;
  filters: InboxFilters;
  page: number;
  pageSize: number;
  /** How many leads each form holds, and how many of this form match the filters. */
  totals: Record<LeadFormName, number>;
  matching: number;
  leads: WorkedLead[];
  notices: NoticeState[];
  salesTeam: string[];
  sources: SourceCount[];
  /** For the broker requests: how the 24-hour promise was kept, month by month. */
  responses: BrokerResponseMonth[] | null;
  timeZone: string;
  /** The time the page is drawn at (an ISO string), which says what is overdue. */
  now: string;
}

/** One form's leads, newest first, filtered and searched, a page at a time, each with where it stands. */
export function LeadInbox({ form, filters, page, pageSize, totals, matching, leads, notices, salesTeam, sources, responses, timeZone, now }: LeadInboxProps) {
  const copy = inbox.forms[form];
  const labels: Record<string, string> = copy.fieldLabels;
  const first = (page - 1) * pageSize + 1;
  const query = (extra: Record<string, string | number>) => {
    const params = new URLSearchParams({ form, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) });
    for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
    return `/admin?${params}`;
  };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <nav className={styles.tabs} aria-label={inbox.listsLabel}>
        {LEAD_FORM_NAMES.map((name) => (
          <a key={name} href={`/admin?form=${name}`} aria-current={name === form ? 'page' : undefined}>
            {inbox.forms[name].label} <span className={styles.count}>{totals[name]}</span>
          </a>
        ))}
        <a className={styles.erase} href="/admin/erase">
          {inbox.erase.link}
        </a>
      </nav>

      <main className={styles.main}>
        <h1 className={styles.heading}>{copy.label}</h1>
        <form className={styles.filters} action="/admin" method="get" aria-label={inbox.filters.label}>
          <input type="hidden" name="form" value={form} />
          <label>
            <span>{inbox.filters.status}</span>
            <select name="status" defaultValue={filters.status ?? ''}>
              <option value="">{inbox.filters.anyStatus}</option>
              {LEAD_FORMS[form].statuses.map((status) => (
                <option key={status} value={status}>
                  {inbox.statuses[status]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{inbox.filters.owner}</span>
            <select name="owner" defaultValue={filters.owner ?? ''}>
              <option value="">{inbox.filters.anyOwner}</option>
              {[...new Set([...salesTeam, ...(filters.owner ? [filters.owner] : [])])].map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.search}>
            <span>{inbox.filters.search}</span>
            <input type="search" name="q" defaultValue={filters.search ?? ''} maxLength={120} autoComplete="off" />
          </label>
          <button type="submit">{inbox.filters.apply}</button>
          {filtered ? <a href={`/admin?form=${form}`}>{inbox.filters.clear}</a> : null}
        </form>

        <div className={styles.toolbar}>
          <p role="status">
            {matching > 0 ? inbox.showing(first, Math.min(first + leads.length - 1, matching), matching) : filtered ? inbox.filters.nothing : copy.empty}
          </p>
          <a className={styles.download} href={`/admin/export/${form}`} download>
            {inbox.download}
          </a>
        </div>

        <ol className={styles.leads}>
          {leads.map((lead) => {
            const values = lead as unknown as Record<string, string | null>;
            return (
              <li key={lead.id} className={styles.lead}>
                <article aria-labelledby={`lead-${lead.id}`}>
                  <div className={styles.leadHeader}>
                    <h2 id={`lead-${lead.id}`} className={styles.name}>
                      <a href={`/admin/leads/${lead.id}`}>{lead.full_name}</a>
                    </h2>
                    <span className={styles.marks}>
                      {form === 'broker' ? <OverdueMark lead={lead} now={now} /> : null}
                      <span className={styles.status} data-status={lead.status}>
                        {inbox.statuses[lead.status] ?? lead.status}
                      </span>
                    </span>
                  </div>
                  <dl className={styles.facts}>
                    <div>
                      <dt>{inbox.received}</dt>
                      <dd>
                        <time dateTime={lead.created_at}>{teamTime(lead.created_at, timeZone)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>{labels.email}</dt>
                      <dd>{lead.email}</dd>
                    </div>
                    {values.brokerage ? (
                      <div>
                        <dt>{labels.brokerage}</dt>
                        <dd>{values.brokerage}</dd>
                      </div>
                    ) : null}
                    <div>
                      <dt>{inbox.owner}</dt>
                      <dd>{lead.owner ?? inbox.unowned}</dd>
                    </div>
                    {lead.follow_up_on ? (
                      <div>
                        <dt>{inbox.followUp}</dt>
                        <dd>
                          <time dateTime={lead.follow_up_on}>{teamDate(lead.follow_up_on)}</time>
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                  <DeliveryState notices={notices.filter((notice) => notice.leadId === lead.id)} timeZone={timeZone} />
                </article>
              </li>
            );
          })}
        </ol>

        {matching > pageSize ? (
          <nav className={styles.pages} aria-label={inbox.pagesLabel}>
            {page > 1 ? <a href={query({ page: page - 1 })}>{inbox.newer}</a> : <span />}
            {first + leads.length - 1 < matching ? <a href={query({ page: page + 1 })}>{inbox.older}</a> : <span />}
          </nav>
        ) : null}

        {responses ? <BrokerResponses months={responses} /> : null}
        <SourceSummary sources={sources} />
      </main>
    </>
  );
}
