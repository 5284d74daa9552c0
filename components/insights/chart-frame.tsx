import type { ReactNode } from 'react';
import { insightFigures as copy } from '@/lib/copy/insight-figures';
import type { FigureTable } from '@/lib/insights/types';
import { TableOrCards } from '../shared/table-or-cards';
import styles from './chart-frame.module.scss';

interface ChartFrameProps {
  /** The section's id (a link's target, a page of its own on paper); its heading's is `{id}-heading`. */
  id: string;
  title: string;
  /** What the chart shows, in a sentence: read first, and all a glance needs. */
  summary: string;
  /** Its figures: the table beside it, what a screen reader reads, and what its CSV gives. */
  table: FigureTable;
  csvHref: string;
  /** The chart (hidden from screen readers, which read the table), or what stands in for one. */
  children: ReactNode;
  /** A table with what stands over it (the brokers' and their order), across the whole width even on a desk. */
  whole?: boolean;
}

/**
 * One of the team's charts: its title, its sentence, the chart, and its figures as a table with a link to them as a
 * CSV under it. On paper each chart begins a page.
 */
export function ChartFrame({ id, title, summary, table, csvHref, children, whole = false }: ChartFrameProps) {
  const heading = `${id}-heading`;
  return (
    <section id={id} className={styles.frame} aria-labelledby={heading} data-whole={whole ? '' : undefined}>
      <header className={styles.head}>
        <h2 id={heading} className={styles.title}>
          {title}
        </h2>
        <p className={styles.summary}>{summary}</p>
      </header>
      <div className={styles.body} data-whole={whole ? '' : undefined}>
        <div className={styles.chart}>{children}</div>
        <div className={styles.figures}>
          <TableOrCards
            label={copy.tableLabel(title)}
            columns={table.columns.map((column, index) => ({
              header: column.header,
              numeric: column.numeric,
              names: index === 0,
              cell: (row: (string | number)[]) => row[index],
            }))}
            rows={table.rows}
            rowKey={(row) => String(row[0])}
            cardsBelow={table.compact || table.columns.length <= 3 ? 'never' : 'sm'}
            empty={<p className={styles.empty}>{copy.empty}</p>}
          />
          <a className={styles.csv} href={csvHref} download>
            {copy.csv}
          </a>
        </div>
      </div>
    </section>
  );
}
