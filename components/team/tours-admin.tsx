import { teamDate, teamTime } from '@/lib/admin/time';
import { assignTourHost, cancelTeamTour } from '@/lib/admin/tour-actions';
import { toursAdmin as copy } from '@/lib/copy/team';
import type { AgendaTour, StoredTourSettings } from '@/lib/tours/types';
import type { TeamMember } from '@/lib/auth/types';
import type { AgendaDay, AgendaRange } from '@/lib/tours/agenda';
import { formatTourSettingsForm } from '@/lib/tours/settings';
import { formatDayLabel, formatTimeLabel } from '@/lib/tours/slots';
import { Button } from '../shared/button';
import { CardList } from '../shared/card-list';
import { Columns } from '../shared/columns';
import { ConfirmButton } from '../shared/confirm-button';
import { EmptyState } from '../shared/empty-state';
import { FormField } from '../shared/form-field';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import { SelectOptions } from '../shared/select-options';
import type { StatusMessage } from '../shared/status-sentence';
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
  said: StatusMessage | null;
}

/** Who hosts the tour, chosen from the team; a host no longer on it is still shown as the one chosen. */
function HostForm({ entry, range, members }: { entry: AgendaTour; range: AgendaRange; members: ToursAdminProps['members'] }) {
  const { tour, buyer, host } = entry;
  const hosts = host && !members.some((member) => member.id === host.id) ? [...members, host] : members;
  const choices = Object.fromEntries([['', copy.agenda.noHost], ...hosts.map((member) => [member.id, member.name])]);
  return (
    <form action={assignTourHost}>
      <input type="hidden" name="tour" value={tour.id} />
      <input type="hidden" name="from" value={range.from} />
      <FormField
        id={`host-${tour.id}`}
        label={copy.agenda.host}
        beside={
          <Button kind="secondary">
            {copy.agenda.assign}
            <span className={styles.hidden}>{copy.agenda.assignMore(buyer.name)}</span>
          </Button>
        }
      >
        {(control) => (
          <select {...control} name="host" defaultValue={host?.id ?? ''}>
            <SelectOptions choices={choices} />
          </select>
        )}
      </FormField>
    </form>
  );
}

function AgendaEntry({ entry, range, members, timeZone }: { entry: AgendaTour; range: AgendaRange; members: ToursAdminProps['members']; timeZone: string }) {
  const { tour, buyer, broker } = entry;
  const start = formatTimeLabel(tour.startsAt, timeZone);
  return (
    <div className={styles.tour}>
      <p className={styles.when}>
        <time dateTime={tour.startsAt}>{start}</time> <span className={styles.until}>{copy.agenda.ends(formatTimeLabel(tour.endsAt, timeZone))}</span>
      </p>
      <div className={styles.who}>
        <p className={styles.buyer}>
          <span className={styles.hidden}>{copy.agenda.buyer}: </span>
          {tour.leadId ? <a href={`/admin/leads/${tour.leadId}`}>{buyer.name}</a> : <span>{buyer.name}</span>}
        </p>
        {broker ? <p className={styles.broker}>{copy.agenda.broker(broker.name, broker.brokerage)}</p> : null}
      </div>
      <div className={styles.actions}>
        <HostForm entry={entry} range={range} members={members} />
        {/* A cancellation is emailed at once and cannot be taken back. */}
        <ConfirmButton
          action={cancelTeamTour}
          fields={{ tour: tour.id, from: range.from }}
          ask={copy.agenda.cancel}
          warning={copy.agenda.cancelWarning(broker ? broker.name : buyer.name)}
          confirm={copy.agenda.cancelConfirm}
          more={copy.agenda.cancelMore(start, buyer.name)}
        />
      </div>
    </div>
  );
}

/** The booked tours of the range, by day, and the way to the range before and after. */
function Agenda({ range, days, members, timeZone, zone }: Pick<ToursAdminProps, 'range' | 'days' | 'members' | 'timeZone' | 'zone'>) {
  return (
    <Panel
      id="agenda"
      sectionId="agenda"
      look="plain"
      heading={copy.agenda.heading}
      byline={`${copy.agenda.range(teamDate(range.from), teamDate(range.last))} ${copy.agenda.zone(zone)}`}
    >
      {days.length ? (
        <ol className={styles.days}>
          {days.map((day) => (
            <li key={day.date}>
              <section aria-labelledby={`day-${day.date}`}>
                <h3 id={`day-${day.date}`} className={styles.day}>
                  <time dateTime={day.date}>{formatDayLabel(day.date)}</time>
                </h3>
                <CardList
                  cards={day.tours.map((entry) => ({
                    key: entry.tour.id,
                    id: `tour-${entry.tour.id}`,
                    content: <AgendaEntry entry={entry} range={range} members={members} timeZone={timeZone} />,
                  }))}
                />
              </section>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState>{copy.agenda.none}</EmptyState>
      )}
      <nav className={styles.pages} aria-label={copy.agenda.heading}>
        {range.previous ? (
          <a href={`/admin/tours?from=${range.previous}#agenda`} rel="prev">
            ← {copy.agenda.previous}
          </a>
        ) : null}
        <a href={`/admin/tours?from=${range.next}#agenda`} rel="next">
          {copy.agenda.next} →
        </a>
      </nav>
    </Panel>
  );
}

/** The team's private tours: the settings, and the booked tours of 30 days by day, each with its host and a cancellation. */
export function ToursAdmin({ settings, range, days, members, timeZone, zone, said }: ToursAdminProps) {
  return (
    <PageColumn heading={copy.heading} intro={copy.intro} status={said}>
      <Columns
        main={<Agenda range={range} days={days} members={members} timeZone={timeZone} zone={zone} />}
        side={
          <Panel
            id="tour-settings"
            heading={copy.settings.heading}
            byline={settings.changedAt && settings.changedBy ? copy.settings.lastChanged(settings.changedBy, teamTime(settings.changedAt, timeZone)) : copy.settings.defaults}
          >
            <TourSettingsForm current={formatTourSettingsForm(settings)} zone={zone} />
          </Panel>
        }
      />
    </PageColumn>
  );
}
