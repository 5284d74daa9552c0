import { inbox } from '@/lib/copy/team';
import { LEAD_FORM_NAMES } from '@/lib/leads/forms';
import type { BrokerResponseMonth, SourceCount } from '@/lib/leads/types';
import { EmptyState } from '../shared/empty-state';
import { Panel } from '../shared/panel';
import { TableOrCards, type Column } from '../shared/table-or-cards';

interface SourceRow {
  month: string;
  source: string;
  counts: number[];
}

const { responses: responsesCopy, sources: sourcesCopy } = inbox;

const RESPONSE_COLUMNS: Column<BrokerResponseMonth>[] = [
  { header: responsesCopy.month, names: true, cell: (month) => month.month },
  { header: responsesCopy.arrived, numeric: true, cell: (month) => month.arrived },
  { header: responsesCopy.withinDay, numeric: true, cell: (month) => month.withinDay },
  { header: responsesCopy.later, numeric: true, cell: (month) => month.later },
  { header: responsesCopy.waiting, numeric: true, cell: (month) => month.waiting },
];

const SOURCE_COLUMNS: Column<SourceRow>[] = [
  { header: sourcesCopy.month, names: true, cell: (row) => row.month },
  { header: sourcesCopy.source, cell: (row) => (row.source === 'direct' ? sourcesCopy.direct : row.source) },
  ...LEAD_FORM_NAMES.map((form, index): Column<SourceRow> => ({ header: inbox.forms[form].label, numeric: true, cell: (row) => row.counts[index] })),
];

/** Leads by where they came from and the month they arrived, a row per both, a column per form. */
function sourceRows(sources: SourceCount[]): SourceRow[] {
  return [...new Set(sources.map((entry) => `${entry.month}\u0000${entry.source}`))].map((key) => {
    const [month, source] = key.split('\u0000') as [string, string];
    const count = (form: string) => sources.find((entry) => entry.month === month && entry.source === source && entry.form === form)?.leads ?? 0;
    return { month, source, counts: LEAD_FORM_NAMES.map(count) };
  });
}

interface FiguresProps<Row> {
  id: string;
  heading: string;
  none: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}

/** A table of figures under its heading, which names it; said to be empty when it is. */
function Figures<Row>({ id, heading, none, ...table }: FiguresProps<Row>) {
  return (
    <Panel id={id} heading={heading} look="plain" region={false}>
      <TableOrCards labelledBy={`${id}-heading`} empty={<EmptyState>{none}</EmptyState>} {...table} />
    </Panel>
  );
}

/**
 * Under the list, month by month: for the broker requests, how the 24-hour promise was kept (how many arrived, were
 * answered in time, later, or wait); for both forms, where the leads came from.
 */
export function InboxFigures({ responses, sources }: { responses: BrokerResponseMonth[] | null; sources: SourceCount[] }) {
  return (
    <>
      {responses ? (
        <Figures id="responses" heading={responsesCopy.heading} none={responsesCopy.none} columns={RESPONSE_COLUMNS} rows={responses} rowKey={(month) => month.month} />
      ) : null}
      <Figures id="sources" heading={sourcesCopy.heading} none={sourcesCopy.none} columns={SOURCE_COLUMNS} rows={sourceRows(sources)} rowKey={(row) => `${row.month}-${row.source}`} />
    </>
  );
}
