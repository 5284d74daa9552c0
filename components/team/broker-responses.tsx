import { inbox } from '@/lib/copy/team';
import type { BrokerResponseMonth } from '@/lib/leads/types';
import styles from './broker-responses.module.scss';

/** The 24-hour promise to brokers, month by month: how many requests arrived, were answered in time, later, or wait. */
export function BrokerResponses({ months }: { months: BrokerResponseMonth[] }) {
  const copy = inbox.responses;
  return (
    <section className={styles.responses}>
      <h2 id="responses-heading" className={styles.heading}>
        {copy.heading}
      </h2>
      {months.length ? (
        // Focusable, so that a keyboard can scroll a table wider than a phone.
        <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="responses-heading">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{copy.month}</th>
                <th scope="col" className={styles.number}>
                  {copy.arrived}
                </th>
                <th scope="col" className={styles.number}>
                  {copy.withinDay}
                </th>
                <th scope="col" className={styles.number}>
                  {copy.later}
                </th>
                <th scope="col" className={styles.number}>
                  {copy.waiting}
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{month.month}</th>
                  <td className={styles.number}>{month.arrived}</td>
                  <td className={styles.number}>{month.withinDay}</td>
                  <td className={styles.number}>{month.later}</td>
                  <td className={styles.number}>{month.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{copy.none}</p>
      )}
    </section>
  );
}
