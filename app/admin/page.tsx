import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { LeadInbox } from '@/components/lead-inbox';
import { isAdmin } from '@/lib/admin/auth';
import { INBOX_PAGE_SIZE, parseFormName, parsePage } from '@/lib/admin/inbox';
import { serverConfig } from '@/lib/config/server';
import { LEAD_FORM_NAMES, LEAD_FORMS } from '@/lib/leads/forms';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Leads',
  robots: { index: false, follow: false },
};

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The proxy asks for the password; this check stands even if a request reaches the page some other way.
  const { adminPassword } = serverConfig();
  if (!adminPassword || !isAdmin((await headers()).get('authorization'), adminPassword)) notFound();

  const query = await searchParams;
  const form = parseFormName(query.form);
  const store = getStore();
  const totals = Object.fromEntries(
    await Promise.all(LEAD_FORM_NAMES.map(async (name) => [name, (await store.list(LEAD_FORMS[name], { offset: 0, limit: 0 })).total] as const)),
  ) as Record<typeof form, number>;
  const lastPage = Math.max(1, Math.ceil(totals[form] / INBOX_PAGE_SIZE));
  const page = Math.min(parsePage(query.page), lastPage);
  const { leads } = await store.list(LEAD_FORMS[form], { offset: (page - 1) * INBOX_PAGE_SIZE, limit: INBOX_PAGE_SIZE });

  return <LeadInbox form={form} page={page} pageSize={INBOX_PAGE_SIZE} totals={totals} leads={leads} />;
}
