import { portalTours as copy } from '@/lib/copy/portal';
import { bookRegistrationTour, cancelRegistrationTour, moveRegistrationTour } from '@/lib/portal/tour-actions';
import type { AgendaTour } from '@/lib/tours/types';
import type { Registration } from '@/lib/portal/types';
import type { BrokerTourOutcome } from '@/lib/tours/forms';
import { formatDayLabel, formatTimeLabel, formatTourWhen, type OpenDay } from '@/lib/tours/slots';
import styles from './registration-tour.module.scss';

interface RegistrationTourProps {
  registration: Registration;
  /** The registration's tour booked and still to come, if it has one. */
  tour: AgendaTour | null;
  /** Its other tours, cancelled or gone by, the latest first. */
  earlier: AgendaTour[];
  /**
   * The open times to choose from: to book one (an active registration with none booked), or to move the tour
   * booked to (its own places not counted against its neighbours).
   */
  days: OpenDay[] | null;
  timeZone: string;
  /** The zone's name as the times are labelled with it ("Eastern Time"). */
  zone: string;
  /** What the last booking or cancellation came to. */
  outcome: BrokerTourOutcome | null;
}

const GOOD: readonly BrokerTourOutcome[] = ['booked', 'cancelled', 'moved'];
/** After a move refused for its time, the times show again at once. */
const MOVE_AGAIN: readonly BrokerTourOutcome[] = ['full', 'invalid'];

function TimeChoices({ days, timeZone }: { days: OpenDay[]; timeZone: string }) {
  return (
    <div className={styles.days}>
      {days.map((day) => (
        <fieldset key={day.date} className={styles.day}>
          <legend>{formatDayLabel(day.date)}</legend>
          <div className={styles.times}>
            {day.times.map((time) => (
              <label key={time.startsAt} className={styles.choice}>
                <input type="radio" name="startsAt" value={time.startsAt} required />
                <span>{formatTimeLabel(time.startsAt, timeZone)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/**
 * A registration's private tour: the one booked, with its time, host and a cancellation; or, for an active
 * registration, the open times as radio choices and a plain form post to book one (no JavaScript needed).
 */
export function RegistrationTour({ registration, tour, earlier, days, timeZone, zone, outcome }: RegistrationTourProps) {
  const history = earlier.length ? (
    <div className={styles.earlier}>
      <h3>{copy.past}</h3>
      <ul>
        {earlier.map((entry) => (
          <li key={entry.tour.id}>
            <time dateTime={entry.tour.startsAt}>{formatTourWhen(entry.tour.startsAt, timeZone)}</time>
            {entry.tour.status === 'cancelled' ? <span className={styles.cancelled}>{copy.cancelledTour}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  ) : null;
  const said = outcome ? (
    <p className={styles.said} role="status" data-outcome={GOOD.includes(outcome) ? 'saved' : 'refused'}>
      {copy.answers[outcome]}
    </p>
  ) : null;
  if (tour) {
    return (
      <section id="tour" className={styles.tour} aria-labelledby="tour-heading">
        <h2 id="tour-heading">{copy.booked.heading}</h2>
        {said}
        <dl className={styles.facts}>
          <div>
            <dt>{copy.booked.when}</dt>
            <dd>
              <time dateTime={tour.tour.startsAt}>{formatTourWhen(tour.tour.startsAt, timeZone)}</time>
            </dd>
          </div>
          <div>
            <dt>{copy.booked.host}</dt>
            <dd>{tour.host?.name ?? copy.booked.noHost}</dd>
          </div>
        </dl>
        <form action={cancelRegistrationTour} className={styles.cancel}>
          <input type="hidden" name="registration" value={registration.id} />
          <input type="hidden" name="tour" value={tour.tour.id} />
          <button type="submit">{copy.booked.cancel}</button>
        </form>
        {days ? (
          <details className={styles.move} open={outcome !== null && MOVE_AGAIN.includes(outcome)}>
            <summary>{copy.booked.move}</summary>
            {days.length ? (
              <form action={moveRegistrationTour} className={styles.book}>
                <input type="hidden" name="registration" value={registration.id} />
                <input type="hidden" name="tour" value={tour.tour.id} />
                <p className={styles.intro}>
                  {copy.booked.moveIntro} {copy.zone(zone)}
                </p>
                <TimeChoices days={days} timeZone={timeZone} />
                <div className={styles.submit}>
                  <button type="submit">{copy.booked.moveSubmit}</button>
                </div>
              </form>
            ) : (
              <p className={styles.quiet}>{copy.booked.moveNone}</p>
            )}
          </details>
        ) : null}
        {history}
      </section>
    );
  }
  if (!days) {
    // Not active (under review, declined, expired): no booking; only what the last post came to, if anything.
    return said ? (
      <section id="tour" className={styles.tour} aria-labelledby="tour-heading">
        <h2 id="tour-heading">{copy.heading}</h2>
        {said}
        <p className={styles.quiet}>{copy.notActive}</p>
        {history}
      </section>
    ) : null;
  }
  return (
    <section id="tour" className={styles.tour} aria-labelledby="tour-heading">
      <h2 id="tour-heading">{copy.book(registration.fullName)}</h2>
      {said}
      {days.length ? (
        <form action={bookRegistrationTour} className={styles.book}>
          <input type="hidden" name="registration" value={registration.id} />
          <p className={styles.intro}>
            {copy.intro} {copy.zone(zone)}
          </p>
          <TimeChoices days={days} timeZone={timeZone} />
          <div className={styles.submit}>
            <button type="submit">{copy.submit}</button>
          </div>
        </form>
      ) : (
        <p className={styles.quiet}>{copy.none}</p>
      )}
      {history}
    </section>
  );
}
