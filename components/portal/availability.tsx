import { teamTime } from '@/lib/admin/time';
import { holdAnswers, portalHolds, standings } from '@/lib/copy/holds';
import { listPriceWords } from '@/lib/copy/money';
import { portalPage } from '@/lib/copy/portal';
import type { HoldAnswer } from '@/lib/holds/forms';
import { placeBrokerHold, releaseBrokerHold } from '@/lib/holds/actions';
import { LOT_STANDINGS, type BoardLot, type LotStanding, type StoredHoldSettings } from '@/lib/holds/types';
import { StandingPill } from '../holds/standing-pill';
import { SitePlan } from '../shared/site-plan';
import { Button } from '../shared/button';
import { EmptyState } from '../shared/empty-state';
import { FormField } from '../shared/form-field';
import { Panel } from '../shared/panel';
import { SelectOptions } from '../shared/select-options';
import { StatusSentence } from '../shared/status-sentence';
import { TableOrCards, type Column } from '../shared/table-or-cards';
import styles from './availability.module.scss';

const copy = portalPage.availability;

/** A broker's client a lot may be held for: an active registration. */
export interface HoldClient {
  id: string;
  fullName: string;
}

/** What the last hold or release came to, when the page was sent back after one; and the client it was for. */
export interface HoldReply {
  answer: HoldAnswer;
  lot: string | null;
  client: string | null;
}

interface AvailabilityProps {
  lots: BoardLot[];
  /** The standing shown, or every lot. */
  standing: LotStanding | null;
  timeZone: string;
  settings: StoredHoldSettings;
  /** A broker's active registrations; null for a team member, who holds from the back office. */
  clients: HoldClient[] | null;
  reply: HoldReply | null;
}

const isGood = (answer: HoldAnswer) => answer === 'held' || answer === 'released';

/** The one form a broker holds with: the client is chosen once, and each available lot's button submits it. */
const HOLD_FORM = 'hold-for';
const isAvailable = (lot: BoardLot) => !lot.claim && lot.standing === 'available';

/**
 * The client a broker holds lots for, chosen once above the list. A select per lot made a form per line, and the
 * browser reads every form on the page as it ends (for filling them in): a list of sixty lots waited on it.
 */
function HoldFor({ clients, reply, held, settings }: { clients: HoldClient[]; reply: HoldReply | null; held: number; settings: StoredHoldSettings }) {
  return (
    <form id={HOLD_FORM} action={placeBrokerHold} className={styles.holdFor}>
      <FormField id="hold-client" label={portalHolds.forLabel} hint={portalHolds.limit(held, settings.brokerLimit, settings.holdHours)}>
        {(control) => (
          <select {...control} name="registration" required defaultValue={clients.some((client) => client.id === reply?.client) ? reply!.client! : ''}>
            <SelectOptions prompt={portalHolds.choose} choices={clients.map((client) => [client.id, client.fullName] as const)} />
          </select>
        )}
      </FormField>
    </form>
  );
}

/** The broker's own hold or reservation on a lot, with the way to release a hold; or the button that holds an available lot. */
function HoldCell({ lot, canHold, reply, timeZone }: { lot: BoardLot; canHold: boolean; reply: HoldReply | null; timeZone: string }) {
  const said = reply && reply.lot === lot.id ? <StatusSentence tone={isGood(reply.answer) ? 'success' : 'error'}>{holdAnswers[reply.answer]}</StatusSentence> : null;
  const claim = lot.claim;
  if (claim) {
    const buyer = claim.buyer?.name ?? '';
    return (
      <div className={styles.hold}>
        {said}
        {claim.stage === 'hold' ? (
          <>
            <span>{portalHolds.yours(buyer, teamTime(claim.expiresAt, timeZone))}</span>
            <form action={releaseBrokerHold}>
              <input type="hidden" name="claim" value={claim.id} />
              <Button kind="secondary">{portalHolds.release}</Button>
            </form>
          </>
        ) : (
          <span>{portalHolds.yourReservation(buyer, standings[lot.standing])}</span>
        )}
      </div>
    );
  }
  if (!canHold || !isAvailable(lot)) return said;
  // A submitter of the one hold form above the list: the lot is the button's value, the client the form's choice.
  return (
    <div className={styles.hold}>
      {said}
      <Button kind="secondary" form={HOLD_FORM} name="estate" value={lot.id}>
        {portalHolds.hold}
        <span className={styles.hidden}>{portalHolds.holdWhich(lot.lot)}</span>
      </Button>
    </div>
  );
}

