import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The typefaces a PDF embeds, as pdffonts names them, without their subsets' prefixes (ABCDEF+). */
export function fontsOf(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-fonts-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
