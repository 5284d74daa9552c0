import { deleteEstate } from '@/lib/admin/portal-actions';
import { estateValues } from '@/lib/admin/portal-forms';
import { teamTime } from '@/lib/admin/time';
import { estatesPage as copy } from '@/lib/copy/team-brokers';
import { leadPage } from '@/lib/copy/team';
import { teamHolds } from '@/lib/copy/holds';
import { saveHoldSettings } from '@/lib/holds/actions';
import type { BoardLot, StoredHoldSettings } from '@/lib/holds/types';
import type { EstateChange, EstateFields } from '@/lib/portal/types';
import { StandingPill } from '../holds/standing-pill';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import { SitePlan } from '../shared/site-plan';
import { StatusSentence } from '../shared/status-sentence';
import { CardList } from '../shared/card-list';
import { Columns } from '../shared/columns';
import { ConfirmButton } from '../shared/confirm-button';
import { Disclosure } from '../shared/disclosure';
import { EmptyState } from '../shared/empty-state';
import { EventList } from '../shared/event-list';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import type { StatusMessage } from '../shared/status-sentence';
import { TableOrCards, type Column } from '../shared/table-or-cards';
import { EstateForm } from './estate-form';
import styles from './estates-manager.module.scss';

/** What the hold settings form came to, and the values it sent when refused. */
export interface HoldSettingsReply {
  answer: 'saved' | 'invalid' | 'unavailable';
  holdHours: string | null;
  brokerLimit: string | null;
}

interface EstatesManagerProps {
  estates: BoardLot[];
  holdSettings: StoredHoldSettings;
  settingsReply: HoldSettingsReply | null;
  /** Each estate's changes, oldest first, by its id. */
  histories: Record<string, EstateChange[]>;
  timeZone: string;
  /** The sentence to show at the top: a change saved, refused, or that there was nothing to change. */
  said: StatusMessage | null;
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

/** The table's columns: the lot, a link to its card, then its figures, status, price and last change. */
const columnsIn = (timeZone: string): Column<BoardLot>[] => [
  { header: copy.columns.lot, names: true, cell: (estate) => <a href={`#estate-${estate.id}`}>{estate.lot}</a> },
  { header: copy.columns.lotAcres, numeric: true, cell: (estate) => numbers.format(estate.lotAcres) },
  { header: copy.columns.homeSqft, numeric: true, cell: (estate) => numbers.format(estate.homeSqft) },
  { header: copy.columns.bedrooms, numeric: true, cell: (estate) => estate.bedrooms },
  { header: copy.columns.bathrooms, numeric: true, cell: (estate) => estate.bathrooms },
  { header: copy.columns.status, cell: (estate) => <StandingPill standing={estate.standing} /> },
  { header: copy.columns.listPrice, numeric: true, cell: (estate) => price(estate.listPrice) },
  {
    header: teamHolds.lotPage.open,
    wide: true,
    unlabelled: true,
    cell: (estate) => (
      <a href={`/admin/estates/${estate.id}#claim`}>
        {teamHolds.lotPage.open}
        <span className={styles.hidden}>{`: ${estate.lot}`}</span>
      </a>
    ),
  },
  { header: copy.columns.changedAt, wide: true, cell: (estate) => <time dateTime={estate.changedAt}>{teamTime(estate.changedAt, timeZone)}</time> },
];

/** One estate's card: its status and price, its details folded away, its history, and its deletion asked then confirmed. */
function EstateCard({ estate, history, timeZone }: { estate: BoardLot; history: EstateChange[]; timeZone: string }) {
  return (
    <section aria-labelledby={`estate-${estate.id}-heading`}>
      <h2 id={`estate-${estate.id}-heading`} className={styles.name}>
        {estate.lot}
      </h2>
      <p className={styles.facts}>
        <StandingPill standing={estate.standing} /> · {price(estate.listPrice)}
      </p>
      <h3 className={styles.subheading}>{copy.status.heading}</h3>
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
    </section>
  );
}

/** The estates the team keeps: the table, the means to add one, and for each its details, status and price, deletion and history. */
/** How long a hold lasts and how many lots one broker may hold at once: the values refused sent back, else those in force. */
function HoldSettingsForm({ settings, reply }: { settings: StoredHoldSettings; reply: HoldSettingsReply | null }) {
  const words = teamHolds.settings;
  const refused = reply !== null && reply.answer !== 'saved';
  return (
    <Panel id="hold-settings" sectionId="hold-settings" heading={words.heading} byline={words.intro}>
      <form action={saveHoldSettings} className={styles.holdSettings}>
        {reply ? <StatusSentence tone={refused ? 'error' : 'success'}>{words[reply.answer]}</StatusSentence> : null}
        <FormField id="hold-hours" label={words.hours} invalid={refused}>
          {(control) => <input {...control} name="holdHours" type="number" min={1} max={720} required inputMode="numeric" defaultValue={refused ? (reply.holdHours ?? '') : settings.holdHours} />}
        </FormField>
        <FormField id="hold-limit" label={words.limit} invalid={refused}>
          {(control) => <input {...control} name="brokerLimit" type="number" min={1} max={50} required inputMode="numeric" defaultValue={refused ? (reply.brokerLimit ?? '') : settings.brokerLimit} />}
        </FormField>
        <Button kind="secondary">{words.save}</Button>
      </form>
    </Panel>
  );
}

export function EstatesManager({ estates, holdSettings, settingsReply, histories, timeZone, said }: EstatesManagerProps) {
  return (
    <PageColumn back={{ href: '/admin', label: leadPage.back }} heading={copy.heading} intro={copy.intro} status={said}>
      <SitePlan
        heading={teamHolds.shape.heading}
        lots={estates.flatMap((estate) => (estate.shape ? [{ shape: estate.shape, lot: estate.lot, standing: estate.standing, listPrice: estate.listPrice, href: `/admin/estates/${estate.id}` }] : []))}
      />
      {estates.length ? (
        <p className={styles.jump}>
          <a href="#add-estate">{copy.add.jump}</a>
        </p>
      ) : null}
      <TableOrCards
        label={copy.tableLabel}
        columns={columnsIn(timeZone)}
        rows={estates}
        rowKey={(estate) => estate.id}
        cardsBelow="lg"
        empty={<EmptyState>{copy.none}</EmptyState>}
      />
      <Columns
        main={
          <CardList
            label={copy.manage}
            cards={estates.map((estate) => ({
              key: estate.id,
              id: `estate-${estate.id}`,
              content: <EstateCard estate={estate} history={histories[estate.id] ?? []} timeZone={timeZone} />,
            }))}
          />
        }
        side={
          <>
            <Panel id="add-estate" sectionId="add-estate" heading={copy.add.heading}>
              <EstateForm kind="create" />
            </Panel>
            <HoldSettingsForm settings={holdSettings} reply={settingsReply} />
          </>
        }
      />
    </PageColumn>
  );
}
