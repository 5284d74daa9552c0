import { formatDayLabel, formatTimeLabel, type OpenDay } from '@/lib/tours/slots';
import styles from './time-choices.module.scss';

/**
 * One day's open times as tiles, each a radio choice named `startsAt`, in a group named by the day: the buyer's tour
 * page and a broker's registration both offer times so. With `places`, each tile says how many places are left.
 */
export function TimeChoices({ day, timeZone, places, required }: { day: OpenDay; timeZone: string; places?: (count: number) => string; required?: boolean }) {
  return (
    <fieldset className={styles.day}>
      <legend className={styles.dayName}>{formatDayLabel(day.date)}</legend>
      <div className={styles.choices}>
        {day.times.map((time) => (
          <label key={time.startsAt} className={styles.choice}>
            <input type="radio" name="startsAt" value={time.startsAt} required={required} />
            <span className={styles.time}>{formatTimeLabel(time.startsAt, timeZone)}</span>
            {places ? <span className={styles.places}>{places(time.placesLeft)}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
