import { Document, Page, StyleSheet, Text, View, type Styles } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { priceList } from '@/lib/copy/portal';
import { site } from '@/lib/copy/site';
import type { BoardLot } from '@/lib/holds/types';
import { formatAcres, formatCount, formatDate, formatDateTime, formatPrice, formatSqft } from './format';
import { Letterhead } from './letterhead';
import { SitePlanFigure } from './site-plan';
import { colours, DISPLAY, stored, TEXT, type Room } from './theme';

/** A lot as the price list shows it: the estate's figures, its standing ("On hold" while held), its shape on the plan. */
export type PriceListLot = Pick<BoardLot, 'id' | 'lot' | 'lotAcres' | 'homeSqft' | 'bedrooms' | 'bathrooms' | 'listPrice' | 'changedAt' | 'shape' | 'standing'>;

export interface PriceListInput {
  lots: readonly PriceListLot[];
  broker: { name: string; brokerage: string };
  madeAt: Date;
  /** IANA time zone the dates are given in, such as America/New_York. */
  timeZone: string;
}

type Style = Styles[string];
type Column = keyof typeof priceList.columns;

/** Each column's share of the table's width, and whether its figures align right. */
interface ColumnSpec {
  key: Column;
  width: string;
  numeric?: boolean;
}
const COLUMNS: ColumnSpec[] = [
  // The lot's name takes the room it needs ("Lot 3 · The Orchard" on one line); the figures, what theirs need.
  { key: 'lot', width: '20%' },
  { key: 'lotAcres', width: '9%', numeric: true },
  { key: 'homeSqft', width: '12%', numeric: true },
  { key: 'bedrooms', width: '6%', numeric: true },
  { key: 'bathrooms', width: '7%', numeric: true },
  { key: 'status', width: '15%' },
  { key: 'listPrice', width: '16%', numeric: true },
  { key: 'changedAt', width: '15%', numeric: true },
];
const COLUMN = Object.fromEntries(COLUMNS.map((column) => [column.key, column])) as Record<Column, ColumnSpec>;

const MARGIN = 54;

/** The width between the margins of a US Letter page, in points. */
const TEXT_WIDTH = 612 - 2 * MARGIN;
/** Where stored words are drawn: a lot's name in its column (a fifth, less the cell's padding), the footer's line. */
const LOT_ROOM: Room = { width: TEXT_WIDTH * 0.2 - 8, size: 12 };
const FOOTER_ROOM: Room = { width: TEXT_WIDTH - 60, size: 7 };
/** The plan's width on the first page, its key beside it. */
const PLAN_WIDTH = 372;

const styles = StyleSheet.create({
  page: {
    paddingTop: 44,
    paddingHorizontal: MARGIN,
    paddingBottom: 92,
    fontFamily: TEXT,
    fontSize: 8.5,
    color: colours.text,
    backgroundColor: colours.paper,
  },
  eyebrow: { fontSize: 6.5, fontWeight: 600, letterSpacing: 2, color: colours.bronze, marginBottom: 8 },
  title: { fontFamily: DISPLAY, fontWeight: 400, fontSize: 30, lineHeight: 1.1, color: colours.ink, marginBottom: 10 },
  intro: { fontSize: 8.5, lineHeight: 1.6, color: colours.muted, maxWidth: 380, marginBottom: 10 },
  summary: { fontFamily: DISPLAY, fontStyle: 'italic', fontSize: 12, color: colours.bronze, marginBottom: 22 },
  head: {
    flexDirection: 'row',
    paddingVertical: 7,
    borderTopWidth: 0.8,
    borderTopColor: colours.ink,
    borderBottomWidth: 0.4,
    borderBottomColor: colours.ink,
  },
  headCell: { fontSize: 6.3, fontWeight: 600, letterSpacing: 1.1, color: colours.ink, paddingHorizontal: 4 },
  row: { flexDirection: 'row', alignItems: 'center', paddingVertical: 7.5, borderBottomWidth: 0.4, borderBottomColor: colours.rule },
  cell: { paddingHorizontal: 4 },
  lot: { fontFamily: DISPLAY, fontWeight: 600, fontSize: 12, color: colours.ink },
  numeric: { textAlign: 'right' },
  price: { fontWeight: 600, color: colours.ink },
  onRequest: { fontFamily: DISPLAY, fontStyle: 'italic', fontSize: 10, color: colours.bronze },
  available: { fontWeight: 600, color: colours.ink },
  held: { color: colours.muted },
  soldStatus: { fontWeight: 600, fontSize: 6.5, letterSpacing: 1.4, color: colours.bronze },
  soldRow: { color: '#8d867c' },
  soldPrice: { textDecoration: 'line-through', color: '#8d867c' },
  empty: { fontFamily: DISPLAY, fontStyle: 'italic', fontSize: 13, color: colours.muted, paddingVertical: 24 },
  footer: {
    position: 'absolute',
    left: MARGIN,
    right: MARGIN,
    bottom: 38,
    paddingTop: 10,
    borderTopWidth: 0.4,
    borderTopColor: colours.champagne,
    flexDirection: 'row',
    alignItems: 'flex-end',
  },
  footerText: { fontSize: 7, lineHeight: 1.5, color: colours.muted },
  footerStrong: { fontSize: 7, fontWeight: 600, color: colours.ink },
  pageNumber: { marginLeft: 'auto', fontSize: 7, letterSpacing: 0.6, color: colours.muted },
});

