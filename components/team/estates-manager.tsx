import { teamTime } from '@/lib/admin/time';
import { estatesPage as copy } from '@/lib/copy/team-brokers';
import { teamHolds } from '@/lib/copy/holds';
import { saveHoldSettings } from '@/lib/holds/actions';
import type { BoardLot, StoredHoldSettings } from '@/lib/holds/types';
import { StandingPill } from '../holds/standing-pill';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import { SitePlan } from '../shared/site-plan';
import { StatusSentence } from '../shared/status-sentence';
import { Columns } from '../shared/columns';
import { EmptyState } from '../shared/empty-state';
import { PageColumn } from '../shared/page-column';
import { Panel } from '../shared/panel';
import type { StatusMessage } from '../shared/status-sentence';
import { TableOrCards, type Column } from '../shared/table-or-cards';
import { EstateForm } from './estate-form';
import { listPriceWords } from '@/lib/copy/money';
import { estateFigure } from './estate-price';
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
  timeZone: string;
  /** The sentence to show at the top: a change saved, refused, or that there was nothing to change. */
  said: StatusMessage | null;
}

/** The table's columns: the lot, a link to its own page, then its figures, status, price and last change. */
const columnsIn = (timeZone: string): Column<BoardLot>[] => [
  { header: copy.columns.lot, names: true, cell: (estate) => <a href={`/admin/estates/${estate.id}`}>{estate.lot}</a> },
  { header: copy.columns.lotAcres, numeric: true, cell: (estate) => estateFigure(estate.lotAcres) },
  { header: copy.columns.homeSqft, numeric: true, cell: (estate) => estateFigure(estate.homeSqft) },
  { header: copy.columns.bedrooms, numeric: true, cell: (estate) => estate.bedrooms },
  { header: copy.columns.bathrooms, numeric: true, cell: (estate) => estate.bathrooms },
  { header: copy.columns.status, cell: (estate) => <StandingPill standing={estate.standing} /> },
  { header: copy.columns.listPrice, numeric: true, cell: (estate) => listPriceWords(estate.listPrice) },
  { header: copy.columns.changedAt, wide: true, cell: (estate) => <time dateTime={estate.changedAt}>{teamTime(estate.changedAt, timeZone)}</time> },
];

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

/**
 * The estates the team keeps: the plan, the table (each lot a link to its own page, where its status, details, history,
 * deletion and claims are), the means to add one, and the hold settings.
 */
export function EstatesManager({ estates, holdSettings, settingsReply, timeZone, said }: EstatesManagerProps) {
  return (
    <PageColumn heading={copy.heading} intro={copy.intro} status={said}>
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
          <Panel id="add-estate" sectionId="add-estate" heading={copy.add.heading}>
            <EstateForm kind="create" />
          </Panel>
        }
        side={<HoldSettingsForm settings={holdSettings} reply={settingsReply} />}
      />
    </PageColumn>
  );
}
