import type { ReactNode } from 'react';
import { inquiry } from '@/lib/copy/site';
import { tourPage } from '@/lib/copy/tours';
import type { DayPicker as Picker } from '@/lib/tours/calendar';
import { formatTimeLabel, timeZoneLabel } from '@/lib/tours/slots';
import type { Tour } from '@/lib/tours/types';
import { CardFrame } from '../shared/card-frame';
import { StatusSentence } from '../shared/status-sentence';
import { DayPicker } from '../shared/day-picker';
import { TimeChoices } from '../shared/time-choices';
import styles from './tour-page.module.scss';
import { TourSubmit } from './tour-submit';

// The buyer's tour page: plain forms posting to Server Actions, so that choosing, moving and cancelling work the
// same before the page's script runs, and without JavaScript at all. Nothing here needs the browser.

type Action = (formData: FormData) => Promise<void>;

/** Where the team can be reached: the inquiry form on the home page. */
export const INQUIRY_URL = `/#${inquiry.anchor}`;

const pageOf = (token: string, step?: 'move' | 'cancel', day?: string) => {
  const query = new URLSearchParams({ ...(step ? { step } : {}), ...(day ? { day } : {}) }).toString();
  return `/tour/${token}${query ? `?${query}` : ''}`;
};

/** The tour pages' frame: a page of choices, so the wide card. */
export function TourFrame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <CardFrame eyebrow={tourPage.eyebrow} heading={heading} width="wide">
      {children}
    </CardFrame>
  );
}

/** What the page says after a post that did not go through: first, where it is read before the rest. */
function Notice({ text }: { text: string | null }) {
  return text ? (
    <StatusSentence tone="error" urgent>
      {text}
    </StatusSentence>
  ) : null;
}

/** A tour's day, and its span with the zone named, in the site's zone. */
export function tourWhen(tour: Pick<Tour, 'startsAt' | 'endsAt'>, timeZone: string): { day: string; span: string } {
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(new Date(tour.startsAt));
  const span = `${formatTimeLabel(tour.startsAt, timeZone)} – ${formatTimeLabel(tour.endsAt, timeZone)} ${timeZoneLabel(timeZone, new Date(tour.startsAt))}`;
  return { day, span };
}

/** When, where and with whom: the host by name once the team assigns one, else our sales team. */
function TourFacts({ tour, timeZone, location, hostName }: { tour: Tour; timeZone: string; location: string; hostName: string | null }) {
  const when = tourWhen(tour, timeZone);
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{tourPage.booked.when}</dt>
        <dd>
          {when.day}
          <br />
          {when.span}
        </dd>
      </div>
      <div>
        <dt>{tourPage.booked.where}</dt>
        <dd>{location}</dd>
      </div>
      <div>
        <dt>{tourPage.booked.withWhom}</dt>
        <dd>{hostName ?? tourPage.booked.anyHost}</dd>
      </div>
    </dl>
  );
}

interface TimesFormProps {
  token: string;
  /** The open days as a calendar, the chosen one's times offered; null when no day is open. */
  picker: Picker | null;
  timeZone: string;
  zoneLabel: string;
  tourMinutes: number;
  capacity: number;
  buyerName: string;
  /** When moving: the tour as booked now. */
  current: Tour | null;
  /** The current tour's host's name, once one is assigned. */
  hostName: string | null;
  location: string;
  action: Action;
  notice: string | null;
}

