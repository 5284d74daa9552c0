/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { convert } from 'fontverter';
import opentype from 'opentype.js';
import { estate, features, hero, inquiry, site } from '@/lib/copy/site';
import { siteHref } from '@/lib/config/site';
import { PLAN_SHAPE_IDS } from '@/lib/holds/site-plan';
import { DOCUMENTS_WAITING_LIMIT, DocumentsBusy, renderBrochure, renderPriceList, type PriceListLot } from '@/lib/portal/pdf';
import { makeDocument, type DocumentRequest } from '@/lib/portal/pdf/make';
import { DocumentThread } from '@/lib/portal/pdf/thread';
import { readyDocuments } from '@/lib/portal/warm';
import { fontsOf } from '@/__tests__/support/pdf-fonts';
import { buildPdfWorker } from '@/scripts/build-pdf-worker.mjs';
import { buildPdfPhotos, PDF_PHOTO_WIDTHS } from '@/lib/portal/pdf/photo-files.mjs';
import { imageFile, pdfPhoto } from '@/lib/portal/pdf/photos';
import { stored, TEXT } from '@/lib/portal/pdf/theme';
import { woffToSfnt } from '@/lib/portal/pdf/woff';

const dir = mkdtempSync(path.join(tmpdir(), 'portal-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each page's text, as pdftotext lays it out; with `half`, that half of each (US Letter) page alone. */
function pagesOf(pdf: Buffer, { half }: { half?: 'left' | 'right' } = {}): string[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const crop = half ? ['-x', half === 'left' ? '0' : '306', '-y', '0', '-W', '306', '-H', '792'] : [];
  return execFileSync('pdftotext', ['-layout', ...crop, file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((page) => page.trim());
}

/** Each word pdftotext finds on the first page, with its box in points. */
function wordBoxes(pdf: Buffer): { text: string; xMin: number; xMax: number }[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  return Array.from(html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g), ([, xMin, xMax, text]) => ({
    text: text!,
    xMin: Number(xMin),
    xMax: Number(xMax),
  }));
}

/** Runs of spaces (table columns, wrapped lines) read as one space. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ');

const STATUSES = ['available', 'reserved', 'under_contract', 'sold'] as const;

/**
 * Enough lots for several pages: lots 1 to 45, every fourth sold, every tenth from the second on hold, every
 * seventh's price on request; the first twenty drawn on the site plan.
 */
const lots: PriceListLot[] = Array.from({ length: 45 }, (_, index) => ({
  id: `estate-${index}`,
  lot: `${index + 1}${index === 44 ? 'A' : ''}`,
  lotAcres: 1 + (index % 5) * 0.25,
  homeSqft: 8000 + index * 155,
  bedrooms: 5 + (index % 3),
  bathrooms: 5.5 + (index % 2),
  standing: index % 10 === 1 ? 'on_hold' : STATUSES[index % 4]!,
  shape: PLAN_SHAPE_IDS[index] ?? null,
  listPrice: index % 7 === 3 ? null : 4_250_000 + index * 125_000,
  changedAt: new Date(Date.UTC(2026, 1, 1 + (index % 20), 12)).toISOString(),
}));
const broker = { name: 'Marguerite Okonkwo-Lindqvist', brokerage: 'Harbourline Private Realty' };
// Evening of March 3rd in Los Angeles, already the 4th in UTC.
const madeAt = new Date('2026-03-04T02:30:00Z');

describe('the price list', () => {
  let pages: string[];
  beforeAll(async () => {
    pages = pagesOf(await renderPriceList({ lots, broker, madeAt, timeZone: 'America/Los_Angeles' }));
  });

  it('runs to several pages, each with the table header, and the broker, brokerage and time it was made in the footer', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      const text = squeezed(page);
      expect(text).toContain(broker.name);
      expect(text).toContain(broker.brokerage);
      // In the time zone asked for: the 3rd at 6:30 PM, not the 4th at 2:30 AM.
      expect(text).toContain('March 3, 2026 at 6:30 PM PST');
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(text).toMatch(/LOT .*LIST PRICE/);
    });
  });

  it("holds every estate once, by lot, with its price or 'Price on request', and its standing", () => {
    const rows = pages.flatMap((page) => page.split('\n')).filter((line) => /^\s*\d+A?\s+\d\.\d\d\s/.test(line));
    expect(rows.map((row) => row.trim().split(/\s+/)[0])).toEqual(lots.map((listed) => listed.lot));
    rows.forEach((row, index) => {
      const listed = lots[index]!;
      const price = listed.listPrice === null ? 'Price on request' : `$${listed.listPrice.toLocaleString('en-US')}`;
      expect(squeezed(row)).toContain(price);
      expect(squeezed(row)).toContain(listed.homeSqft.toLocaleString('en-US'));
      const status = { available: 'Available', on_hold: 'On hold', reserved: 'Reserved', under_contract: 'Under contract', sold: 'SOLD' }[listed.standing];
      expect(squeezed(row)).toContain(status);
    });
    // Sold estates are kept, and marked.
    expect(rows.filter((row) => /\bSOLD\b/.test(row))).toHaveLength(lots.filter((listed) => listed.standing === 'sold').length);
  });

  it('gives each change its date in the time zone asked for', () => {
    // Noon UTC on February 1st is still February 1st in Tokyo's evening; 02:30 UTC on the 4th is the 3rd in LA.
    return renderPriceList({ lots: lots.slice(0, 1), broker, madeAt, timeZone: 'Asia/Tokyo' }).then((pdf) => {
      const [only] = pagesOf(pdf);
      expect(squeezed(only!)).toContain('Feb 1, 2026');
      expect(squeezed(only!)).toContain('March 4, 2026 at 11:30 AM GMT+9');
      expect(squeezed(only!)).toContain('Page 1 of 1');
    });
  });

  it('says so when nothing is listed', async () => {
    const [only] = pagesOf(await renderPriceList({ lots: [], broker, madeAt, timeZone: 'UTC' }));
    expect(squeezed(only!)).toContain('No estates are listed at this time.');
  });
});

