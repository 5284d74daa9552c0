// Lighthouse runs against Debian's Chromium, one fresh browser per run so no run inherits another's cache.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** One Lighthouse run; the figures the bench reports, flattened. A run that fails to score is tried again, twice at most. */
export async function runLighthouse(url, preset, chromePath, attemptsLeft = 3) {
  const figures = await runOnce(url, preset, chromePath);
  if (Number.isFinite(figures.performance) || attemptsLeft <= 1) return figures;
  console.log(`  (no score: ${figures.failedAudits}; running it again)`);
  return runLighthouse(url, preset, chromePath, attemptsLeft - 1);
}

async function runOnce(url, preset, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) return { performance: NaN, failedAudits: runtimeError.code };
    const resources = Object.fromEntries(
      (audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item.transferSize]),
    );
    return {
      performance: categories.performance.score ?? NaN,
      accessibility: categories.accessibility.score,
      bestPractices: categories['best-practices'].score,
      seo: categories.seo.score,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcpMs: audits['first-contentful-paint'].numericValue,
      speedIndexMs: audits['speed-index'].numericValue,
      totalBytes: audits['total-byte-weight'].numericValue,
      scriptBytes: resources.script ?? 0,
      imageBytes: resources.image ?? 0,
      failedAudits: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id)
        .join(' '),
    };
  } finally {
    await chrome.kill();
  }
}
