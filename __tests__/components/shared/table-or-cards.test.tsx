/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { EmptyState } from '@/components/shared/empty-state';
import { TableOrCards, type Column } from '@/components/shared/table-or-cards';

interface Lot {
  id: string;
  name: string;
  acres: number;
  status: string;
}

const COLUMNS: Column<Lot>[] = [
  { header: 'Lot', names: true, cell: (lot) => <a href={`#estate-${lot.id}`}>{lot.name}</a> },
  { header: 'Acres', numeric: true, cell: (lot) => lot.acres },
  { header: 'Status', cell: (lot) => lot.status },
];

const LOTS: Lot[] = [
  { id: '1', name: 'The Orchard at Whitfield Ridge', acres: 2.4, status: 'Reserved' },
  { id: '2', name: 'Lot 7', acres: 1.25, status: 'Under contract' },
];

test('a table named by its label, with a header per column and a row header per row', () => {
  render(<TableOrCards label="Estates by lot" columns={COLUMNS} rows={LOTS} rowKey={(lot) => lot.id} />);
  const region = screen.getByRole('region', { name: 'Estates by lot' });
  const table = within(region).getByRole('table', { name: 'Estates by lot' });
  expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Lot', 'Acres', 'Status']);
  expect(within(table).getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['The Orchard at Whitfield Ridge', 'Lot 7']);
  const [, first] = within(table).getAllByRole('row');
  expect(first).toHaveTextContent('The Orchard at Whitfield Ridge2.4Reserved');
  expect(within(first!).getByRole('link', { name: 'The Orchard at Whitfield Ridge' })).toHaveAttribute('href', '#estate-1');
});

test('each value carries its column’s name, for the label above it on a card; the naming cell needs none', () => {
  render(<TableOrCards label="Estates by lot" columns={COLUMNS} rows={LOTS} rowKey={(lot) => lot.id} cardsBelow="lg" />);
  const table = screen.getByRole('table');
  expect(table).toHaveAttribute('data-cards-below', 'lg');
  const cells = within(table).getAllByRole('cell');
  expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Acres', 'Status', 'Acres', 'Status']);
  expect(within(table).getAllByRole('rowheader')[0]).not.toHaveAttribute('data-label');
});

test('a row may carry an id and a status; a heading elsewhere may name the table', () => {
  render(
    <>
      <h3 id="your-registrations">Your registrations</h3>
      <TableOrCards
        labelledBy="your-registrations"
        columns={COLUMNS}
        rows={LOTS}
        rowKey={(lot) => lot.id}
        rowId={(lot) => `lot-${lot.id}`}
        rowStatus={(lot) => (lot.status === 'Reserved' ? 'under_review' : undefined)}
      />
    </>,
  );
  const table = screen.getByRole('table', { name: 'Your registrations' });
  const [, first, second] = within(table).getAllByRole('row');
  expect(first).toHaveAttribute('id', 'lot-1');
  expect(first).toHaveAttribute('data-status', 'under_review');
  expect(second).not.toHaveAttribute('data-status');
});

test('with no rows, the empty state instead of a table', () => {
  render(<TableOrCards label="Estates by lot" columns={COLUMNS} rows={[]} rowKey={(lot) => lot.id} empty={<EmptyState>No estates yet. Add the first one below.</EmptyState>} />);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('No estates yet. Add the first one below.')).toBeInTheDocument();
});

test('a row and its cells carry only the marks they have: no prop written as absent, which the page’s data would carry', () => {
  const props: Record<string, unknown>[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!node || typeof node !== 'object' || !('props' in node)) return;
    const element = node as { type: unknown; props: Record<string, unknown> };
    if (element.type === 'tr' || element.type === 'td' || element.type === 'th') props.push(element.props);
    collect(element.props.children);
  };
  collect(TableOrCards({ label: 'Estates by lot', columns: COLUMNS, rows: LOTS, rowKey: (lot) => lot.id }));
  expect(props.length).toBeGreaterThan(6);
  for (const each of props) expect(Object.entries(each).filter(([, value]) => value === undefined)).toEqual([]);
  // The marks that are there stay: the figures, the naming cell across its card, each value's label.
  expect(props.filter((each) => 'data-numeric' in each)).toHaveLength(1 + LOTS.length);
  expect(props.filter((each) => each['data-label'] === 'Status')).toHaveLength(LOTS.length);
});