describe('the brochure', () => {
  const contact = { name: 'Theodora Vance', email: 'theodora.vance@aldercrest.example', phone: '+1 (555) 010-2040' };
  let pages: string[];
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await renderBrochure({ contact, madeAt });
    pages = pagesOf(pdf);
  });

  it("says what the page says, from lib/copy/site.ts: title, tagline, the six features and the four figures", () => {
    const text = squeezed(pages.join(' '));
    // The features stand in two columns, read down each.
    const columns = (['left', 'right'] as const).map((half) => squeezed(pagesOf(pdf, { half }).join(' ')));
    expect(text).toContain(site.name);
    expect(text).toContain(hero.tagline);
    expect(features.items).toHaveLength(6);
    features.items.forEach((item, index) => {
      expect(text).toContain(item.title);
      expect(columns[index % 2]).toContain(`${item.title} ${item.body}`);
    });
    expect(estate.stats).toHaveLength(4);
    for (const stat of estate.stats) expect(text).toMatch(new RegExp(`${stat.value.replace(/[+]/g, '\\+')}.*${stat.label.toUpperCase()}`));
  });

  it('has the given contact on its back page', () => {
    const back = squeezed(pages.at(-1)!);
    expect(back).toContain(contact.name);
    expect(back).toContain(contact.email);
    expect(back).toContain(contact.phone);
  });

  it("names the page's inquiry form on the back page when no one is named", async () => {
    const back = squeezed(pagesOf(await renderBrochure({ contact: null, madeAt })).at(-1)!);
    expect(back).toContain(siteHref(`/#${inquiry.anchor}`));
    expect(back).toContain(inquiry.heading);
    expect(back).not.toContain(contact.name);
  });

  it("shows the page's photographs, scaled to at most 1600 pixels wide", () => {
    const file = path.join(dir, 'brochure.pdf');
    writeFileSync(file, pdf);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => line.trim().split(/\s+/))
      .map(([, , type, width, height, , , , enc]) => ({ type, width: Number(width), height: Number(height), enc }));
    // The hero, the design photograph and the five slides.
    expect(images.filter((image) => image.type === 'image')).toHaveLength(7);
    for (const image of images) {
      expect(image.enc).toBe('jpeg');
      expect(image.width).toBeLessThanOrEqual(1600);
    }
  });
});

