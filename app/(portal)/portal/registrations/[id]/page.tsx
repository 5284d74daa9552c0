import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { z } from 'zod';
import { RegistrationDetail } from '@/components/client-registrations';
import { SignedInFrame } from '@/components/signed-in-frame';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { portalPage } from '@/lib/content';
import { logEvent } from '@/lib/log';
import { RENEW_OUTCOMES, requestTime } from '@/lib/portal/registration-forms';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

// The buyer's name stays out of the title, and so out of the browser's history and tabs.
export const metadata: Metadata = { title: portalPage.registrations.page.title, robots: { index: false, follow: false } };

/**
 * One of the broker's own registrations. Another broker's, an unknown one, or an id that is none, all answer the
 * same 404: nothing here says whether a registration exists. The team registers nobody, so has none here either.
 */
export default async function RegistrationPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireSignedIn();
  const { id } = await params;
  if (actor.role !== 'broker' || !z.uuid().safeParse(id).success) notFound();
  const store = getStore();
  // Nothing of the portal before its latest terms are accepted.
  const terms = await store.currentTerms(actor);
  if (terms && !terms.accepted) redirect('/portal');
  const registration = await store.brokerRegistration(actor, id);
  if (!registration) {
    logEvent('request.refused', { status: 404, reason: 'unknown_registration' }, 'warn');
    notFound();
  }
  const query = await searchParams;
  const renewal = RENEW_OUTCOMES.find((outcome) => outcome === query.renewal) ?? null;
  return (
    <SignedInFrame actor={actor} current="/portal">
      <RegistrationDetail registration={registration} renewal={renewal} now={requestTime()} timeZone={serverConfig().timeZone} />
    </SignedInFrame>
  );
}
