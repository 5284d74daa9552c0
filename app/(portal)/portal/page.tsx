import { unlistedPage } from '@/lib/unlisted-page';
import { after } from 'next/server';
import type { ReactNode } from 'react';
import { BrokerPortal, TermsGate } from '@/components/portal/broker-portal';
import { PortalOpensSoon } from '@/components/portal/portal-opens-soon';
import { SignedInFrame } from '@/components/shared/signed-in-frame';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { portalPage } from '@/lib/copy/portal';
import { portalGate } from '@/lib/portal/gate';
import { readyDocuments } from '@/lib/portal/warm';
import { getStore } from '@/lib/store';
import { RENEW_OUTCOMES, requestTime } from '@/lib/portal/registration-forms';
import { readHoldAnswer } from '@/lib/holds/forms';
import { LOT_STANDINGS } from '@/lib/holds/types';
import { readId, readQuery } from '@/lib/query-params';

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(portalPage.title);

// Approved brokers, and the team, who see what brokers see. The store refuses anyone else whatever reached it.
export default async function PortalPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireSignedIn();
  const store = getStore();
  const config = serverConfig();
  const query = readQuery(await searchParams);
  const { terms, open } = await portalGate(store, actor);
  const frame = (page: ReactNode) => (
    <SignedInFrame actor={actor} current="/portal">
      {page}
    </SignedInFrame>
  );
  const teamAddress = config.mail?.teamTo.broker[0] ?? config.privacy.contact;
  // Nothing else until the latest terms are accepted, and so nothing before a first version is published.
  if (!open) return frame(terms ? <TermsGate terms={terms} stale={query.refused === 'stale'} timeZone={config.timeZone} /> : <PortalOpensSoon teamAddress={teamAddress} />);

  const standing = LOT_STANDINGS.find((option) => option === query.status) ?? null;
  const answer = readHoldAnswer(query.hold);
  const renewal = RENEW_OUTCOMES.find((outcome) => outcome === query.renewal) ?? null;
  // A broker's own registrations, never anyone else's (the store's function knows no other); the team registers nobody.
  const now = requestTime();
  const [board, contact, registrations] = await Promise.all([
    store.lotBoard(actor, new Date(now)),
    store.brokerContact(actor),
    actor.role === 'broker' ? store.brokerRegistrations(actor) : null,
  ]);
  // Once the page has gone: ready the documents this broker may download next (once per process).
  after(readyDocuments);
  return frame(
    <BrokerPortal
      name={actor.name}
      lots={board.lots}
      standing={standing}
      holdSettings={board.settings}
      holdClients={
        registrations
          ?.filter((registration) => registration.status === 'registered' && registration.expiresAt && Date.parse(registration.expiresAt) > now)
          .map((registration) => ({ id: registration.id, fullName: registration.fullName })) ?? null
      }
      holdReply={answer ? { answer, lot: readId(query.lot), client: readId(query.for) } : null}
      terms={terms}
      contact={contact}
      teamAddress={teamAddress}
      timeZone={config.timeZone}
      registrations={registrations}
      renewal={renewal}
      now={now}
    />,
  );
}