describe('names written in any script', () => {
  const made = 'March 3, 2026 at 6:30 PM PST';
  const brokerage = 'Harbourline Private Realty';
  /** The first page's text, and the typefaces embedded, of a price list made for a broker of that name. */
  async function priceListFor(name: string, lot = 'Lot 1') {
    const pdf = await renderPriceList({ lots: [{ ...lots[0]!, lot }], broker: { name, brokerage }, madeAt, timeZone: 'America/Los_Angeles' });
    // pdftotext marks a right-to-left run with direction signs of its own; the words are what is read here.
    return { text: squeezed(pagesOf(pdf)[0]!.replace(/[\u200E\u200F\u202A-\u202E]/g, '')), fonts: fontsOf(pdf) };
  }

  // pdftotext reads a Thaana word's closing sukun back first; the page, rendered, shows it in place.
  const READ_BACK: Record<string, string> = { 'ޙަސަން': '\u07B0ޙަސަނ' };

  it.each([
    ['Łukasz Dąbrowski-Świątek', null],
    ['Nguyễn Thị Minh Khai', null],
    ['Ελένη Παπαδοπούλου', null],
    ['Дмитрий Ёлкин', null],
    ['王小明 山田ひろし', 'NotoSansSC'],
    ['김민수', 'NotoSansKR'],
    ['محمد العلي', 'NotoSansArabic'],
    ['דוד כהן', 'NotoSansHebrew'],
    ['राजेश देव', 'NotoSansDevanagari'],
    ['สมชาย ใจดี', 'NotoSansThai'],
    ['Հայկ Պետրոսյան', 'NotoSansArmenian'],
    ['Ἀθηνᾶ Παππᾶ', 'NotoSans-'],
    ['ສົມສັກ ພົມມະ', 'NotoSansLao'],
    ['မောင် မောင်', 'NotoSansMyanmar'],
    ['ଅମିତ ଦାସ', 'NotoSansOriya'],
    ['བཀྲ་ཤིས', 'NotoSerifTibetan'],
    ['ܐܦܪܝܡ', 'NotoSansSyriac'],
    ['ޙަސަން', 'NotoSansThaana'],
    ['ᐃᓄᒃ', 'NotoSansCanadianAboriginal'],
    ['ᏣᎳᎩ', 'NotoSansCherokee'],
  ])('prints %s as it was written, in a face that holds it (%s, or the brand\'s own)', async (name, face) => {
    const { text, fonts } = await priceListFor(name);
    for (const word of (READ_BACK[name] ?? name).split(' ')) expect(text).toContain(word);
    expect(text).toContain(`${brokerage}, on ${made}`);
    if (face) expect(fonts.some((font) => font.startsWith(face))).toBe(true);
    else expect(fonts.filter((font) => font.startsWith('NotoSans'))).toEqual([]);
  });

  it('keeps each word of a name whole where a narrow line wraps, its accented letters drawn from the same file', async () => {
    const name = 'Łukasz Dąbrowski-Świątek';
    const { text } = await priceListFor(name, 'Lot 12 · Łąka Źródlana Ćma');
    const { text: wrapped } = await priceListFor(name.concat(' ', 'Żółć Ćma Ęśą '.repeat(12)));
    for (const words of [text, wrapped]) expect(words).toContain(name);
    for (const word of ['Łąka', 'Źródlana', 'Ćma']) expect(text).toContain(` ${word} `);
    expect(wrapped).not.toMatch(/[A-Za-zÀ-ž]- /);
  });

  it("leaves emoji off, keeps the brand's own signs, and gives a character no face holds as a question mark", async () => {
    expect((await priceListFor('👩🏽‍💼 Zoë 🇫🇷')).text).toContain(`Prepared for Zoë, ${brokerage}, on ${made}`);
    expect((await priceListFor('Hale® & Partners™ ©')).text).toContain(`Prepared for Hale® & Partners™ ©, ${brokerage}`);
    // Javanese has no face here (its two letters are missing, its vowel sign left out); 𠮷 is beyond what the
    // layout engine draws; 𝐙𝐨𝐞 has a plain form; a zero-width space is not seen.
    expect((await priceListFor('ꦗꦶꦮ 𠮷田 𝐙𝐨𝐞 a\u200Bb')).text).toContain(`Prepared for ?? ?田 Zoe ab, ${brokerage}, on ${made}`);
    // Nor may a name turn the words after it around.
    expect((await priceListFor('Eve\u202E gnikool')).text).toContain(`Prepared for Eve gnikool, ${brokerage}, on ${made}`);
  });

  it("prints a lot's name in any script in the table", async () => {
    const { text, fonts } = await priceListFor('Marguerite Okonkwo', 'Lot 7 · 松の庭');
    expect(text).toContain('Lot 7 · 松の庭');
    expect(fonts.some((font) => font.startsWith('NotoSansSC'))).toBe(true);
  });

  it('never loses the rest of a line to the characters of a name, whatever they are', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }), async (name) => {
        const { text } = await priceListFor(name);
        expect(text).toContain(`, ${brokerage}, on ${made}`);
        expect(text).toContain('Page 1 of 1');
      }),
      { numRuns: 25 },
    );
    // Twenty-five documents, and more while a failure is narrowed down to its shortest name.
  }, 180_000);

  it('prints a contact in any script on the brochure\'s back page', async () => {
    const pdf = await renderBrochure({ contact: { name: 'Ελένη 王 Łukasz', email: 'ελένη@aldercrest.example', phone: '+30 210 000 0000' }, madeAt });
    const back = squeezed(pagesOf(pdf).at(-1)!);
    expect(back).toContain('Ελένη 王 Łukasz');
    expect(back).toContain('ελένη@aldercrest.example');
    expect(fontsOf(pdf).some((font) => font.startsWith('NotoSansSC'))).toBe(true);
  });
});

