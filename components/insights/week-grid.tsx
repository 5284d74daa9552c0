import styles from './charts.module.scss';

interface WeekGridProps {
  /** How many at each ISO weekday (1 Monday … 7 Sunday) and hour (0–23); only those with any. */
  cells: { weekday: number; hour: number; count: number }[];
  /** The days' short names, Monday first. */
  dayLabels: string[];
  /** An hour's name, as the chart's table writes it. */
  hourName: (hour: number) => string;
}

/**
 * The week as a grid, a column a day and a row an hour (the hours that have any, and the working day around them): each
 * cell's count written in it and its ground darker the more it holds, in five steps, so that the figure is read, not
 * only the tone.
 */
export function WeekGrid({ cells, dayLabels, hourName }: WeekGridProps) {
  const hours = cells.map((cell) => cell.hour);
  const first = Math.min(9, ...hours);
  const last = Math.max(17, ...hours);
  const largest = Math.max(1, ...cells.map((cell) => cell.count));
  const countAt = (weekday: number, hour: number) => cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.count ?? 0;
  const rows = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <div className={styles.week} aria-hidden="true" style={{ gridTemplateRows: `auto repeat(${rows.length}, auto)` }}>
      <span />
      {dayLabels.map((day) => (
        <span key={day} className={styles.weekDay}>
          {day}
        </span>
      ))}
      {rows.map((hour) => [
        <span key={`h${hour}`} className={styles.weekHour}>
          {hourName(hour)}
        </span>,
        ...dayLabels.map((day, index) => {
          const count = countAt(index + 1, hour);
          return (
            <span key={`${day}${hour}`} className={styles.weekCell} data-step={count === 0 ? 0 : Math.ceil((count / largest) * 4)}>
              {count || ''}
            </span>
          );
        }),
      ])}
    </div>
  );
}
