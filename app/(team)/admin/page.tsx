import { unlistedPage } from '@/lib/unlisted-page';
import { OverdueDeposits } from '@/components/holds/overdue-deposits';
import { LeadInbox } from '@/components/team/lead-inbox';
import { INBOX_PAGE_SIZE, parseFilters, parseFormName, parsePage } from '@/lib/admin/inbox';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { LEAD_FORM_NAMES } from '@/lib/leads/forms';
import { getStore } from '@/lib/store';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage('Leads');

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const query = readQuery(await searchParams);
  const form = parseFormName(query.form);
  const filters = parseFilters(form, query, actor.id);
  const store = getStore();
  const { timeZone } = serverConfig();
  const everything = { status: null, owner: null, search: null, offset: 0, limit: 0 };
  const totals = Object.fromEntries(
    await Promise.all(LEAD_FORM_NAMES.map(async (name) => [name, (await store.searchLeads(actor, { ...everything, form: name })).total] as const)),
  ) as Record<typeof form, number>;
  const count = async (filter: typeof filters) => (await store.searchLeads(actor, { ...filter, form, offset: 0, limit: 0 })).total;
  // What the filters match, and how many of the form's leads are the signed-in member's own ("Mine").
  const [matching, mine] = await Promise.all([count(filters), count({ status: null, owner: actor.id, search: null })]);
  // A page past the last shows the last.
  const page = Math.min(parsePage(query.page), Math.max(1, Math.ceil(matching / INBOX_PAGE_SIZE)));
  const [{ leads }, sources, team, responses, overdue] = await Promise.all([
    store.searchLeads(actor, { ...filters, form, offset: (page - 1) * INBOX_PAGE_SIZE, limit: INBOX_PAGE_SIZE }),
    store.leadsBySource(actor, timeZone),
    store.teamOverview(actor, new Date()),
    form === 'broker' ? store.brokerResponseMonths(actor, timeZone) : null,
    store.overdueDeposits(actor, new Date()),
  ]);
  const notices = await store.leadNotices(actor, leads.map((lead) => lead.id));

  return (
    <LeadInbox
      form={form}
      filters={filters}
      page={page}
      pageSize={INBOX_PAGE_SIZE}
      totals={totals}
      matching={matching}
      leads={leads}
      notices={notices}
      members={team.members.map(({ id, name }) => ({ id, name }))}
      me={{ id: actor.id, leads: mine }}
      sources={sources}
      responses={responses}
      timeZone={timeZone}
      now={new Date().toISOString()}
      overdue={<OverdueDeposits claims={overdue} />}
    />
  );
}