describe('words longer than their line', () => {
  it('may break only where a word is wider than its line, between any four characters as a reader counts them', () => {
    const footer = { width: 440, size: 7 };
    for (const name of ['Konstantinopoulou-Vanderbilt', 'Marguerite Okonkwo-Lindqvist', 'Overlookingvalley Estates']) {
      expect(stored(name, TEXT, footer).text).toBe(name);
    }
    // 132 letters, too wide for the footer's line at its size.
    const long = stored('Maximiliana'.repeat(12), TEXT, footer).text.split('\u00AD');
    expect(long.join('')).toBe('Maximiliana'.repeat(12));
    expect(long).toHaveLength(33);
    expect(long.every((part) => part.length === 4)).toBe(true);
    // Written with its accents apart, a letter is read as one and never parted from them.
    const accented = stored('Zoe\u0301'.repeat(12), TEXT, { width: 60, size: 12 }).text.split('\u00AD');
    expect(accented.join('')).toBe('Zoé'.repeat(12));
    expect(accented.every((part) => part.length === 4)).toBe(true);
  });

  it("keep a name or a lot's name written without spaces on the page and in its column", async () => {
    const name = 'Maximiliana'.repeat(10);
    const pdf = await renderPriceList({
      lots: [{ ...lots[0]!, lot: 'Lot3·TheOrchardOverlook'.repeat(2) }],
      broker: { name, brokerage: 'B'.repeat(160) },
      madeAt,
      timeZone: 'America/Los_Angeles',
    });
    const words = wordBoxes(pdf);
    // US Letter is 612 points wide, and the page keeps a margin on each side.
    for (const word of words) expect(word.xMax).toBeLessThan(612 - 30);
    const acres = words.find((word) => word.text === 'ACRES')!;
    const lot = words.filter((word) => /Orch|Lot3/.test(word.text));
    expect(lot.length).toBeGreaterThan(1);
    for (const word of lot) expect(word.xMax).toBeLessThan(acres.xMin);
    // Every letter of both still there, a hyphen where a line breaks.
    const text = squeezed(pagesOf(pdf)[0]!).replace(/- ?/g, '');
    expect(text).toContain(name);
    expect(text).toContain('B'.repeat(160));
  });
});

