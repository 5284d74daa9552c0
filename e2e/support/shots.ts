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
  await ('goto' in subject ? subject.screenshot({ path: file, fullPage: true }) : subject.screenshot({ path: file }));
}
