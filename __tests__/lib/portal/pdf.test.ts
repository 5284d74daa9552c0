import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderPriceList } from '@/lib/portal/pdf';
import type { Estate } from '@/lib/portal/estates';

const dir = mkdtempSync(path.join(tmpdir(), 'portal-pdf-'));
function text(name: string, pdf: Buffer): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').filter((page) => page.trim());
}

it('price list', async () => {
  const estates: Estate[] = Array.from({ length: 40 }, (_, i) => ({
    id: `e${i}`, lot: String(i + 1), lotAcres: 1 + (i % 5) * 0.25, homeSqft: 8000 + i * 170, bedrooms: 5 + (i % 3), bathrooms: 5.5 + (i % 2),
    status: (['available', 'reserved', 'under_contract', 'sold'] as const)[i % 4]!, listPrice: i % 7 === 3 ? null : 4_250_000 + i * 125_000,
    changedAt: new Date(Date.UTC(2026, 1, 1 + i)).toISOString(),
  }));
  const pdf = await renderPriceList({ estates, broker: { name: 'Jane Example', brokerage: 'Example Realty' }, madeAt: new Date('2026-03-04T02:30:00Z'), timeZone: 'America/Los_Angeles' });
  writeFileSync('/tmp/price.pdf', pdf);
  const pages = text('price.pdf', pdf);
  console.log(pages.length, pages[0], pages[1]);
});
import { renderBrochure } from '@/lib/portal/pdf';
it('brochure', async () => {
  const t = Date.now();
  const pdf = await renderBrochure({ contact: { name: 'Avery Example', email: 'avery@example.com', phone: '+1 555 0100' }, madeAt: new Date('2026-03-04T02:30:00Z') });
  console.log(Date.now() - t, pdf.length);
  writeFileSync('/tmp/brochure.pdf', pdf);
  console.log(text('b.pdf', pdf).join('\n=====\n'));
});