/** `canHold`: null for a team member (no column of holds); else whether the broker may place one now. */
function columns(timeZone: string, canHold: boolean | null, reply: HoldReply | null): Column<BoardLot>[] {
  const { columns: headers, acres, sqft } = copy;
  return [
    { header: headers.lot, names: true, cell: (row) => row.lot },
    { header: headers.acres, numeric: true, cell: (row) => acres(row.lotAcres) },
    { header: headers.sqft, numeric: true, cell: (row) => sqft(row.homeSqft) },
    { header: headers.bedrooms, numeric: true, cell: (row) => row.bedrooms },
    { header: headers.bathrooms, numeric: true, cell: (row) => row.bathrooms },
    { header: headers.status, cell: (row) => <StandingPill standing={row.standing} /> },
    { header: headers.price, numeric: true, cell: (row) => listPriceWords(row.listPrice) },
    { header: headers.changed, cell: (row) => <time dateTime={row.changedAt}>{teamTime(row.changedAt, timeZone)}</time> },
    ...(canHold !== null
      ? [{ header: portalHolds.column, wide: true, cell: (row: BoardLot) => <HoldCell lot={row} canHold={canHold} reply={reply} timeZone={timeZone} /> }]
      : []),
  ];
}

/** Availability and pricing: the site plan, the statuses to show, every lot with its standing, and a broker's holds. */
export function Availability({ lots, standing, timeZone, settings, clients, reply }: AvailabilityProps) {
  const shown = standing ? lots.filter((lot) => lot.standing === standing) : lots;
  const held = lots.filter((lot) => lot.claim?.stage === 'hold').length;
  // A broker holds for a client of theirs, up to the number a broker may hold at once; the list asks for neither else.
  const canHold = clients !== null && clients.length > 0 && held < settings.brokerLimit;
  const unplaced = reply && !lots.some((lot) => lot.id === reply.lot && (lot.claim || lot.standing === 'available'));
  return (
    <Panel id="availability" sectionId="availability" heading={portalPage.sections.availability} byline={copy.intro}>
      {reply && unplaced ? <StatusSentence tone={isGood(reply.answer) ? 'success' : 'error'}>{holdAnswers[reply.answer]}</StatusSentence> : null}
      <SitePlan
        heading={portalHolds.planHeading}
        headingLevel={3}
        caption={portalHolds.planCaption}
        lots={lots.flatMap((lot) => (lot.shape ? [{ shape: lot.shape, lot: lot.lot, standing: lot.standing, listPrice: lot.listPrice, href: `#lot-${lot.id}` }] : []))}
      />
      {canHold && shown.some(isAvailable) ? (
        <HoldFor clients={clients} reply={reply} held={held} settings={settings} />
      ) : clients ? (
        <p className={styles.limit}>{clients.length ? portalHolds.limit(held, settings.brokerLimit, settings.holdHours) : portalHolds.noClients}</p>
      ) : null}
      {/* Plain links: each view has its own address, and works before any script. */}
      <nav className={styles.filters} aria-label={copy.filterLabel}>
        <ul>
          {[null, ...LOT_STANDINGS].map((option) => (
            <li key={option ?? 'all'}>
              <a href={option ? `/portal?status=${option}#availability` : '/portal#availability'} aria-current={option === standing ? 'page' : undefined}>
                {option ? standings[option] : copy.all}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <TableOrCards
        label={copy.tableLabel}
        columns={columns(timeZone, clients && canHold, reply)}
        rows={shown}
        rowKey={(row) => row.id}
        rowId={(row) => `lot-${row.id}`}
        rowStatus={(row) => row.standing}
        cardsBelow="lg"
        empty={<EmptyState>{standing ? copy.emptyFiltered : copy.empty}</EmptyState>}
      />
    </Panel>
  );
}
