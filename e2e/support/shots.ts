import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where screenshots go when asked for (`SHOTS_DIR=…`): to look at, never to commit. Unset, none is taken. */
export const SHOTS_DIR = process.env.SHOTS_DIR;

/** A screenshot of a page (whole) or of a part of one, named, when SHOTS_DIR is set. */
export async function lookAt(subject: Page | Locator, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  if (!('goto' in subject)) return void (await subject.screenshot({ path: file }));
  // A part out of sight is laid out only as it comes near (content-visibility), and a picture of the whole page does
  // not scroll: every part is drawn for it, as a reader scrolling sees it, and the page is left as it was.
  const drawn = await subject.addStyleTag({ content: '@media screen { * { content-visibility: visible !important } }' });
  await subject.screenshot({ path: file, fullPage: true });
  await drawn.evaluate((style) => (style as HTMLStyleElement).remove());
}