const byLot = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function Cell({ column, children, style }: { column: Column; children: ReactNode; style?: Style | Style[] }) {
  return (
    <Text style={[styles.cell, { width: COLUMN[column].width }, COLUMN[column].numeric ? styles.numeric : {}, ...[style ?? {}].flat()]}>
      {children}
    </Text>
  );
}

function EstateRow({ estate, timeZone }: { estate: PriceListLot; timeZone: string }) {
  const sold = estate.standing === 'sold';
  const lot = stored(estate.lot, DISPLAY, LOT_ROOM);
  const muted: Style = sold ? styles.soldRow : {};
  return (
    <View style={styles.row} wrap={false}>
      <Cell column="lot" style={[styles.lot, muted, { fontFamily: lot.fontFamily }]}>{lot.text}</Cell>
      <Cell column="lotAcres" style={muted}>{formatAcres(estate.lotAcres)}</Cell>
      <Cell column="homeSqft" style={muted}>{formatSqft(estate.homeSqft)}</Cell>
      <Cell column="bedrooms" style={muted}>{formatCount(estate.bedrooms)}</Cell>
      <Cell column="bathrooms" style={muted}>{formatCount(estate.bathrooms)}</Cell>
      <Cell
        column="status"
        style={sold ? styles.soldStatus : estate.standing === 'available' ? styles.available : styles.held}
      >
        {sold ? priceList.statuses.sold.toUpperCase() : priceList.statuses[estate.standing]}
      </Cell>
      {estate.listPrice === null ? (
        <Cell column="listPrice" style={styles.onRequest}>{priceList.priceOnRequest}</Cell>
      ) : (
        <Cell column="listPrice" style={sold ? styles.soldPrice : styles.price}>{formatPrice(estate.listPrice)}</Cell>
      )}
      <Cell column="changedAt" style={muted}>{formatDate(new Date(estate.changedAt), timeZone)}</Cell>
    </View>
  );
}

/** The site plan, then the availability table, on the letterhead; every page names whom it was made for and when. */
export function PriceListDocument({ lots, broker, madeAt, timeZone }: PriceListInput) {
  const rows = [...lots].sort((a, b) => byLot.compare(a.lot, b.lot));
  const made = formatDateTime(madeAt, timeZone);
  const madeFor = stored(priceList.madeFor(broker.name, broker.brokerage, made), TEXT, FOOTER_ROOM);
  return (
    <Document
      title={`${site.name}: ${priceList.title}`}
      author={site.name}
      subject={madeFor.plain}
      creator={site.name}
      producer={site.name}
    >
      <Page size="LETTER" style={styles.page}>
        <Letterhead right={priceList.title} />
        <Text style={styles.eyebrow}>{priceList.eyebrow.toUpperCase()}</Text>
        <Text style={styles.title}>{priceList.title}</Text>
        <Text style={styles.intro}>{priceList.intro}</Text>
        <Text style={styles.summary}>
          {priceList.summary(rows.length, rows.filter((estate) => estate.standing === 'available').length)}
        </Text>
        <SitePlanFigure lots={rows} width={PLAN_WIDTH} />
        <View style={styles.head} fixed>
          {COLUMNS.map((column) => (
            <Text key={column.key} style={[styles.headCell, { width: column.width }, column.numeric ? styles.numeric : {}]}>
              {priceList.columns[column.key].toUpperCase()}
            </Text>
          ))}
        </View>
        {rows.length ? rows.map((estate) => <EstateRow key={estate.id} estate={estate} timeZone={timeZone} />) : <Text style={styles.empty}>{priceList.empty}</Text>}
        <View style={styles.footer} fixed>
          <View>
            <Text style={[styles.footerStrong, { fontFamily: madeFor.fontFamily }]}>{madeFor.text}</Text>
            <Text style={styles.footerText}>{priceList.confidential}</Text>
          </View>
          <Text style={styles.pageNumber} render={({ pageNumber, totalPages }) => priceList.page(pageNumber, totalPages)} />
        </View>
      </Page>
    </Document>
  );
}
