import { deleteEstate } from '@/lib/admin/portal-actions';
import { estateValues } from '@/lib/admin/portal-forms';
import { teamTime } from '@/lib/admin/time';
import { estatesPage as copy } from '@/lib/copy/team-brokers';
import { leadPage } from '@/lib/copy/team';
import type { Estate, EstateChange, EstateFields } from '@/lib/portal/types';
import { EstateForm } from './estate-form';
import styles from './estates-manager.module.scss';

interface EstatesManagerProps {
  estates: Estate[];
  /** Each estate's changes, oldest first, by its id. */
  histories: Record<string, EstateChange[]>;
  timeZone: string;
  /** The sentence to show at the top: a change saved, or refused. */
  said: { text: string; outcome: 'saved' | 'refused' } | null;
}

const numbers = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const price = (listPrice: number | null) => (listPrice === null ? copy.priceOnRequest : dollars.format(listPrice));

/** A field of an estate as the page reads it. */
function shown(name: keyof EstateFields, value: EstateFields[keyof EstateFields] | undefined): string {
  if (value === undefined) return copy.history.empty;
  if (name === 'status') return copy.statuses[value as string] ?? String(value);
  if (name === 'listPrice') return price(value as number | null);
  if (name === 'lot') return String(value);
  return numbers.format(value as number);
}

const FIELD_ORDER: (keyof EstateFields)[] = ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'bathrooms', 'status', 'listPrice'];
const FIELD_LABELS: Record<keyof EstateFields, string> = copy.columns;

function Change({ change, timeZone }: { change: EstateChange; timeZone: string }) {
  const kind = change.before === null ? copy.history.created : change.after === null ? copy.history.deleted : copy.history.changed;
  const names = FIELD_ORDER.filter((name) => (change.before && name in change.before) || (change.after && name in change.after));
  return (
    <li>
      <p className={styles.byline}>
        <strong>{kind}</strong> · {copy.history.by(change.actor)} · <time dateTime={change.at}>{teamTime(change.at, timeZone)}</time>
      </p>
      <dl className={styles.changes}>
        {names.map((name) => (
          <div key={name}>
            <dt>{FIELD_LABELS[name]}</dt>
            <dd>
              {change.before ? <span className={styles.before}>{shown(name, change.before[name])}</span> : null}
              {change.before && change.after ? ' → ' : null}
              {change.after ? <span>{shown(name, change.after[name])}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** The estates the team keeps: the table, the means to add one, and for each its details, status and price, deletion and history. */
export function EstatesManager({ estates, histories, timeZone, said }: EstatesManagerProps) {
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

      {estates.length ? (
        <p className={styles.jump}>
          <a href="#add-estate">{copy.add.jump}</a>
        </p>
      ) : null}
      {estates.length ? (
        <div className={styles.tableWrap} role="region" aria-label={copy.tableLabel} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{copy.columns.lot}</th>
                <th scope="col" className={styles.number}>
                  {copy.columns.lotAcres}
                </th>
                <th scope="col" className={styles.number}>
                  {copy.columns.homeSqft}
                </th>
                <th scope="col" className={styles.number}>
                  {copy.columns.bedrooms}
                </th>
                <th scope="col" className={styles.number}>
                  {copy.columns.bathrooms}
                </th>
                <th scope="col">{copy.columns.status}</th>
                <th scope="col" className={styles.number}>
                  {copy.columns.listPrice}
                </th>
                <th scope="col">{copy.columns.changedAt}</th>
              </tr>
            </thead>
            <tbody>
              {estates.map((estate) => (
                <tr key={estate.id}>
                  <th scope="row">
                    <a href={`#estate-${estate.id}`}>{estate.lot}</a>
                  </th>
                  <td className={styles.number}>{numbers.format(estate.lotAcres)}</td>
                  <td className={styles.number}>{numbers.format(estate.homeSqft)}</td>
                  <td className={styles.number}>{estate.bedrooms}</td>
                  <td className={styles.number}>{estate.bathrooms}</td>
                  <td>
                    <span className={styles.status} data-status={estate.status}>
                      {copy.statuses[estate.status]}
                    </span>
                  </td>
                  <td className={styles.number}>{price(estate.listPrice)}</td>
                  <td>
                    <time dateTime={estate.changedAt}>{teamTime(estate.changedAt, timeZone)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.quiet}>{copy.none}</p>
      )}

      <div className={styles.columns}>
        <ul className={styles.estates} aria-label={copy.manage}>
          {estates.map((estate) => {
            const history = histories[estate.id] ?? [];
            return (
              <li key={estate.id} id={`estate-${estate.id}`} className={styles.estate}>
                <section aria-labelledby={`estate-${estate.id}-heading`}>
                  <h2 id={`estate-${estate.id}-heading`} className={styles.name}>
                    {estate.lot}
                  </h2>
                  <p className={styles.facts}>
                    <span className={styles.status} data-status={estate.status}>
                      {copy.statuses[estate.status]}
                    </span>{' '}
                    · {price(estate.listPrice)}
                  </p>
                  <h3 className={styles.subheading}>{copy.status.heading}</h3>
                  <EstateForm kind="status" id={estate.id} current={estateValues(estate)} />
                  <EstateForm kind="update" id={estate.id} current={estateValues(estate)} folded={{ summary: copy.edit.summary, className: styles.more! }} />
                  <details className={styles.more}>
                    <summary>
                      {copy.history.summary} ({history.length})
                    </summary>
                    {history.length ? (
                      <ol className={styles.history}>
                        {history.map((change, index) => (
                          <Change key={`${change.at}-${index}`} change={change} timeZone={timeZone} />
                        ))}
                      </ol>
                    ) : (
                      <p className={styles.quiet}>{copy.history.none}</p>
                    )}
                  </details>
                  <details className={`${styles.more} ${styles.remove}`}>
                    <summary>{copy.remove.summary(estate.lot)}</summary>
                    <form action={deleteEstate}>
                      <input type="hidden" name="id" value={estate.id} />
                      <input type="hidden" name="confirm" value="yes" />
                      <p>{copy.remove.warning}</p>
                      <button type="submit" className={styles.danger}>
                        {copy.remove.submit(estate.lot)}
                      </button>
                    </form>
                  </details>
                </section>
              </li>
            );
          })}
        </ul>

        <section id="add-estate" aria-labelledby="add-estate-heading" className={styles.card}>
          <h2 id="add-estate-heading">{copy.add.heading}</h2>
          <EstateForm kind="create" />
        </section>
      </div>
    </main>
  );
}
