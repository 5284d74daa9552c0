// Lighthouse runs against Debian's Chromium, one fresh browser per run so no run inherits another's cache.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { PAGE_DATA_ADDRESS } from '../../scripts/build-pages.mjs';

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

/**
 * The views the bench takes: Lighthouse's mobile preset (simulated slow 4G and 4x CPU slowdown, computed
 * from an unthrottled load), the same with the throttling applied for real while the page loads, and desktop.
 */
export const VIEWS = {
  mobile: { preset: 'mobile', throttlingMethod: 'simulate' },
  mobileDevtools: { preset: 'mobile', throttlingMethod: 'devtools' },
  desktop: { preset: 'desktop', throttlingMethod: 'simulate' },
};

/** One Lighthouse run; the figures the bench reports, flattened. A run that fails to score is tried again, twice at most. */
export async function runLighthouse(url, view, chromePath, attemptsLeft = 3) {
  const figures = await runOnce(url, view, chromePath);
  if (Number.isFinite(figures.performance) && Number.isFinite(figures.lcpMs)) return figures;
  if (attemptsLeft <= 1) return figures;
  console.log(`  (no score: ${figures.failedAudits}; running it again)`);
  return runLighthouse(url, view, chromePath, attemptsLeft - 1);
}

/** The time of each part of the LCP: before the first byte, before its resource starts, while it loads, and until it is painted. */
function lcpParts(audits) {
  const phases = audits['largest-contentful-paint-element']?.details?.items?.find((item) => item.type === 'table' && item.items?.[0]?.phase)?.items ?? [];
  const timing = (name) => phases.find((phase) => phase.phase === name)?.timing ?? 0;
  return {
    lcpTtfbMs: timing('TTFB'),
    lcpLoadDelayMs: timing('Load Delay'),
    lcpLoadTimeMs: timing('Load Time'),
    lcpRenderDelayMs: timing('Render Delay'),
  };
}

function lcpElement(audits) {
  const table = audits['largest-contentful-paint-element']?.details?.items?.find((item) => item.type === 'table' && item.items?.[0]?.node);
  const node = table?.items?.[0]?.node;
  return node ? `${node.snippet ?? ''} ${node.nodeLabel ? `"${node.nodeLabel.slice(0, 40)}"` : ''}`.trim() : 'none';
}

async function runOnce(url, view, chromePath) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, throttlingMethod: view.throttlingMethod },
      view.preset === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) return { performance: NaN, failedAudits: runtimeError.code };
    const resources = Object.fromEntries(
      (audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item.transferSize]),
    );
    // The page's data for hydration, which the build moves out of the HTML into a script of its own (scripts/build-pages.mjs).
    const pageDataBytes = (audits['network-requests']?.details?.items ?? [])
      .filter((item) => PAGE_DATA_ADDRESS.test(new URL(item.url).pathname))
      .reduce((total, item) => total + (item.transferSize ?? 0), 0);
    return {
      performance: categories.performance.score ?? NaN,
      accessibility: categories.accessibility.score,
      bestPractices: categories['best-practices'].score,
      seo: categories.seo.score,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      ...lcpParts(audits),
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcpMs: audits['first-contentful-paint'].numericValue,
      speedIndexMs: audits['speed-index'].numericValue,
      totalBytes: audits['total-byte-weight'].numericValue,
      documentBytes: resources.document ?? 0,
      scriptBytes: resources.script ?? 0,
      pageDataBytes,
      fontBytes: resources.font ?? 0,
      imageBytes: resources.image ?? 0,
      lcpElement: lcpElement(audits),
      failedAudits: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id)
        .join(' '),
    };
  } finally {
    await chrome.kill();
  }
}
