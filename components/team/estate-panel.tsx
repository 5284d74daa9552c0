import { deleteEstate } from '@/lib/admin/portal-actions';
import { estateValues } from '@/lib/admin/portal-forms';
import { teamTime } from '@/lib/admin/time';
import { estatesPage as copy } from '@/lib/copy/team-brokers';
import type { BoardLot } from '@/lib/holds/types';
import type { EstateChange, EstateFields } from '@/lib/portal/types';
import { ConfirmButton } from '../shared/confirm-button';
import { Disclosure } from '../shared/disclosure';
import { EmptyState } from '../shared/empty-state';
import { EventList } from '../shared/event-list';
import { Panel } from '../shared/panel';
import { EstateForm } from './estate-form';
import { listPriceWords } from '@/lib/copy/money';
import { estateFigure } from './estate-price';
import styles from './estate-panel.module.scss';

/** A field of an estate as the page reads it. */
function shown(name: keyof EstateFields, value: EstateFields[keyof EstateFields] | undefined): string {
  if (value === undefined) return copy.history.empty;
  if (name === 'status') return copy.statuses[value as string] ?? String(value);
  if (name === 'listPrice') return listPriceWords(value as number | null);
  if (name === 'lot') return String(value);
  return estateFigure(value as number);
}

const FIELD_ORDER: (keyof EstateFields)[] = ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'bathrooms', 'status', 'listPrice'];
const FIELD_LABELS: Record<keyof EstateFields, string> = copy.columns;

/** What one change did to each field it touched, before → after. */
function ChangedFields({ change }: { change: EstateChange }) {
  const names = FIELD_ORDER.filter((name) => (change.before && name in change.before) || (change.after && name in change.after));
  return (
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
  );
}

function History({ changes, timeZone }: { changes: EstateChange[]; timeZone: string }) {
  if (!changes.length) return <EmptyState>{copy.history.none}</EmptyState>;
  return (
    <EventList
      events={changes.map((change, index) => ({
        key: `${change.at}-${index}`,
        what: (
          <span className={styles.byline}>
            <strong>{change.before === null ? copy.history.created : change.after === null ? copy.history.deleted : copy.history.changed}</strong> ·{' '}
            {copy.history.by(change.actor)} · <time dateTime={change.at}>{teamTime(change.at, timeZone)}</time>
          </span>
        ),
        details: <ChangedFields change={change} />,
      }))}
    />
  );
}

/**
 * One estate's own part of its page (/admin/estates/[id]): its status and price, its details folded away, its
 * history, and its deletion asked then confirmed. On the list, the 60 estates' forms and histories were 8,000
 * elements on one page (BENCHMARKS.md).
 */
export function EstatePanel({ estate, history, timeZone }: { estate: BoardLot; history: EstateChange[]; timeZone: string }) {
  return (
    <Panel id="estate" sectionId="estate" heading={copy.status.heading}>
      <EstateForm kind="status" id={estate.id} current={estateValues(estate)} />
      <div className={styles.more}>
        <EstateForm kind="update" id={estate.id} current={estateValues(estate)} folded={copy.edit.summary} />
      </div>
      <div className={styles.more}>
        <Disclosure summary={`${copy.history.summary} (${history.length})`}>
          <History changes={history} timeZone={timeZone} />
        </Disclosure>
      </div>
      <div className={styles.more}>
        <ConfirmButton
          action={deleteEstate}
          fields={{ id: estate.id, confirm: 'yes' }}
          ask={copy.remove.summary(estate.lot)}
          warning={copy.remove.warning}
          confirm={copy.remove.submit(estate.lot)}
        />
      </div>
    </Panel>
  );
}
