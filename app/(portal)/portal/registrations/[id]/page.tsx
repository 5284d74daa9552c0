import { unlistedPage } from '@/lib/unlisted-page';
import { notFound, redirect } from 'next/navigation';
import { RegistrationHolds } from '@/components/holds/registration-holds';
import { RegistrationDetail } from '@/components/portal/client-registrations';
import { RegistrationTour } from '@/components/portal/registration-tour';
import { SignedInFrame } from '@/components/shared/signed-in-frame';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { portalPage } from '@/lib/copy/portal';
import { logEvent } from '@/lib/log';
import { portalGate } from '@/lib/portal/gate';
import { expired, RENEW_OUTCOMES, requestTime } from '@/lib/portal/registration-forms';
import { getStore } from '@/lib/store';
import { BROKER_TOUR_OUTCOMES } from '@/lib/tours/forms';
import { dayPicker } from '@/lib/tours/calendar';
import { openTimes, timeZoneLabel, type OpenDay } from '@/lib/tours/slots';
import { readAddressId, readQuery } from '@/lib/query-params';

const DAY_MS = 86_400_000;

export const dynamic = 'force-dynamic';

// The buyer's name stays out of the title, and so out of the browser's history and tabs.
export const metadata = unlistedPage(portalPage.registrations.page.title);

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
  const id = readAddressId((await params).id);
  if (actor.role !== 'broker' || !id) notFound();
  const store = getStore();
  // Nothing of the portal before its latest terms are accepted.
  if (!(await portalGate(store, actor)).open) redirect('/portal');
  const registration = await store.brokerRegistration(actor, id);
  if (!registration) {
    logEvent('request.refused', { status: 404, reason: 'unknown_registration' }, 'warn');
    notFound();
  }
  const query = readQuery(await searchParams);
  const renewal = RENEW_OUTCOMES.find((outcome) => outcome === query.renewal) ?? null;
  const outcome = BROKER_TOUR_OUTCOMES.find((answer) => answer === query.tour) ?? null;
  const now = requestTime();
  const { timeZone } = serverConfig();
  // Its tour booked and still to come; else, while it is active, the open times to book one.
  const [allTours, claims] = await Promise.all([store.brokerTours(actor), store.lotClaims(actor, { registrationId: id }, new Date(now))]);
  const tours = allTours.filter((entry) => entry.tour.registrationId === id);
  const tour = tours.find((entry) => entry.tour.status === 'booked' && Date.parse(entry.tour.startsAt) > now) ?? null;
  const earlier = tours.filter((entry) => entry !== tour);
  // To move the tour booked, the same times without its own hold (it leaves its time as it takes the new one) and
  // without its own time.
  let days: OpenDay[] | null = null;
  if (tour || (registration.status === 'registered' && !expired(registration, now))) {
    const settings = await store.tourSettings();
    const spans = await store.bookedSpans(new Date(now - DAY_MS), new Date(now + (settings.horizonDays + 2) * DAY_MS));
    const own = tour ? spans.findIndex((span) => Date.parse(span.startsAt) === Date.parse(tour.tour.startsAt)) : -1;
    const booked = own < 0 ? spans : spans.filter((_, index) => index !== own);
    const open = openTimes({ settings, booked, now: new Date(now), timeZone });
    days = tour
      ? open
          .map((day) => ({ ...day, times: day.times.filter((time) => Date.parse(time.startsAt) !== Date.parse(tour.tour.startsAt)) }))
          .filter((day) => day.times.length > 0)
      : open;
  }
  // A day asked for by its link; the calendar falls back to the first open day.
  const asked = typeof query.day === 'string' ? query.day : undefined;
  const picker = days && {
    days: dayPicker(days, asked),
    dayHref: (date: string) => `/portal/registrations/${id}?day=${date}#tour`,
    asked: asked !== undefined,
  };
  return (
    <SignedInFrame actor={actor} current="/portal">
      <RegistrationDetail
        registration={registration}
        renewal={renewal}
        now={now}
        timeZone={timeZone}
        tour={
          <>
            <RegistrationTour registration={registration} tour={tour} earlier={earlier} picker={picker} timeZone={timeZone} zone={timeZoneLabel(timeZone, new Date(now))} outcome={outcome} />
            <RegistrationHolds claims={claims} timeZone={timeZone} />
          </>
        }
      />
    </SignedInFrame>
  );
}
