import type { ReactNode } from 'react';
import styles from './table-or-cards.module.scss';

export interface Column<Row> {
  /** The column's heading on a desk, and the label above its value on a card. */
  header: string;
  /** The value; a `<small>` in it is a quieter line under it (an address under a name). */
  cell: (row: Row) => ReactNode;
  /** The column that names the row: a row header (`<th scope="row">`), across the top of its card. */
  names?: boolean;
  /** Figures: aligned to the end and in even-width digits on a desk. */
  numeric?: boolean;
  /** Across the whole card on a phone (a long name, a list). */
  wide?: boolean;
  /** No label above it on a card, where its own words say what it is (a button, a link). */
  unlabelled?: boolean;
}

interface TableOrCardsProps<Row> {
  /** Names the table and the region that holds it; or `labelledBy`, the id of a heading that does. */
  label?: string;
  labelledBy?: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** An id for each row (a link's target), and its status (`data-status`, for a mark at its edge). */
  rowId?: (row: Row) => string | undefined;
  rowStatus?: (row: Row) => string | undefined;
  /** The width below which each row is a card: a breakpoint of styles/_tokens.scss; `never` for a few short columns. */
  cardsBelow?: 'sm' | 'md' | 'lg' | 'xl' | 'never';
  /** Shown instead of the table when there are no rows: an EmptyState. */
  empty?: ReactNode;
}

/**
 * Only the attributes a cell has: the page's data for the browser carries every prop written, an absent one too, and
 * a list of 500 rows would carry a few thousand of them.
 */
function defined<Value>(attributes: Record<string, Value | undefined>): Record<string, Value> {
  return Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, Value] => entry[1] !== undefined));
}

/** A cell's marks: figures, across the whole card, and the label its card shows above it. */
function cellShape<Row>(column: Column<Row>) {
  return defined({
    'data-numeric': column.numeric ? '' : undefined,
    'data-wide': column.wide || column.names ? '' : undefined,
    'data-label': column.unlabelled || column.names ? undefined : column.header,
  });
}

/**
 * Rows of facts: a table on a desk, and below `cardsBelow` a card per row with each value under its label, so that
 * nothing scrolls sideways on a phone; a cell with nothing in it (`null`) is left out of its card. The table keeps its semantics in both (headers, row headers), and its region
 * can be scrolled from the keyboard where a desk is still too narrow for it.
 */
export function TableOrCards<Row>({ label, labelledBy, columns, rows, rowKey, rowId, rowStatus, cardsBelow = 'md', empty = null }: TableOrCardsProps<Row>) {
  if (!rows.length) return <>{empty}</>;
  const named = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };
  const shapes = columns.map(cellShape);
  return (
    <div className={styles.region} role="region" tabIndex={0} {...named}>
      <table className={styles.table} data-cards-below={cardsBelow} {...(labelledBy ? { 'aria-labelledby': labelledBy } : {})}>
        {label && !labelledBy ? <caption className={styles.caption}>{label}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" {...defined({ 'data-numeric': column.numeric ? '' : undefined })}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...defined({ id: rowId?.(row), 'data-status': rowStatus?.(row) })}>
              {columns.map((column, index) => {
                const shape = shapes[index];
                return column.names ? (
                  <th key={column.header} scope="row" {...shape}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} {...shape}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
