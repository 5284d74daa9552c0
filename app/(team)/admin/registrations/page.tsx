import { unlistedPage } from '@/lib/unlisted-page';
import { RegistrationsList } from '@/components/team/registrations-list';
import { parseRegistrationFilter, reviewOrder } from '@/lib/admin/registration-forms';
import { requireTeam } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { registrationsPage } from '@/lib/copy/team-brokers';
import { getStore } from '@/lib/store';
import { readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(registrationsPage.title);

export default async function RegistrationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireTeam();
  const status = parseRegistrationFilter(readQuery(await searchParams).status);
  const store = getStore();
  // How many wait for a decision, whatever the filter: read from the list itself when it holds them all.
  const [registrations, others] = await Promise.all([
    store.teamRegistrations(actor, status),
    status === null || status === 'under_review' ? null : store.teamRegistrations(actor, 'under_review'),
  ]);
  const underReview = (others ?? registrations).filter((registration) => registration.status === 'under_review').length;
  return (
    <RegistrationsList
      registrations={reviewOrder(registrations)}
      status={status}
      underReview={underReview}
      timeZone={serverConfig().timeZone}
      now={new Date()}
    />
  );
}