/** A day first, from the calendar of open days, then one of its times; one button confirms. */
export function TourTimesForm({ token, picker, timeZone, zoneLabel, tourMinutes, capacity, buyerName, current, hostName, location, action, notice }: TimesFormProps) {
  const copy = tourPage.choose;
  return (
    <div className={styles.form}>
      <Notice text={notice} />
      <p className={styles.intro}>{current ? tourPage.move.intro : copy.intro(buyerName)}</p>
      {current ? (
        <div className={styles.current}>
          <p className={styles.label}>{tourPage.move.current}</p>
          <TourFacts tour={current} timeZone={timeZone} location={location} hostName={hostName} />
          <a className={styles.secondary} href={pageOf(token)}>
            {tourPage.move.keep}
          </a>
        </div>
      ) : null}
      <p className={styles.hint}>
        {copy.length(tourMinutes)} <strong>{copy.zone(zoneLabel)}</strong>
      </p>
      {picker?.chosen ? (
        <div className={styles.choose}>
          <DayPicker picker={picker} dayHref={(date) => pageOf(token, current ? 'move' : undefined, date)} />
          <form className={styles.form} action={action}>
            <input type="hidden" name="token" value={token} />
            <fieldset className={styles.times}>
              <legend className={styles.legend}>{`${copy.legend} (${zoneLabel})`}</legend>
              <TimeChoices day={picker.chosen} timeZone={timeZone} places={capacity > 1 ? copy.places : undefined} />
            </fieldset>
            <div className={styles.actions}>
              <TourSubmit kind="primary" label={current ? tourPage.move.confirm : copy.confirm} />
            </div>
          </form>
        </div>
      ) : (
        <p className={styles.intro}>
          {copy.none} <a href={INQUIRY_URL}>{tourPage.dead.home}</a>
        </p>
      )}
    </div>
  );
}

/** A tour on its link's page: whose link, which tour, and what the page says of it. */
interface TourOnPage {
  token: string;
  tour: Tour;
  hostName: string | null;
  timeZone: string;
  location: string;
  notice: string | null;
}

/** The tour booked on the link: when, where, with whom, and the ways to move or cancel it (each asks first). */
export function TourBooked({ token, tour, hostName, timeZone, location, intro, notice }: TourOnPage & { intro: string | null }) {
  return (
    <div className={styles.form}>
      <Notice text={notice} />
      {intro ? (
        <p className={styles.intro} role="status">
          {intro}
        </p>
      ) : null}
      <TourFacts tour={tour} timeZone={timeZone} location={location} hostName={hostName} />
      <div className={styles.actions}>
        <a className={styles.secondary} href={pageOf(token, 'move')}>
          {tourPage.booked.move}
        </a>
        <a className={styles.secondary} href={pageOf(token, 'cancel')}>
          {tourPage.booked.cancel}
        </a>
      </div>
      <p className={styles.hint}>{tourPage.booked.keepLink}</p>
    </div>
  );
}

/** Cancel? The tour, and a button that cancels it (a post); the way back keeps it. */
export function TourCancelQuestion({ token, tour, hostName, timeZone, location, action, notice }: TourOnPage & { action: Action }) {
  return (
    <form className={styles.form} action={action}>
      <input type="hidden" name="token" value={token} />
      <Notice text={notice} />
      <p className={styles.intro}>{tourPage.cancel.intro}</p>
      <TourFacts tour={tour} timeZone={timeZone} location={location} hostName={hostName} />
      <div className={styles.actions}>
        <TourSubmit kind="danger" label={tourPage.cancel.confirm} />
        <a className={styles.secondary} href={pageOf(token)}>
          {tourPage.cancel.keep}
        </a>
      </div>
    </form>
  );
}

/** A link that cannot open, or a tour just cancelled: what happened, and the way to write to the team. */
export function TourClosed({ body, again, home }: { body: string; again: string; home: string }) {
  return (
    <div className={styles.form}>
      <p className={styles.intro}>{body}</p>
      <p className={styles.intro}>{again}</p>
      <div className={styles.actions}>
        <a className={styles.primary} href={INQUIRY_URL}>
          {home}
        </a>
      </div>
    </div>
  );
}

/** A tour link that cannot open (expired, its tour cancelled or over, unknown, mistyped), and the way to reach the team. */
export function TourLinkGone() {
  return (
    <TourFrame heading={tourPage.dead.heading}>
      <TourClosed body={tourPage.dead.body} again={tourPage.dead.again} home={tourPage.dead.home} />
    </TourFrame>
  );
}
