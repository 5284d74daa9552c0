import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { LeadInbox } from '@/components/lead-inbox';
import { isAdmin } from '@/lib/admin/auth';
import { INBOX_PAGE_SIZE, INBOX_VIEWS, parsePage, parseView } from '@/lib/admin/inbox';
import { readConfig } from '@/lib/env';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Leads',
  robots: { index: false, follow: false },
};

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The proxy asks for the password; this check stands even if a request reaches the page some other way.
  const { adminPassword } = readConfig();
  if (!adminPassword || !isAdmin((await headers()).get('authorization'), adminPassword)) notFound();

  const query = await searchParams;
  const view = parseView(query.view);
  const page = parsePage(query.page);
  const store = getStore();
  const [inquiries, brokers] = await Promise.all([
    store.list(INBOX_VIEWS.inquiries, { offset: view === 'inquiries' ? (page - 1) * INBOX_PAGE_SIZE : 0, limit: view === 'inquiries' ? INBOX_PAGE_SIZE : 1 }),
    store.list(INBOX_VIEWS.brokers, { offset: view === 'brokers' ? (page - 1) * INBOX_PAGE_SIZE : 0, limit: view === 'brokers' ? INBOX_PAGE_SIZE : 1 }),
  ]);

  return (
    <LeadInbox
      view={view}
      page={page}
      pageSize={INBOX_PAGE_SIZE}
      totals={{ inquiries: inquiries.total, brokers: brokers.total }}
      leads={view === 'inquiries' ? inquiries.leads : brokers.leads}
    />
  );
}
