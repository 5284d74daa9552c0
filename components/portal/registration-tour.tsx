import type { ReactNode } from 'react';
import { portalTours as copy } from '@/lib/copy/portal';
import { bookRegistrationTour, cancelRegistrationTour, moveRegistrationTour } from '@/lib/portal/tour-actions';
import type { AgendaTour } from '@/lib/tours/types';
import type { Registration } from '@/lib/portal/types';
import type { BrokerTourOutcome } from '@/lib/tours/forms';
import type { DayPicker as Picker } from '@/lib/tours/calendar';
import { formatTourWhen } from '@/lib/tours/slots';
import { Button } from '../shared/button';
import { DayPicker } from '../shared/day-picker';
import { Disclosure } from '../shared/disclosure';
import { EventList } from '../shared/event-list';
import { Panel } from '../shared/panel';
import { StatusPill } from '../shared/status-pill';
import { StatusSentence } from '../shared/status-sentence';
import { TimeChoices } from '../shared/time-choices';
import styles from './registration-tour.module.scss';

interface RegistrationTourProps {
  registration: Registration;
  /** The registration's tour booked and still to come, if it has one. */
  tour: AgendaTour | null;
  /** Its other tours, cancelled or gone by, the latest first. */
  earlier: AgendaTour[];
  /**
   * The open days as a calendar, the chosen one's times offered: to book one (an active registration with none
   * booked), or to move the tour booked to (its own places not counted against its neighbours). Null when neither
   * may be done; a calendar with no day chosen when no time is open.
   */
  picker: { days: Picker | null; dayHref: (date: string) => string; asked: boolean } | null;
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
  picker: NonNullable<RegistrationTourProps['picker']>;
  timeZone: string;
  zone: string;
}

/** What a form posts beside what is chosen. */
function Hidden({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** A day from the calendar of open days, then one of its times, and a plain form post to take it (no JavaScript needed). */
function ChooseTime({ action, fields, intro, submit, none, picker, timeZone, zone }: ChooseTimeProps) {
  const chosen = picker.days?.chosen;
  if (!picker.days || !chosen) return <p className={styles.quiet}>{none}</p>;
  return (
    <div className={styles.choose}>
      <p className={styles.quiet}>
        {intro} {copy.zone(zone)}
      </p>
      <DayPicker picker={picker.days} dayHref={picker.dayHref} level={3} />
      <form action={action} className={styles.choose}>
        <Hidden fields={fields} />
        <TimeChoices day={chosen} timeZone={timeZone} required />
        <Button>{submit}</Button>
      </form>
    </div>
  );
}

/** The tour booked: when and with whom, its cancellation, and the times it may move to. */
function BookedTour({ registration, tour, picker, timeZone, zone, outcome }: Omit<RegistrationTourProps, 'earlier' | 'tour'> & { tour: AgendaTour }) {
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
      {picker ? (
        <Disclosure className={styles.more} summary={copy.booked.move} tone="neutral" open={picker.asked || (outcome !== null && MOVE_AGAIN.includes(outcome))}>
          <ChooseTime
            action={moveRegistrationTour}
            fields={fields}
            intro={copy.booked.moveIntro}
            submit={copy.booked.moveSubmit}
            none={copy.booked.moveNone}
            picker={picker}
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
  const { registration, tour, earlier, picker, timeZone, zone, outcome } = props;
  const said = outcome ? <StatusSentence tone={GOOD.includes(outcome) ? 'success' : 'error'}>{copy.answers[outcome]}</StatusSentence> : null;
  let heading: string;
  let body: ReactNode;
  if (tour) {
    heading = copy.booked.heading;
    body = <BookedTour {...props} tour={tour} />;
  } else if (picker) {
    heading = copy.book(registration.fullName);
    body = (
      <ChooseTime
        action={bookRegistrationTour}
        fields={{ registration: registration.id }}
        intro={copy.intro}
        submit={copy.submit}
        none={copy.none}
        picker={picker}
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