describe('documents asked for in a burst', () => {
  it(`are made one at a time, ${DOCUMENTS_WAITING_LIMIT} waiting at most: the rest are refused at once, and the next ask after is made`, async () => {
    const ask = () => renderPriceList({ lots: lots.slice(0, 2), broker, madeAt, timeZone: 'UTC' });
    const settled = await Promise.allSettled(Array.from({ length: DOCUMENTS_WAITING_LIMIT + 3 }, ask));
    const made = settled.filter((result) => result.status === 'fulfilled');
    const refused = settled.filter((result) => result.status === 'rejected');
    expect(made).toHaveLength(DOCUMENTS_WAITING_LIMIT);
    expect(refused).toHaveLength(3);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(DocumentsBusy);
    for (const result of made) expect((result as PromiseFulfilledResult<Buffer>).value.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await ask()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leave the portal page\'s readying out of the queue while it is full, said as such and not as a failure', async () => {
    const info = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const waiting = Array.from({ length: DOCUMENTS_WAITING_LIMIT }, () => renderPriceList({ lots: [], broker, madeAt, timeZone: 'UTC' }));
      await readyDocuments();
      await Promise.all(waiting);
      const lines = info.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
      expect(lines).toContainEqual(expect.objectContaining({ event: 'portal.documents_ready', skipped: 'busy' }));
      expect(error).not.toHaveBeenCalled();
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });
});

describe('the photographs and typefaces behind them', () => {
  it("reads Next's build copy of an imported image from the dist directory", () => {
    const image = { src: '/_next/static/media/hero.0a1b2c3d.jpg', width: 2560, height: 1440 };
    expect(imageFile(image, '/srv/site')).toBe('/srv/site/.next/static/media/hero.0a1b2c3d.jpg');
    expect(() => imageFile({ ...image, src: 'https://elsewhere.example/hero.jpg' })).toThrow(/No file for the image/);
  });

  it('are scaled at build, every photograph of the build at every width a PDF asks for, and read from there', async () => {
    const root = path.join(dir, 'build');
    const media = path.join(root, '.next', 'static', 'media');
    mkdirSync(media, { recursive: true });
    copyFileSync(imageFile(hero.image.src), path.join(media, 'hero.0a1b2c3d.jpg'));
    writeFileSync(path.join(media, 'icon.0a1b2c3d.svg'), '<svg/>');

    expect(await buildPdfPhotos(path.join(root, '.next'))).toBe(PDF_PHOTO_WIDTHS.length);
    const manifest = JSON.parse(readFileSync(path.join(root, '.next', 'pdf-photos', 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest)).toEqual(PDF_PHOTO_WIDTHS.map((width) => `hero.0a1b2c3d-${width}.jpg`));
    expect(readdirSync(path.join(root, '.next', 'pdf-photos')).sort()).toEqual([...Object.keys(manifest), 'manifest.json'].sort());
    expect(manifest['hero.0a1b2c3d-800.jpg']).toEqual({ width: 800, height: Math.round((800 * hero.image.src.height) / hero.image.src.width) });

    // The server reads the build's copy as it is: a copy changed after the build is what it serves.
    const built = { src: '/_next/static/media/hero.0a1b2c3d.jpg', width: hero.image.src.width, height: hero.image.src.height };
    writeFileSync(path.join(root, '.next', 'pdf-photos', 'hero.0a1b2c3d-1400.jpg'), 'the build wrote this');
    expect(await pdfPhoto(built, 1400, root)).toEqual({ data: Buffer.from('the build wrote this'), format: 'jpg', ...manifest['hero.0a1b2c3d-1400.jpg'] });
    expect(() => pdfPhoto(built, 1200, root)).toThrow(/800, 1400, 1600 px wide, not 1200/);
  });

  it('unwraps a WOFF into the same font', async () => {
    const woff = readFileSync(path.join('node_modules/@fontsource/manrope/files/manrope-latin-600-normal.woff'));
    const unwrapped = woffToSfnt(woff);
    const parse = (font: Buffer) => opentype.parse(font.buffer.slice(font.byteOffset, font.byteOffset + font.byteLength) as ArrayBuffer);
    const [ours, theirs] = [parse(unwrapped), parse(await convert(woff, 'truetype'))];
    expect(unwrapped.readUInt32BE(0)).toBe(0x00010000);
    expect(ours.numGlyphs).toBe(theirs.numGlyphs);
    expect(Object.keys(ours.tables).sort()).toEqual(Object.keys(theirs.tables).sort());
    for (const character of 'Aldercrest $8K+ 24/7') expect(ours.charToGlyphIndex(character)).toBe(theirs.charToGlyphIndex(character));
    expect(() => woffToSfnt(Buffer.from('not a font at all, clearly not one'))).toThrow(/Not a WOFF font/);
  });
});

describe("the documents' own thread, as a production server makes them", () => {
  // Inside the project, so that the bundle's packages resolve from its node_modules, as the server's do.
  const cache = path.join('node_modules', '.cache');
  let workerFile: string;
  let thread: DocumentThread;
  const priceList = { kind: 'price_list', input: { lots, broker, madeAt, timeZone: 'America/Los_Angeles' } } as const;
  /** A price list its document cannot lay out: React's renderer throws a TypeError. */
  const broken = { kind: 'price_list', input: { ...priceList.input, lots: null } } as unknown as DocumentRequest;
  beforeAll(async () => {
    mkdirSync(cache, { recursive: true });
    workerFile = path.join(mkdtempSync(path.join(cache, 'pdf-worker-')), 'pdf-worker.mjs');
    await buildPdfWorker(workerFile);
    thread = new DocumentThread(workerFile);
  });
  afterAll(async () => {
    await thread.close();
    rmSync(path.dirname(workerFile), { recursive: true, force: true });
  });

  it('makes the same price list as this thread does, while this one stays free for other requests', async () => {
    let turns = 0;
    let made = false;
    const making = thread.make(priceList).finally(() => (made = true));
    // Every turn of this thread's event loop while the other lays the document out: made here, the layout
    // would hold it for the whole of that (a handful of turns at most).
    while (!made) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    expect(turns).toBeGreaterThan(200);
    expect(pagesOf(await making)).toEqual(pagesOf(await makeDocument(priceList)));
  });

  it('makes the brochure with the photographs sent to it', async () => {
    const [heroPhoto, design, ...slides] = await Promise.all([
      pdfPhoto(hero.image.src, 1600),
      pdfPhoto(estate.image.src, 1400),
      ...inquiry.slides.map((slide) => pdfPhoto(slide.src, 800)),
    ]);
    const pdf = await thread.make({
      kind: 'brochure',
      input: {
        contact: null,
        photos: { hero: heroPhoto!, design: design!, slides: slides.map((photo, index) => ({ photo, alt: inquiry.slides[index]!.alt })) },
        edition: 'March 2026',
        year: 2026,
        inquiryAddress: 'https://aldercrest.example/#inquire',
        siteAddress: 'aldercrest.example',
      },
    });
    const file = path.join(dir, 'thread-brochure.pdf');
    writeFileSync(file, pdf);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter((line) => / image /.test(line));
    expect(images).toHaveLength(7);
    expect(squeezed(pagesOf(pdf).join(' '))).toContain(hero.tagline);
  });

  it('answers a document that cannot be made with its error, and goes on making the next', async () => {
    await expect(thread.make(broken)).rejects.toThrow(/null/);
    expect((await thread.make(priceList)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("says of a document that cannot be made one JSON line, never React's stack", async () => {
    const reporting = new DocumentThread(workerFile);
    const lines = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // React's report is posted on the thread before the document's failure, so it has come by the time this has.
      await expect(reporting.make(broken)).rejects.toThrow();
      const said = lines.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(said).toEqual([expect.objectContaining({ level: 'warn', event: 'portal.document_thread_reported', error: 'TypeError' })]);
      expect(JSON.stringify(said)).not.toMatch(/PriceListDocument|reconciler|lots/);
    } finally {
      lines.mockRestore();
      await reporting.close();
    }
  });

  it('stops a thread that takes longer than it may, fails its request, and starts another for the next', async () => {
    const timers: (() => void)[] = [];
    const timed = new DocumentThread(workerFile, { timer: (_ms, fire) => (timers.push(fire), () => undefined) });
    const lines = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const first = timed.make(priceList);
      timers[0]!();
      await expect(first).rejects.toThrow(/took longer than 60000 ms/);
      expect(lines.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
        expect.objectContaining({ event: 'portal.document_thread_stopped', reason: 'timeout', waiting: 1 }),
      );
      expect((await timed.make(priceList)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      lines.mockRestore();
      await timed.close();
    }
  });

  it('fails, never hangs, when the thread runs out of memory', async () => {
    const starved = new DocumentThread(workerFile, { heapMb: 2 });
    const lines = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(starved.make(priceList)).rejects.toThrow(/memory limit/);
      expect(lines.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
        expect.objectContaining({ event: 'portal.document_thread_stopped', reason: 'ERR_WORKER_OUT_OF_MEMORY', waiting: 1 }),
      );
    } finally {
      lines.mockRestore();
      await starved.close();
    }
  });
});
