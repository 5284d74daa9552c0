import type { Page } from '@playwright/test';
import { TYPEFACES } from '@/scripts/first-paint.mjs';

/** The load status of each face of the page's typefaces (styles/fonts.ts), as the browser lists them. */
export const typefaceStatuses = (page: Page) =>
  page.evaluate((families) => [...document.fonts].filter((face) => families.includes(face.family.replace(/["']/g, ''))).map((face) => face.status), TYPEFACES);
