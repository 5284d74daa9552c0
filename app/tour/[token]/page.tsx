import { unlistedPage } from '@/lib/unlisted-page';
import { TourBooked, TourCancelQuestion, TourFrame, TourLinkGone, TourTimesForm } from '@/components/tours/tour-page';
import { serverConfig } from '@/lib/config/server';
import { tourPage } from '@/lib/copy/tours';
import { getStore } from '@/lib/store';
import type { TourNoticeCode } from '@/lib/tours/booking';
import { tokenHashOf } from '@/lib/tours/links';
import { dayPicker } from '@/lib/tours/calendar';
import { openTimes, timeZoneLabel } from '@/lib/tours/slots';
import type { BookedSpan } from '@/lib/tours/types';
import { bookTour, cancelTour, moveTour } from '../actions';
import { readQuery } from '@/lib/query-params';

// The buyer's own page, from the link in their receipt: rendered per request from the link as it is now, kept by
// no cache and by no search engine (proxy.ts). A link that cannot open says so, with the way to reach the team.

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(tourPage.title);

const NOTICES = new Set<string>(Object.keys(tourPage.notices));
const DAY = 86_400_000;

type Query = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export default async function TourPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Query> }) {
  const { token } = await params;
  const query = readQuery(await searchParams);
  const hash = tokenHashOf(token);
  const store = getStore();
  const now = new Date();
  const link = hash ? await store.tourLink(hash, now) : null;
  // Said on this page itself rather than through notFound(): a per-request page's 404 reaches the browser with
  // its words only in the data its script draws (vercel/next.js#62228), so without JavaScript it was blank.
  if (!link) return <TourLinkGone />;

  const { timeZone, tourLocation } = serverConfig();
  const notice = one(query.notice);
  const sentence = notice && NOTICES.has(notice) ? tourPage.notices[notice as TourNoticeCode] : null;
  const step = one(query.step);
  const tour = link.tour;

  if (tour && step === 'cancel') {
    return (
      <TourFrame heading={tourPage.cancel.heading}>
        <TourCancelQuestion token={token} tour={tour} hostName={link.hostName} timeZone={timeZone} location={tourLocation} action={cancelTour} notice={sentence} />
      </TourFrame>
    );
  }

  if (tour && step !== 'move') {
    const done = one(query.done);
    const heading = done === 'booked' ? tourPage.booked.heading : tourPage.booked.seen;
    const intro = done === 'booked' ? tourPage.booked.intro : done === 'moved' ? tourPage.booked.moved : done === 'exists' ? tourPage.booked.already : null;
    return (
      <TourFrame heading={heading}>
        <TourBooked token={token} tour={tour} hostName={link.hostName} timeZone={timeZone} location={tourLocation} intro={intro} notice={sentence} />
      </TourFrame>
    );
  }

  const settings = await store.tourSettings();
  const spans = await store.bookedSpans(now, new Date(now.getTime() + (settings.horizonDays + 2) * DAY));
  // When moving, the tour's own hold is left out: its time is free to the buyer's new choice, and not offered again.
  const own = tour ? spans.findIndex((span) => span.startsAt === tour.startsAt) : -1;
  const booked: BookedSpan[] = own === -1 ? spans : spans.filter((_, index) => index !== own);
  const days = openTimes({ settings, booked, now, timeZone })
    .map((day) => ({ ...day, times: day.times.filter((time) => time.startsAt !== tour?.startsAt) }))
    .filter((day) => day.times.length > 0);

  return (
    <TourFrame heading={tour ? tourPage.move.heading : tourPage.choose.heading}>
      <TourTimesForm
        token={token}
        picker={dayPicker(days, one(query.day))}
        timeZone={timeZone}
        zoneLabel={timeZoneLabel(timeZone, now)}
        tourMinutes={settings.tourMinutes}
        capacity={settings.capacity}
        buyerName={link.buyerName}
        current={tour}
        hostName={link.hostName}
        location={tourLocation}
        action={tour ? moveTour : bookTour}
        notice={sentence}
      />
    </TourFrame>
  );
}
