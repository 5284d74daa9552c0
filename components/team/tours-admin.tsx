import { teamTime } from '@/lib/admin/time';
import { assignTourHost, cancelTeamTour } from '@/lib/admin/tour-actions';
import { leadPage, toursAdmin as copy } from '@/lib/copy/team';
import type { AgendaTour, StoredTourSettings } from '@/lib/tours/types';
import type { TeamMember } from '@/lib/auth/types';
import type { AgendaDay, AgendaRange } from '@/lib/tours/agenda';
import { formatTourSettingsForm } from '@/lib/tours/settings';
import { formatDayLabel, formatTimeLabel } from '@/lib/tours/slots';
import { TourSettingsForm } from './tour-settings-form';
import styles from './tours-admin.module.scss';

interface ToursAdminProps {
  settings: StoredTourSettings;
  range: AgendaRange;
  days: AgendaDay[];
  /** The active team members, who may host a tour. */
  members: Pick<TeamMember, 'id' | 'name'>[];
  timeZone: string;
  /** The zone's name as the page labels times with it ("Eastern Time"). */
  zone: string;
  /** The sentence to show at the top: a change saved, or refused. */
  said: { text: string; outcome: 'saved' | 'refused' } | null;
}

/** A date of the range as the agenda's heading names it: "Mar 3, 2027". */
const shortDate = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

function AgendaEntry({ entry, range, members, timeZone }: { entry: AgendaTour; range: AgendaRange; members: ToursAdminProps['members']; timeZone: string }) {
  const { tour, buyer, broker, host } = entry;
  const start = formatTimeLabel(tour.startsAt, timeZone);
  const end = formatTimeLabel(tour.endsAt, timeZone);
  // A host no longer on the team is still shown as the one chosen.
  const choices = host && !members.some((member) => member.id === host.id) ? [...members, { id: host.id, name: host.name }] : members;
  return (
    <li id={`tour-${tour.id}`} className={styles.tour}>
      <p className={styles.when}>
        <time dateTime={tour.startsAt}>{start}</time> <span className={styles.until}>{copy.agenda.ends(end)}</span>
      </p>
      <div className={styles.who}>
        <p className={styles.buyer}>
          <span className={styles.visuallyHidden}>{copy.agenda.buyer}: </span>
          {tour.leadId ? <a href={`/admin/leads/${tour.leadId}`}>{buyer.name}</a> : <span>{buyer.name}</span>}
        </p>
        {broker ? <p className={styles.broker}>{copy.agenda.broker(broker.name, broker.brokerage)}</p> : null}
      </div>
      <form action={assignTourHost} className={styles.hostForm}>
        <input type="hidden" name="tour" value={tour.id} />
        <input type="hidden" name="from" value={range.from} />
        <label htmlFor={`host-${tour.id}`}>{copy.agenda.host}</label>
        <select id={`host-${tour.id}`} name="host" defaultValue={host?.id ?? ''}>
          <option value="">{copy.agenda.noHost}</option>
          {choices.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
        <button type="submit">
          {copy.agenda.assign}
          <span className={styles.visuallyHidden}>{copy.agenda.assignMore(buyer.name)}</span>
        </button>
      </form>
      {/* A cancellation is emailed at once and cannot be taken back: it is asked for, then confirmed, with or without JavaScript. */}
      <details className={styles.cancel}>
        <summary className={styles.danger}>
          {copy.agenda.cancel}
          <span className={styles.visuallyHidden}>{copy.agenda.cancelMore(start, buyer.name)}</span>
        </summary>
        <form action={cancelTeamTour} className={styles.cancelForm}>
          <input type="hidden" name="tour" value={tour.id} />
          <input type="hidden" name="from" value={range.from} />
          <p>{copy.agenda.cancelWarning(broker ? broker.name : buyer.name)}</p>
          <button type="submit" className={styles.danger}>
            {copy.agenda.cancelConfirm}
            <span className={styles.visuallyHidden}>{copy.agenda.cancelMore(start, buyer.name)}</span>
          </button>
        </form>
      </details>
    </li>
  );
}

/** The team's private tours: the settings, and the booked tours of 30 days by day, each with its host and a cancellation. */
export function ToursAdmin({ settings, range, days, members, timeZone, zone, said }: ToursAdminProps) {
  return (
    <main className={styles.page}>
      <p>
        <a className={styles.back} href="/admin">
          ← {leadPage.back}
        </a>
      </p>
      <h1 className={styles.heading}>{copy.heading}</h1>
      <p className={styles.intro}>{copy.intro}</p>
      <p className={styles.said} role="status" data-outcome={said?.outcome ?? 'saved'}>
        {said?.text ?? ''}
      </p>

      <div className={styles.columns}>
        <section id="agenda" aria-labelledby="agenda-heading" className={styles.agenda}>
          <h2 id="agenda-heading">{copy.agenda.heading}</h2>
          <p className={styles.range}>
            {copy.agenda.range(shortDate(range.from), shortDate(range.last))} {copy.agenda.zone(zone)}
          </p>
          {days.length ? (
            <ol className={styles.days}>
              {days.map((day) => (
                <li key={day.date} className={styles.day}>
                  <section aria-labelledby={`day-${day.date}`}>
                    <h3 id={`day-${day.date}`}>
                      <time dateTime={day.date}>{formatDayLabel(day.date)}</time>
                    </h3>
                    <ul className={styles.tours}>
                      {day.tours.map((entry) => (
                        <AgendaEntry key={entry.tour.id} entry={entry} range={range} members={members} timeZone={timeZone} />
                      ))}
                    </ul>
                  </section>
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.quiet}>{copy.agenda.none}</p>
          )}
          <nav className={styles.pages} aria-label={copy.agenda.heading}>
            {range.previous ? <a href={`/admin/tours?from=${range.previous}#agenda`}>← {copy.agenda.previous}</a> : null}
            <a href={`/admin/tours?from=${range.next}#agenda`}>{copy.agenda.next} →</a>
          </nav>
        </section>

        <section aria-labelledby="tour-settings-heading" className={styles.card}>
          <h2 id="tour-settings-heading">{copy.settings.heading}</h2>
          <p className={styles.changed}>
            {settings.changedAt && settings.changedBy ? copy.settings.lastChanged(settings.changedBy, teamTime(settings.changedAt, timeZone)) : copy.settings.defaults}
          </p>
          <TourSettingsForm current={formatTourSettingsForm(settings)} zone={zone} />
        </section>
      </div>
    </main>
  );
}
