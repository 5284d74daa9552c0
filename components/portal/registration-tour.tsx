import type { ReactNode } from 'react';
import { portalTours as copy } from '@/lib/copy/portal';
import { bookRegistrationTour, cancelRegistrationTour, moveRegistrationTour } from '@/lib/portal/tour-actions';
import type { AgendaTour } from '@/lib/tours/types';
import type { Registration } from '@/lib/portal/types';
import type { BrokerTourOutcome } from '@/lib/tours/forms';
import { formatDayLabel, formatTimeLabel, formatTourWhen, type OpenDay } from '@/lib/tours/slots';
import { Button } from '../shared/button';
import { Disclosure } from '../shared/disclosure';
import { EventList } from '../shared/event-list';
import { Panel } from '../shared/panel';
import { StatusPill } from '../shared/status-pill';
import { StatusSentence } from '../shared/status-sentence';
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

interface ChooseTimeProps {
  action: (form: FormData) => void | Promise<void>;
  /** Hidden fields posted with the time: the registration's id, and the tour's when it moves one. */
  fields: Record<string, string>;
  intro: string;
  submit: string;
  /** Said instead of the form when no time is open. */
  none: string;
  days: OpenDay[];
  timeZone: string;
  zone: string;
}

/** What a form posts beside what is chosen. */
function Hidden({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** The open times as radio choices, a day to a group, and a plain form post to take one (no JavaScript needed). */
function ChooseTime({ action, fields, intro, submit, none, days, timeZone, zone }: ChooseTimeProps) {
  if (!days.length) return <p className={styles.quiet}>{none}</p>;
  return (
    <form action={action} className={styles.choose}>
      <Hidden fields={fields} />
      <p className={styles.quiet}>
        {intro} {copy.zone(zone)}
      </p>
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
      <Button>{submit}</Button>
    </form>
  );
}

/** The tour booked: when and with whom, its cancellation, and the times it may move to. */
function BookedTour({ registration, tour, days, timeZone, zone, outcome }: Omit<RegistrationTourProps, 'earlier' | 'tour'> & { tour: AgendaTour }) {
  const fields = { registration: registration.id, tour: tour.tour.id };
  return (
    <>
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
      <form action={cancelRegistrationTour} className={styles.more}>
        <Hidden fields={fields} />
        <Button kind="danger">{copy.booked.cancel}</Button>
      </form>
      {days ? (
        <Disclosure className={styles.more} summary={copy.booked.move} tone="neutral" open={outcome !== null && MOVE_AGAIN.includes(outcome)}>
          <ChooseTime
            action={moveRegistrationTour}
            fields={fields}
            intro={copy.booked.moveIntro}
            submit={copy.booked.moveSubmit}
            none={copy.booked.moveNone}
            days={days}
            timeZone={timeZone}
            zone={zone}
          />
        </Disclosure>
      ) : null}
    </>
  );
}

/**
 * A registration's private tour: the one booked, with its time, host and a cancellation; or, for an active
 * registration, the open times to book one. Not active (under review, declined, expired), only what the last post
 * came to, if anything.
 */
export function RegistrationTour(props: RegistrationTourProps) {
  const { registration, tour, earlier, days, timeZone, zone, outcome } = props;
  const said = outcome ? <StatusSentence tone={GOOD.includes(outcome) ? 'success' : 'error'}>{copy.answers[outcome]}</StatusSentence> : null;
  let heading: string;
  let body: ReactNode;
  if (tour) {
    heading = copy.booked.heading;
    body = <BookedTour {...props} tour={tour} />;
  } else if (days) {
    heading = copy.book(registration.fullName);
    body = (
      <ChooseTime
        action={bookRegistrationTour}
        fields={{ registration: registration.id }}
        intro={copy.intro}
        submit={copy.submit}
        none={copy.none}
        days={days}
        timeZone={timeZone}
        zone={zone}
      />
    );
  } else if (said) {
    heading = copy.heading;
    body = <p className={styles.quiet}>{copy.notActive}</p>;
  } else {
    return null;
  }
  return (
    <Panel id="tour" sectionId="tour" heading={heading}>
      {said}
      {body}
      {earlier.length ? (
        <div className={styles.more}>
          <h3>{copy.past}</h3>
          <EventList
            events={earlier.map((entry) => ({
              key: entry.tour.id,
              what: (
                <>
                  <time dateTime={entry.tour.startsAt}>{formatTourWhen(entry.tour.startsAt, timeZone)}</time>{' '}
                  {entry.tour.status === 'cancelled' ? <StatusPill tone="negative">{copy.cancelledTour}</StatusPill> : null}
                </>
              ),
            }))}
          />
        </div>
      ) : null}
    </Panel>
  );
}
