import type { ReactNode } from 'react';
import { teamDate, teamTime } from '@/lib/admin/time';
import { MINE } from '@/lib/admin/owners';
import { inbox, leadPage } from '@/lib/copy/team';
import { LEAD_FORM_NAMES, LEAD_FORMS, type LeadFormName } from '@/lib/leads/forms';
import type { BrokerResponseMonth, SourceCount, WorkedLead } from '@/lib/leads/types';
import type { NoticeState } from '@/lib/delivery/types';
import { Button } from '../shared/button';
import { EmailAddress } from '../shared/email-address';
import { FormField } from '../shared/form-field';
import { PageColumn } from '../shared/page-column';
import { StatusSentence } from '../shared/status-sentence';
import { SelectOptions } from '../shared/select-options';
import { TableOrCards, type Column } from '../shared/table-or-cards';
import { ViewLinks } from '../shared/view-links';
import { DeliveryState } from './delivery-state';
import { InboxFigures } from './inbox-figures';
import { LeadStatusPill } from './lead-status-pill';
import { OverdueMark } from './overdue-mark';
import styles from './lead-inbox.module.scss';

export interface InboxFilters {
  status: string | null;
  owner: string | null;
  search: string | null;
}

interface LeadInboxProps {
  /** Reservations with their deposit overdue, above the list (components/holds/overdue-deposits.tsx). */
  overdue?: ReactNode;
  form: LeadFormName;
  filters: InboxFilters;
  page: number;
  pageSize: number;
  /** How many leads each form holds, and how many of this form match the filters. */
  totals: Record<LeadFormName, number>;
  matching: number;
  leads: WorkedLead[];
  notices: NoticeState[];
  /** The active team members, whose leads the list filters by. */
  members: { id: string; name: string }[];
  /** The signed-in member's account id, and how many of this form's leads are theirs (the "Mine" view). */
  me: { id: string; leads: number };
  sources: SourceCount[];
  /** For the broker requests: how the 24-hour promise was kept, month by month. */
  responses: BrokerResponseMonth[] | null;
  timeZone: string;
  /** The time the page is drawn at (an ISO string), which says what is overdue. */
  now: string;
}

/** The list's columns: the lead, linked to its page, where it stands, when and from whom, who has it, and its notices. */
function columnsOf({ form, notices, timeZone, now }: Pick<LeadInboxProps, 'form' | 'notices' | 'timeZone' | 'now'>): Column<WorkedLead>[] {
  const labels: Record<string, string> = inbox.forms[form].fieldLabels;
  const brokerage: Column<WorkedLead> = { header: labels.brokerage!, cell: (lead) => (lead as unknown as Record<string, string | null>).brokerage };
  return [
    { header: labels.full_name!, names: true, cell: (lead) => <a href={`/admin/leads/${lead.id}`}>{lead.full_name}</a> },
    {
      header: inbox.filters.status,
      wide: true,
      cell: (lead) => (
        <span className={styles.marks}>
          <LeadStatusPill status={lead.status} />
          {form === 'broker' ? <OverdueMark lead={lead} now={now} /> : null}
        </span>
      ),
    },
    { header: inbox.received, cell: (lead) => <time dateTime={lead.created_at}>{teamTime(lead.created_at, timeZone)}</time> },
    { header: labels.email!, cell: (lead) => <EmailAddress address={lead.email} link={false} /> },
    ...(form === 'broker' ? [brokerage] : []),
    { header: inbox.owner, cell: (lead) => lead.owner ?? inbox.unowned },
    {
      header: inbox.followUp,
      cell: (lead) => (lead.follow_up_on ? <time dateTime={lead.follow_up_on}>{teamDate(lead.follow_up_on)}</time> : null),
    },
    {
      header: leadPage.delivery,
      wide: true,
      cell: (lead) => <DeliveryState notices={notices.filter((notice) => notice.leadId === lead.id)} timeZone={timeZone} />,
    },
  ];
}

