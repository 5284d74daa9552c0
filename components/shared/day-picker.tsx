import { tourPage } from '@/lib/copy/tours';
import { formatMonthLabel, type DayPicker as Picker } from '@/lib/tours/calendar';
import { formatDayLabel } from '@/lib/tours/slots';
import styles from './day-picker.module.scss';

/**
 * The month around the chosen day as a calendar: each open day a link to its own times (`dayHref`), the chosen one
 * marked, the days that cannot be chosen plain; and links to the nearest months with open days. Plain links, so
 * picking a day needs no script.
 */
export function DayPicker({ picker, dayHref, level = 2 }: { picker: Picker; dayHref: (date: string) => string; level?: 2 | 3 }) {
  // The month's title ranks under the heading of what holds the calendar: the page's own, or a section's.
  const Title = level === 2 ? 'h2' : 'h3';
  const copy = tourPage.choose;
  const monthLink = (date: string | null, direction: 'previous' | 'next') => {
    if (!date) return <span />;
    const month = formatMonthLabel(date.slice(0, 7));
    return (
      <a className={styles.month} href={dayHref(date)} rel={direction === 'next' ? 'next' : 'prev'} aria-label={copy.otherMonth(month)}>
        {direction === 'previous' ? `← ${month.split(' ')[0]}` : `${month.split(' ')[0]} →`}
      </a>
    );
  };
  return (
    <nav className={styles.picker} aria-label={copy.calendar}>
      <div className={styles.head}>
        {monthLink(picker.previous, 'previous')}
        <Title className={styles.title}>{formatMonthLabel(picker.month)}</Title>
        {monthLink(picker.next, 'next')}
      </div>
      <table className={styles.calendar}>
        <thead>
          <tr>
            {copy.weekdays.map(([short, full]) => (
              <th key={full} scope="col">
                <abbr title={full}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {picker.weeks.map((week, index) => (
            <tr key={index}>
              {week.map((day, column) => (
                <td key={day?.date ?? `blank-${column}`}>
                  {!day ? null : day.times > 0 ? (
                    <a
                      className={styles.open}
                      href={dayHref(day.date)}
                      aria-current={day.chosen ? 'date' : undefined}
                      aria-label={copy.day(formatDayLabel(day.date), day.times)}
                    >
                      {day.day}
                    </a>
                  ) : (
                    <span className={styles.closed}>{day.day}</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </nav>
  );
}
