import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { StatusMessage } from '@/components/shared/status-sentence';
import { RegistrationReview } from '@/components/team/registration-review';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { registrationsPage } from '@/lib/copy/team-brokers';
import { getStore } from '@/lib/store';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: registrationsPage.title, robots: { index: false, follow: false } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the address says happened last: a decision saved, or one someone else made first. */
function outcomeOf(query: Record<string, string | string[] | undefined>): StatusMessage | null {
  if (query.refused === 'already') return { tone: 'error', text: registrationsPage.refusedAlready };
  const saved = typeof query.saved === 'string' && Object.hasOwn(registrationsPage.saved, query.saved) ? registrationsPage.saved[query.saved]! : null;
  return saved ? { tone: 'success', text: saved } : null;
}

export default async function RegistrationPage({ params, searchParams }: PageProps<'/admin/registrations/[id]'>) {
  const actor = await requireTeam();
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const review = await getStore().registrationReview(actor, id);
  if (!review) notFound();
  return <RegistrationReview review={review} timeZone={serverConfig().timeZone} now={new Date()} said={outcomeOf(readQuery(await searchParams))} />;
}