/** One form's leads, newest first, filtered and searched, a page at a time, each with where it stands. */
/**
 * The owner filter's choices: anyone, then each member by account; an owner no longer on the team stays chosen when
 * filtered by, named as a lead listed names them.
 */
function ownerChoices({ members, filters, leads }: Pick<LeadInboxProps, 'members' | 'filters' | 'leads'>): Record<string, string> {
  const former = filters.owner && !members.some((member) => member.id === filters.owner) ? filters.owner : null;
  const formerName = former ? leads.find((lead) => lead.owner_id === former)?.owner : undefined;
  return Object.fromEntries([
    ['', inbox.filters.anyOwner],
    ...members.map((member) => [member.id, member.name]),
    ...(former ? [[former, formerName ?? inbox.filters.former]] : []),
  ]);
}

export function LeadInbox({ form, filters, page, pageSize, totals, matching, leads, notices, members, me, sources, responses, timeZone, now, overdue = null }: LeadInboxProps) {
  const copy = inbox.forms[form];
  const first = (page - 1) * pageSize + 1;
  const query = (extra: Record<string, string | number>) => {
    const params = new URLSearchParams({ form, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) });
    for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
    return `/admin?${params}`;
  };
  const filtered = Object.values(filters).some(Boolean);
  const withOwner = (owner: string | null) => {
    const params = new URLSearchParams({ form, ...(filters.status ? { status: filters.status } : {}), ...(filters.search ? { q: filters.search } : {}) });
    if (owner) params.set('owner', owner);
    return `/admin?${params}`;
  };

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

      <PageColumn heading={copy.label}>
        {overdue}
        <ViewLinks
          label={inbox.views.label}
          links={[
            { href: withOwner(null), label: inbox.views.all, current: filters.owner === null, count: totals[form] },
            { href: withOwner(MINE), label: inbox.views.mine, current: filters.owner === me.id, count: me.leads },
          ]}
        />
        <form className={styles.filters} action="/admin" method="get" aria-label={inbox.filters.label}>
          <input type="hidden" name="form" value={form} />
          <FormField id="filter-status" label={inbox.filters.status}>
            {(control) => (
              <select {...control} name="status" defaultValue={filters.status ?? ''}>
                <option value="">{inbox.filters.anyStatus}</option>
                {LEAD_FORMS[form].statuses.map((status) => (
                  <option key={status} value={status}>
                    {inbox.statuses[status]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="filter-owner" label={inbox.filters.owner}>
            {(control) => (
              <select {...control} name="owner" defaultValue={filters.owner ?? ''}>
                <SelectOptions choices={ownerChoices({ members, filters, leads })} />
              </select>
            )}
          </FormField>
          <FormField id="filter-search" label={inbox.filters.search} name="q">
            {(control) => <input {...control} type="search" name="q" defaultValue={filters.search ?? ''} maxLength={120} autoComplete="off" />}
          </FormField>
          <Button>{inbox.filters.apply}</Button>
          {filtered ? <a href={`/admin?form=${form}`}>{inbox.filters.clear}</a> : null}
        </form>

        <div className={styles.toolbar}>
          <StatusSentence tone="info">
            {matching > 0 ? inbox.showing(first, Math.min(first + leads.length - 1, matching), matching) : filtered ? inbox.filters.nothing : copy.empty}
          </StatusSentence>
          <a className={styles.download} href={`/admin/export/${form}`} download>
            {inbox.download}
          </a>
        </div>

        <TableOrCards label={copy.label} columns={columnsOf({ form, notices, timeZone, now })} rows={leads} rowKey={(lead) => lead.id} cardsBelow="lg" />

        {matching > pageSize ? (
          <nav className={styles.pages} aria-label={inbox.pagesLabel}>
            {page > 1 ? <a href={query({ page: page - 1 })}>{inbox.newer}</a> : <span />}
            {first + leads.length - 1 < matching ? <a href={query({ page: page + 1 })}>{inbox.older}</a> : <span />}
          </nav>
        ) : null}

        <div className={styles.figures}>
          <InboxFigures responses={responses} sources={sources} />
        </div>
      </PageColumn>
    </>
  );
}
