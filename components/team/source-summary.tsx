import { inbox } from '@/lib/copy/team';
import { LEAD_FORM_NAMES } from '@/lib/leads/forms';
import type { SourceCount } from '@/lib/leads/types';
import styles from './source-summary.module.scss';

/** Leads by where they came from and the month they arrived, a column per form. */
export function SourceSummary({ sources }: { sources: SourceCount[] }) {
  const copy = inbox.sources;
  const rows = [...new Set(sources.map((entry) => `${entry.month}\u0000${entry.source}`))].map((key) => {
    const [month, source] = key.split('\u0000') as [string, string];
    const count = (form: string) => sources.find((entry) => entry.month === month && entry.source === source && entry.form === form)?.leads ?? 0;
    return { month, source, counts: LEAD_FORM_NAMES.map(count) };
  });
  return (
    <section className={styles.summary}>
      <h2 id="sources-heading" className={styles.heading}>
        {copy.heading}
      </h2>
      {rows.length ? (
        // Focusable, so that a keyboard can scroll a table wider than a phone.
        <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="sources-heading">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{copy.month}</th>
                <th scope="col">{copy.source}</th>
                {LEAD_FORM_NAMES.map((form) => (
                  <th key={form} scope="col" className={styles.number}>
                    {inbox.forms[form].label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ month, source, counts }) => (
                <tr key={`${month}-${source}`}>
                  <td>{month}</td>
                  <td>{source === 'direct' ? copy.direct : source}</td>
                  {counts.map((count, index) => (
                    <td key={LEAD_FORM_NAMES[index]} className={styles.number}>
                      {count}
                    </td>
                  ))}
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
