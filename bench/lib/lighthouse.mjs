// Lighthouse runs against Debian's Chromium, one fresh browser per run so no run inherits another's cache.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { getAttributableURLForTask } from 'lighthouse/core/lib/tracehouse/task-summary.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
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

/** The mobile view with the service worker's script blocked: the site as it was before it had one (issue [offline]). */
export const WITHOUT_WORKER = { ...VIEWS.mobile, blockedUrlPatterns: ['*/sw.js'] };

/**
 * Lighthouse's mobile preset slows the CPU 4x, which stands for a mid-range phone only on a host whose
 * benchmarkIndex is about that of the machines it was tuned on. A faster host hides main-thread work a phone
 * turns into blocking time, so the bench holds the effective index (the host's, times 4, over the slowdown)
 * under this, raising the slowdown as the host is faster; never below the preset's 4x.
 */
export const EFFECTIVE_INDEX_CEILING = 2500;
const PRESET_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

/** The CPU slowdown for a host of this benchmarkIndex, to one decimal, rounded up. */
export function slowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex)) return PRESET_SLOWDOWN;
  return Math.max(PRESET_SLOWDOWN, Math.ceil((PRESET_SLOWDOWN * benchmarkIndex * 10) / EFFECTIVE_INDEX_CEILING) / 10);
}

export const effectiveIndex = (benchmarkIndex, slowdown) => (benchmarkIndex * PRESET_SLOWDOWN) / slowdown;

/** One Lighthouse run; the figures the bench reports, flattened. A run that fails to score is tried again, twice at most. */
export async function runLighthouse(url, view, chromePath, slowdown = PRESET_SLOWDOWN, attemptsLeft = 3) {
  const figures = await runOnce(url, view, chromePath, slowdown);
  if (Number.isFinite(figures.performance) && Number.isFinite(figures.lcpMs)) return figures;
  if (attemptsLeft <= 1) return figures;
  console.log(`  (no score: ${figures.failedAudits}; running it again)`);
  return runLighthouse(url, view, chromePath, slowdown, attemptsLeft - 1);
}

/** Lighthouse's groups of main-thread work, by the name the bench's figures give them. */
const WORK_GROUPS = {
  other: 'mainThreadOtherMs',
  styleLayout: 'mainThreadStyleLayoutMs',
  paintCompositeRender: 'mainThreadPaintMs',
  parseHTML: 'mainThreadParseHtmlMs',
  scriptParseCompile: 'mainThreadScriptCompileMs',
  scriptEvaluation: 'mainThreadScriptMs',
  garbageCollection: 'mainThreadGarbageMs',
};

/**
 * Where the main thread's time went during the load, by kind of work, and its longest tasks: any before the
 * page is interactive, and any the page's own document is charged with (its parsing, style, layout and
 * paint, and its inline script), at the slowdown of the run.
 */
function mainThreadWork(audits, url) {
  const groups = Object.fromEntries((audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, item.duration]));
  const work = Object.fromEntries(Object.entries(WORK_GROUPS).map(([group, name]) => [name, groups[group] ?? 0]));
  const interactiveAt = audits.interactive?.numericValue ?? Infinity;
  const tasks = audits['long-tasks']?.details?.items ?? [];
  const longest = (list) => list.reduce((most, task) => Math.max(most, task.duration), 0);
  return {
    mainThreadMs: Object.values(groups).reduce((total, duration) => total + duration, 0),
    ...work,
    longestTaskBeforeInteractiveMs: longest(tasks.filter((task) => task.startTime < interactiveAt)),
    longestDocumentTaskMs: longest(tasks.filter((task) => task.url === url)),
  };
}

/**
 * The main thread's tasks during the load by the time it spent on the CPU in them (their thread time), where
 * Lighthouse's figures take the time from a task's start to its end, whether or not the thread ran: on a host
 * of two cores, the renderer's main thread waits for the CPU while the browser's other threads and processes
 * (and Lighthouse reading the trace) have it, and Lighthouse multiplies that wait by the slowdown as it does
 * the work. Both at the run's slowdown; the document's tasks as Lighthouse attributes them.
 */
function mainThreadCpu(trace, audits, url, slowdown) {
  const processed = TraceProcessor.processTrace(trace);
  const { mainThreadEvents, frames, timestamps } = processed;
  const tasks = MainThreadTasks.getMainThreadTasks(mainThreadEvents, frames, timestamps.traceEnd, timestamps.timeOrigin).filter((task) => !task.parent);
  const scripts = new Set((audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script').map((item) => item.url));
  const cpuMs = (task) => ((task.event.tdur ?? task.event.dur) / 1000) * slowdown;
  return {
    mainThreadTasks: tasks.length,
    mainThreadCpuMs: tasks.reduce((total, task) => total + cpuMs(task), 0),
    longestDocumentTaskCpuMs: tasks.filter((task) => getAttributableURLForTask(task, scripts) === url).reduce((most, task) => Math.max(most, cpuMs(task)), 0),
  };
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

async function runOnce(url, view, chromePath, slowdown) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, throttlingMethod: view.throttlingMethod };
  if (view.blockedUrlPatterns) flags.blockedUrlPatterns = view.blockedUrlPatterns;
  // A signed-in page's session, sent with every request of the load.
  if (view.extraHeaders) flags.extraHeaders = view.extraHeaders;
  // The desktop preset keeps its own throttling; the mobile views take the host's slowdown.
  const mobile = view.preset === 'mobile';
  if (mobile) flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown };
  try {
    const result = await lighthouse(url, flags, mobile ? undefined : desktopConfig);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) return { performance: NaN, failedAudits: runtimeError.code };
    const resources = Object.fromEntries(
      (audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item.transferSize]),
    );
    const requests = audits['network-requests']?.details?.items ?? [];
    const bytesOf = (items) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
    // The page's data for hydration, which the build moves out of the HTML into a script of its own (scripts/build-pages.mjs).
    const pageDataBytes = bytesOf(requests.filter((item) => PAGE_DATA_ADDRESS.test(new URL(item.url).pathname)));
    // Scripts fetched ahead without running (the site's, until the visitor wakes the page: scripts/first-paint.mjs)
    // are listed by Lighthouse as neither scripts nor anything else of its kinds; they count as the page's code.
    const fetchedAhead = bytesOf(requests.filter((item) => item.resourceType !== 'Script' && new URL(item.url).pathname.endsWith('.js')));
    const benchmarkIndex = result.lhr.environment?.benchmarkIndex ?? NaN;
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
      scriptBytes: (resources.script ?? 0) + fetchedAhead,
      fetchedAheadBytes: fetchedAhead,
      pageDataBytes,
      fontBytes: resources.font ?? 0,
      imageBytes: resources.image ?? 0,
      benchmarkIndex,
      cpuSlowdown: mobile ? slowdown : 1,
      ...mainThreadWork(audits, result.lhr.finalDisplayedUrl ?? url),
      ...(mobile ? mainThreadCpu(result.artifacts.Trace, audits, result.lhr.finalDisplayedUrl ?? url, slowdown) : {}),
      lcpElement: lcpElement(audits),
      finalPath: new URL(result.lhr.finalDisplayedUrl ?? url).pathname,
      failedAudits: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id)
        .join(' '),
    };
  } finally {
    await chrome.kill();
  }
}
