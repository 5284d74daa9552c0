// Prints the results as Markdown tables (readable in a terminal, pasteable into BENCHMARKS.md),
// each target marked pass or SHORT. Lighthouse figures are medians, with the smallest and largest run.

const KB = 1024;
const MB = 1024 * 1024;
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const count = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');
const kb = (value) => `${(value / KB).toFixed(1)} KB`;
const mb = (value) => (Number.isFinite(value) ? `${Math.round(value / MB)} MB` : '');
const score = (value) => value.toFixed(2);
const cls = (value) => value.toFixed(3);
const ratio = (value, floor) => `${Math.round((value / floor) * 100)}%`;
const verdict = (ok) => (ok ? 'pass' : 'SHORT');

/** "median (min–max)", or the median alone for one run. */
function withSpread(figure, format) {
  if (!figure) return 'n/a';
  if (figure.runs <= 1 || figure.min === figure.max) return format(figure.median);
  return `${format(figure.median)} (${format(figure.min)}–${format(figure.max)})`;
}

function table(header, rows) {
  const lines = [header, header.map(() => '---'), ...rows];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function lighthouseTable(site, floor, view) {
  const s = site[view];
  const f = floor[view];
  const m = (key) => s[key].median;
  const fm = (key) => f[key].median;
  const row = (label, key, format, relation = '', target = '', ok = undefined) => [
    label,
    withSpread(s[key], format),
    withSpread(f[key], format),
    relation,
    target,
    ok === undefined ? '' : verdict(ok),
  ];
  const times = (key) => `${(m(key) / fm(key)).toFixed(2)}x`;
  const plus = (key, format) => `${m(key) - fm(key) >= 0 ? '+' : ''}${format(m(key) - fm(key))}`;
  const rows = [];
  if (view === 'mobile') {
    rows.push(
      row('Performance', 'performance', score, '', '>= 0.98', m('performance') >= 0.98),
      row('Accessibility', 'accessibility', score, '', '1.00', m('accessibility') === 1),
      row('Best practices', 'bestPractices', score, '', '1.00', m('bestPractices') === 1),
      row('SEO', 'seo', score, '', '1.00', m('seo') === 1),
      row('LCP', 'lcpMs', ms, times('lcpMs'), '<= 1.3x floor', m('lcpMs') <= 1.3 * fm('lcpMs')),
      row('TBT', 'tbtMs', ms, plus('tbtMs', ms), '<= floor + 30 ms', m('tbtMs') <= fm('tbtMs') + 30),
      row('CLS', 'cls', cls, '', '0', Math.round(m('cls') * 1000) === 0),
    );
  } else if (view === 'desktop') {
    rows.push(
      row('Performance', 'performance', score, '', '1.00', m('performance') >= 1),
      row('LCP', 'lcpMs', ms, times('lcpMs')),
      row('TBT', 'tbtMs', ms, plus('tbtMs', ms)),
      row('CLS', 'cls', cls, '', '0', Math.round(m('cls') * 1000) === 0),
    );
  } else {
    rows.push(
      row('Performance', 'performance', score),
      row('LCP', 'lcpMs', ms, times('lcpMs'), '<= 2000 ms and <= 1.3x floor', m('lcpMs') <= 2000 && m('lcpMs') <= 1.3 * fm('lcpMs')),
      row('TBT', 'tbtMs', ms, plus('tbtMs', ms)),
      row('CLS', 'cls', cls),
    );
  }
  rows.push(
    row('FCP', 'fcpMs', ms, times('fcpMs')),
    row('Speed Index', 'speedIndexMs', ms, times('speedIndexMs')),
    row('LCP: time to first byte', 'lcpTtfbMs', ms),
    row('LCP: resource load delay', 'lcpLoadDelayMs', ms),
    row('LCP: resource load time', 'lcpLoadTimeMs', ms),
    row('LCP: render delay', 'lcpRenderDelayMs', ms),
  );
  if (view === 'mobile') {
    rows.push(
      row('HTML bytes', 'documentBytes', kb, times('documentBytes')),
      row('JavaScript bytes', 'scriptBytes', kb, `+${kb(m('scriptBytes') - fm('scriptBytes'))}`),
      row("  of which the page's data (out of the HTML)", 'pageDataBytes', kb),
      row('  of which fetched ahead, to run when the page wakes', 'fetchedAheadBytes', kb),
      [
        '  of which code',
        kb(m('scriptBytes') - m('pageDataBytes')),
        kb(fm('scriptBytes') - fm('pageDataBytes')),
        `+${kb(m('scriptBytes') - m('pageDataBytes') - (fm('scriptBytes') - fm('pageDataBytes')))}`,
        '<= floor + 15 KB',
        verdict(m('scriptBytes') - m('pageDataBytes') <= fm('scriptBytes') - fm('pageDataBytes') + 15 * KB),
      ],
      row('Font bytes', 'fontBytes', kb),
      row('Image bytes', 'imageBytes', kb),
      row('Total bytes', 'totalBytes', kb, times('totalBytes')),
    );
  }
  return [
    table(['Figure', 'Site', 'Floor', 'Site vs floor', 'Target', 'Verdict'], rows),
    `\nLCP element: site ${s.lcpElement}; floor ${f.lcpElement}.`,
  ].join('\n');
}

function memoryTable(memory) {
  const row = (label, snapshot, target, ok) => [
    label,
    mb(snapshot?.rss),
    mb(snapshot?.heapTotal),
    snapshot?.wasmBytes ? `${mb(snapshot.wasmBytes)} (${mb(snapshot.wasmResident)} resident)` : snapshot?.heapTotal ? 'none' : '',
    mb(snapshot?.arrayBuffers),
    mb(snapshot?.rest),
    target,
    ok === undefined ? '' : verdict(ok),
  ];
  return table(
    ['Server, moment', 'Resident (RSS)', 'V8 heap', 'PGlite WebAssembly heap', 'Array buffers', 'Rest: code, Node, native', 'Target', 'Verdict'],
    [
      row('Floor (`next start`), after start-up and one view', memory.floor),
      row('Site without PGlite (Supabase store), after start-up and one view', memory.siteWithoutStore),
      row('Site, first start (creates the database), after one view', memory.siteFirstStart, '<= 250 MB', memory.siteFirstStart.rss <= 250 * MB),
      row('Site, started again on its database, after one view', memory.siteRestart, '<= 250 MB', memory.siteRestart.rss <= 250 * MB),
      row('Site, peak while every size of every image is asked for', memory.imagesPeak),
      row('Site, after every image size', memory.afterImages),
      row('Site, after the Lighthouse runs', memory.afterLighthouse),
      row('Site, peak during the load (GET / then posts)', memory.sitePeak, '<= 400 MB', memory.sitePeak ? memory.sitePeak.rss <= 400 * MB : undefined),
      row('Floor, peak during its GET / load', memory.floorPeak),
      row('Site, started again, before the burst', memory.beforeBurst),
      row('Site, peak during the burst (900 posts at once)', memory.burstPeak, '< 400 MB', memory.burstPeak ? memory.burstPeak.rss < 400 * MB : undefined),
      row('Site, 2 s after the burst', memory.afterBurst),
      row('Site, peak while the portal\'s PDFs are made beside GET / load', memory.pdfPeak, '<= 400 MB', memory.pdfPeak ? memory.pdfPeak.rss <= 400 * MB : undefined),
      row('Site, peak during the flood', memory.floodPeak),
    ],
  );
}

/**
 * The team's figures against the inbox on the same data, on each store: the page as it opens (13 weeks) within twice
 * its time, and no script of its own; the year, the longest period, held to the same bound in a column of its own.
 */
function insightsSection(insights) {
  const { data } = insights;
  const rows = [];
  for (const [store, figures] of [
    ['embedded (PGlite)', insights.embedded],
    ['Supabase (PostgREST)', insights.supabase],
  ]) {
    const page = (name) => figures.pages[name];
    rows.push([
      store,
      `${page('/admin').medianMs} ms (max ${page('/admin').maxMs})`,
      `${page('/admin/insights').medianMs} ms (max ${page('/admin/insights').maxMs})`,
      `${figures.ratio}x`,
      figures.ownScripts.length ? figures.ownScripts.join(', ') : 'none',
      verdict(figures.ratio <= 2 && figures.ownScripts.length === 0),
      `${page('/admin/insights?period=12m').medianMs} ms, ${figures.ratioYear}x: ${verdict(figures.ratioYear <= 2)}`,
    ]);
  }
  return [
    `\n## The team's figures over ${data.leads.toLocaleString('en-US')} leads, ${data.tours.toLocaleString('en-US')} tours and 60 estates (median of ${insights.embedded.runs} runs, to the last byte; load ${insights.machineLoad})\n`,
    table(['Store', '/admin', '/admin/insights (13 weeks)', 'Insights / inbox', 'Scripts of its own', 'Within 2x, none of its own', '12 months, within 2x'], rows),
  ];
}

export function printReport(results) {
  const load = results.machine.load;
  const lines = [];
  lines.push(
    `\nMachine: ${results.machine.cpus} x ${results.machine.cpuModel}, Node ${results.machine.node}; ` +
      `load average (1 min) at start ${load.atStart}, per Lighthouse run ${load.lighthouse.join(', ')}, ` +
      `at the server load ${load.serverLoad}, at the flood ${load.flood}, at the end ${load.atEnd}.`,
  );
  if (results.lighthouse) lines.push(...lighthouseSections(results));
  if (results.pages) lines.push(...pagesSection(results.pages, results.lighthouse));
  if (results.load) lines.push(...loadSection(results.load));
  if (results.pdfs) lines.push(...pdfSection(results.pdfs));
  if (results.insights) lines.push(...insightsSection(results.insights));
  lines.push('\n## Server memory\n');
  lines.push(memoryTable(results.memory));
  const images = results.images;
  lines.push(`\nThe image optimiser was asked for ${images.images} files (${kb(images.bytes)}), answered in ${images.seconds.toFixed(1)} s, ${images.failed} failed.`);
  if (results.flood) lines.push(...floodSection(results.flood));
  console.log(lines.join('\n'));
}

/**
 * Every other page a person opens, each beside the floor of the same run, against the bounds the home page's treatment
 * is held to on any page: performance at least 0.95, LCP at most 1.3x the floor's, blocking time at most the floor's
 * + 30 ms, main-thread work at most 1.5x, CLS 0. The home page's row from the Lighthouse part, when it ran, stays on top.
 */
function pagesSection(pages, lighthouse) {
  const floor = pages.floor;
  const rowOf = (name, figures, besideFloor = floor) => {
    const m = (key) => figures[key].median;
    const f = (key) => besideFloor[key].median;
    // A figure in milliseconds with its spread, and its median as a multiple of the floor's.
    const timesFloor = (key) => `${withSpread(figures[key], ms)}, ${(m(key) / f(key)).toFixed(2)}x`;
    const bounds = [
      m('performance') >= 0.95,
      m('lcpMs') <= 1.3 * f('lcpMs'),
      m('tbtMs') <= f('tbtMs') + 30,
      m('mainThreadMs') <= 1.5 * f('mainThreadMs'),
      Math.round(m('cls') * 1000) === 0,
    ];
    return [
      name,
      withSpread(figures.performance, score),
      timesFloor('lcpMs'),
      `${withSpread(figures.tbtMs, ms)}, ${m('tbtMs') - f('tbtMs') >= 0 ? '+' : ''}${ms(m('tbtMs') - f('tbtMs'))}`,
      timesFloor('mainThreadMs'),
      // Not a bound: the same work by the time the thread had the CPU, which a busy host does not inflate.
      figures.mainThreadCpuMs && besideFloor.mainThreadCpuMs ? timesFloor('mainThreadCpuMs') : 'n/a',
      withSpread(figures.cls, cls),
      verdict(bounds.every(Boolean)),
    ];
  };
  const lines = [`\n## Every page a person opens: mobile, ${pages.slowdown}x CPU (median of ${pages.runs}, smallest–largest)\n`];
  lines.push(
    'Bounds: performance >= 0.95, LCP <= 1.3x the floor, TBT <= the floor + 30 ms, main-thread work <= 1.5x the floor, CLS 0. Each page beside the floor of the same run. ' +
      "Lighthouse times a task from its start to its end and multiplies that by the slowdown, waits for the CPU included; the column beside it counts only the thread's time on the CPU.\n",
  );
  const floorCpu = floor.mainThreadCpuMs ? withSpread(floor.mainThreadCpuMs, ms) : 'n/a';
  const rows = [['floor', withSpread(floor.performance, score), withSpread(floor.lcpMs, ms), withSpread(floor.tbtMs, ms), withSpread(floor.mainThreadMs, ms), floorCpu, withSpread(floor.cls, cls), '']];
  // The home page beside the floor of its own runs.
  if (lighthouse?.site?.mobile) rows.push(rowOf('/ (the Lighthouse part)', lighthouse.site.mobile, lighthouse.floor.mobile));
  for (const [name, figures] of Object.entries(pages.pages)) rows.push(rowOf(name, figures));
  lines.push(
    table(['Page', 'Performance', 'LCP, vs floor', 'TBT, vs floor', 'Main-thread work, vs floor', 'The same on the CPU (not a bound), vs floor', 'CLS', 'Within every bound'], rows),
  );
  return lines;
}

const PDF_NAMES = { 'price-list.pdf': 'Price list (60 estates)', 'brochure.pdf': 'Brochure' };

/** The portal's PDFs, request to last byte: the first in the process, later ones alone, and beside GET / load. */
function pdfSection({ firstMs, bytes, alone, underLoad, homeBesideOne, homeUnderLoad, afterPortal, ownThread }) {
  const rows = Object.keys(PDF_NAMES).map((document) => [
    PDF_NAMES[document],
    kb(bytes[document]),
    ms(firstMs[document]),
    afterPortal ? ms(afterPortal.first[document]) : 'n/a',
    `${ms(alone[document].medianMs)} (max ${ms(alone[document].maxMs)}, ${alone[document].count})`,
    `${ms(underLoad[document].medianMs)} (max ${ms(underLoad[document].maxMs)}, ${underLoad[document].count})`,
    '< 2,000 ms',
    verdict(Math.max(afterPortal?.first[document] ?? firstMs[document], alone[document].maxMs) < 2000),
  ]);
  return [
    '\n## The portal\'s PDFs, made on request\n',
    table(
      ['Document', 'Size', 'First in the process, straight from a link', 'First after opening the portal', 'Later, alone: median', 'Two at a time beside GET / load: median', 'Target (alone)', 'Verdict'],
      rows,
    ),
    `\nMade ${ownThread ? "on the documents' own thread" : "on the server's one JavaScript thread"}.` +
      (homeBesideOne ? ` GET / one after another while three price lists were made: ${homeBesideOne.count} answers, median ${ms(homeBesideOne.medianMs)}, slowest ${ms(homeBesideOne.maxMs)}.` : '') +
      ` GET / beside them: ${homeUnderLoad.requestsPerSecond.toFixed(0)} requests/s, p99 ${ms(homeUnderLoad.latencyP99Ms)}, ${homeUnderLoad.errors} errors.` +
      (afterPortal ? ` The portal page readied the documents ${ms(afterPortal.readyMs)} after answering.` : ''),
  ];
}

const TITLES = {
  mobile: 'Mobile (simulated slow 4G, the CPU slowed to a phone\'s)',
  mobileDevtools: 'Mobile, throttled for real (`--throttling-method=devtools`)',
  desktop: 'Desktop',
};

/** The site beside itself without its service worker: each figure's median, and the difference. */
function workerCostTable(withWorker, without) {
  const rows = [
    ['Performance', 'performance', (value) => value.toFixed(2)],
    ['LCP', 'lcpMs', ms],
    ['TBT', 'tbtMs', ms],
    ['CLS', 'cls', cls],
    ['Main-thread work', 'mainThreadMs', ms],
    ["Longest task of the page's own document", 'longestDocumentTaskMs', ms],
  ].map(([label, key, format]) => {
    const difference = withWorker[key].median - without[key].median;
    return [label, withSpread(withWorker[key], format), withSpread(without[key], format), `${difference >= 0 ? '+' : '-'}${format(Math.abs(difference))}`];
  });
  return table(['Figure', 'With the worker', 'Without', 'Difference'], rows);
}

/** The line for a task of the page's own document. */
const DOCUMENT_TASK_LINE_MS = 50;

/** How many of these runs had a task of the page's own document over the line. */
const runsOverLine = (runs) => `${runs.filter((run) => run.longestDocumentTaskMs > DOCUMENT_TASK_LINE_MS).length} of ${runs.length}`;

/**
 * The main thread during the load of the mobile view: by kind of work, against the floor's, and its longest tasks.
 * The document's longest task is read in the median run, as every other Lighthouse figure is: on two shared cores a
 * task of 1 to 8 ms on the CPU that waits 10 to 15 ms for one is charged over 50 ms at 4x, whoever's it is, and in
 * the full runs of 2026-11-29 and 2026-12-01 the floor's own document, one heading, crossed the line in its largest
 * run (BENCHMARKS.md, "What crosses 50 ms"). How many runs crossed it, the site's and the floor's, is printed beside.
 */
function mainThreadTable(site, floor, runs) {
  const s = site.mobile;
  const f = floor.mobile;
  const kinds = [
    ['Total', 'mainThreadMs'],
    ['  Other (the document: parsing, its tasks)', 'mainThreadOtherMs'],
    ['  Style and layout', 'mainThreadStyleLayoutMs'],
    ['  Paint, composite', 'mainThreadPaintMs'],
    ['  Parse HTML', 'mainThreadParseHtmlMs'],
    ['  Script: compile', 'mainThreadScriptCompileMs'],
    ['  Script: evaluation', 'mainThreadScriptMs'],
    ['  Garbage collection', 'mainThreadGarbageMs'],
  ];
  const rows = kinds.map(([label, key], index) => {
    const share = s[key].median / f[key].median;
    const figures = [label, withSpread(s[key], ms), withSpread(f[key], ms), Number.isFinite(share) ? `${share.toFixed(2)}x` : ''];
    return index === 0 ? [...figures, '<= 1.5x floor', verdict(share <= 1.5)] : [...figures, '', ''];
  });
  rows.push(
    ['Longest task before interactive', withSpread(s.longestTaskBeforeInteractiveMs, ms), withSpread(f.longestTaskBeforeInteractiveMs, ms), '', '', ''],
    ["Longest task of the page's own document", withSpread(s.longestDocumentTaskMs, ms), withSpread(f.longestDocumentTaskMs, ms), '', `<= ${DOCUMENT_TASK_LINE_MS} ms`, verdict(s.longestDocumentTaskMs.median <= DOCUMENT_TASK_LINE_MS)],
  );
  if (runs) rows.push([`  Runs with one over ${DOCUMENT_TASK_LINE_MS} ms`, runsOverLine(runs.site.mobile), runsOverLine(runs.floor.mobile), '', '', '']);
  // The same tasks by the time the main thread was on the CPU in them (bench/lib/lighthouse.mjs, mainThreadCpu).
  if (s.mainThreadCpuMs && f.mainThreadCpuMs) {
    const cpuShare = s.mainThreadCpuMs.median / f.mainThreadCpuMs.median;
    rows.push(
      ['Top-level tasks', withSpread(s.mainThreadTasks, count), withSpread(f.mainThreadTasks, count), `${(s.mainThreadTasks.median / f.mainThreadTasks.median).toFixed(2)}x`, '', ''],
      ['Total, by time on the CPU', withSpread(s.mainThreadCpuMs, ms), withSpread(f.mainThreadCpuMs, ms), `${cpuShare.toFixed(2)}x`, '', ''],
      ["Longest task of the document, by time on the CPU", withSpread(s.longestDocumentTaskCpuMs, ms), withSpread(f.longestDocumentTaskCpuMs, ms), '', '', ''],
    );
  }
  return table(['Main-thread work', 'Site', 'Floor', 'Site vs floor', 'Target', 'Verdict'], rows);
}

function lighthouseSections(results) {
  const { site, floor } = results.lighthouse;
  const lines = [];
  lines.push(`\n## Lighthouse, median of ${results.runs} run${results.runs > 1 ? 's' : ''} each (smallest–largest)`);
  const calibration = results.lighthouse.calibration;
  if (calibration) {
    lines.push(
      `\nHost benchmarkIndex ${Math.round(calibration.benchmarkIndex)} (median of ${calibration.benchmarkIndexes.map(Math.round).join(', ')}): ` +
        `the mobile views ran at ${calibration.cpuSlowdown}x CPU slowdown, an effective index of ${Math.round(calibration.effectiveIndex)} (target under 2,600). ` +
        `benchmarkIndex per mobile run: site ${withSpread(site.mobile.benchmarkIndex, Math.round)}, floor ${withSpread(floor.mobile.benchmarkIndex, Math.round)}.`,
    );
  }
  for (const view of ['mobile', 'mobileDevtools', 'desktop']) {
    lines.push(`\n### ${TITLES[view]}\n`);
    lines.push(lighthouseTable(site, floor, view));
    const failed = results.lighthouse.failedAudits.site[view];
    if (failed) lines.push(`\nSite audits not passed (${view}): ${failed}`);
    if (view === 'mobile' && site.mobile.mainThreadMs) lines.push(`\n${mainThreadTable(site, floor, results.lighthouse.runs)}`);
  }

  const withoutWorker = results.lighthouse.siteWithoutWorker;
  if (withoutWorker?.mobile?.performance) {
    lines.push('\n### What the service worker costs: the site, then the same site with /sw.js blocked (mobile)\n');
    lines.push(workerCostTable(site.mobile, withoutWorker.mobile));
  }

  const wake = results.wake;
  if (wake) {
    lines.push(`\n### Waking the page: the visitor's first key, at ${wake.slowdown}x CPU, 390 px (median of ${wake.runs})\n`);
    lines.push('Lighthouse loads the page and never wakes it (scripts/first-paint.mjs): this is the work left for the first sign of intent.\n');
    lines.push(
      table(
        ['From the key to the page hydrated', 'Longest task meanwhile', 'Blocking time meanwhile (over 50 ms per task)'],
        [[withSpread(wake.toAwakeMs, ms), withSpread(wake.longestTaskMs, ms), withSpread(wake.blockingMs, ms)]],
      ),
    );
    if (wake.firstTap) {
      lines.push(`\nThe first tap into the inquiry form's first field, as the form is brought into view (which wakes the page):\n`);
      lines.push(
        table(
          ['Interaction to Next Paint', 'Target', 'Verdict', 'Longest task from the scroll'],
          [[withSpread(wake.firstTap.inpMs, ms), '<= 100 ms', verdict(wake.firstTap.inpMs.median <= 100), withSpread(wake.firstTap.longestTaskMs, ms)]],
        ),
      );
    }
  }

  const reading = results.reading;
  if (reading) {
    lines.push(`\n### Reading the page for ${reading.readingMs / 1000} s with no tap, at ${reading.slowdown}x CPU, 390 px (median of ${reading.runs}, runs alternating)\n`);
    lines.push('Kept: the service worker registered, and the hero kept, once the page has loaded, its scripts are fetched ahead and the browser is idle. Not kept: the same page with that module blocked, as a page only read was before.\n');
    lines.push(
      table(
        ['', 'Main-thread work', 'Of it, script', 'Longest task', 'Blocking time (over 50 ms per task)'],
        [
          ['Kept for offline', ...['mainThreadMs', 'scriptMs', 'longestTaskMs', 'blockingMs'].map((key) => withSpread(reading.kept[key], ms))],
          ['Not kept', ...['mainThreadMs', 'scriptMs', 'longestTaskMs', 'blockingMs'].map((key) => withSpread(reading.notKept[key], ms))],
        ],
      ),
    );
  }

  const hero = results.heroImage390;
  if (!hero) return lines;
  lines.push('\n## Hero image at 390 px wide, 3x density\n');
  lines.push(
    table(
      ['File the browser chose', 'Type', 'Width', 'Bytes', 'Target', 'Verdict'],
      [[hero.source.replace(/^https?:\/\/[^/]+/, ''), hero.type, `${hero.width} px`, kb(hero.bytes), '<= 120 KB', verdict(hero.bytes <= 120 * KB)]],
    ),
  );

  return lines;
}

function loadSection({ home, homeCompressed, inquiries, burst, policy, connections, durationSeconds }) {
  const lines = [];
  const pageRows = (label, pair) => {
    const share = pair.site.requestsPerSecond / pair.floor.requestsPerSecond;
    return [
      [`GET / ${label} (site)`, `${pair.site.requestsPerSecond.toFixed(0)} (${Math.round(share * 100)}% of the floor)`, ms(pair.site.latencyP50Ms), ms(pair.site.latencyP99Ms), pair.site.errors, '>= 70% of the floor', verdict(share >= 0.7)],
      [`GET / ${label} (floor)`, pair.floor.requestsPerSecond.toFixed(0), ms(pair.floor.latencyP50Ms), ms(pair.floor.latencyP99Ms), pair.floor.errors, '', ''],
    ];
  };
  lines.push(`\n## Server under load: ${connections} connections, ${durationSeconds} s each\n`);
  lines.push(
    table(
      ['Load', 'Requests/s', 'p50', 'p99', 'Errors', 'Target', 'Verdict'],
      [
        ...pageRows('uncompressed', home),
        ...(homeCompressed ? pageRows('as a phone asks, compressed', homeCompressed) : []),
        ['No-JS inquiry POST', inquiries.requestsPerSecond.toFixed(1), ms(inquiries.latencyP50Ms), ms(inquiries.latencyP99Ms), inquiries.errors, '0 errors', verdict(inquiries.errors === 0)],
        ...(burst
          ? [[`Burst: ${burst.amount} no-JS inquiries at once, ${burst.connections} connections`, burst.requestsPerSecond.toFixed(1), ms(burst.latencyP50Ms), ms(burst.latencyP99Ms), burst.errors, '0 errors', verdict(burst.errors === 0)]]
          : []),
      ],
    ),
  );
  const stored = (label, posts) =>
    `\n${label} answered with success: ${posts.succeeded}; lost (answered success, not stored): ${posts.lost} ` +
    `(${verdict(posts.lost === 0)}); stored twice: ${posts.duplicated}.`;
  lines.push(stored('Inquiries', inquiries));
  if (burst) lines.push(stored(`The burst's ${burst.amount}`, burst) + ` Peak memory: in the memory table.`);

  const { unsafeInline, hashes } = policy;
  lines.push(`\n## What the inline scripts' hashes cost GET /: the same build, one policy then the other\n`);
  lines.push(
    table(
      ['Policy', 'Policy bytes', 'Header bytes', 'Requests/s', 'p50', 'p99', 'Errors'],
      [
        ["script-src 'unsafe-inline' (before)", unsafeInline.policyBytes, unsafeInline.headerBytes, unsafeInline.requestsPerSecond.toFixed(0), ms(unsafeInline.latencyP50Ms), ms(unsafeInline.latencyP99Ms), unsafeInline.errors],
        ['script-src with hashes (as built)', hashes.policyBytes, hashes.headerBytes, hashes.requestsPerSecond.toFixed(0), ms(hashes.latencyP50Ms), ms(hashes.latencyP99Ms), hashes.errors],
      ],
    ),
  );
  const longer = hashes.headerBytes - unsafeInline.headerBytes;
  lines.push(
    `\nWith the hashes each response's headers are ${Math.abs(longer)} bytes ${longer < 0 ? 'shorter' : 'longer'}; requests a second ` +
      `${ratio(hashes.requestsPerSecond, unsafeInline.requestsPerSecond)} of before.`,
  );
  return lines;
}

function floodSection(flood) {
  const lines = [];
  // Results written before the bench read the busiest window held only the total, against a limit of 60 a minute.
  const limit = flood.limit ?? { count: 60, windowSeconds: 60 };
  const inFlight = flood.flood.sent - flood.flood.succeeded - flood.flood.challenged - flood.flood.refused - flood.flood.other;
  const busiest = flood.flood.storedInBusiestWindow ?? flood.flood.stored;
  lines.push(`\n## Flood: ${flood.perSecond} no-JS posts a second from ${flood.addresses} addresses for ${flood.seconds} s, genuine buyers in Chromium at ${flood.cpuSlowdown}x CPU slowdown\n`);
  lines.push(
    table(
      ['Figure', 'Value', 'Target', 'Verdict'],
      [
        ['Buyers stored / sent', `${flood.buyersStored} / ${flood.buyersSent}`, 'all', verdict(flood.buyersStored === flood.buyersSent)],
        ['Buyer wait, click to success: p95 (median, max)', `${ms(flood.buyerLatencyMs.p95)} (${ms(flood.buyerLatencyMs.median)}, ${ms(flood.buyerLatencyMs.max)})`, '<= 5000 ms', verdict(flood.buyerLatencyMs.p95 <= 5000)],
        ['Proof of work solve: p95 (median, max)', `${ms(flood.solveMs.p95)} (${ms(flood.solveMs.median)}, ${ms(flood.solveMs.max)})`, '< 1000 ms', verdict(flood.solveMs.p95 < 1000)],
        ['Challenge to proof sent: p95 (median, max)', `${ms(flood.challengeToProofMs.p95)} (${ms(flood.challengeToProofMs.median)}, ${ms(flood.challengeToProofMs.max)})`, '', ''],
        ['Buyers asked for a proof', `${flood.proved} of ${flood.buyersSent}, ${Math.round(flood.steps.median)} hash steps (median)`, '', ''],
        ['Flood posts sent', `${flood.flood.sent}`, '', ''],
        ['Flood posts stored', `${flood.flood.stored} (answered success ${flood.flood.succeeded}, challenged ${flood.flood.challenged}, refused ${flood.flood.refused}, other ${flood.flood.other}; in flight as the flood's clock stopped ${inFlight})`, '', ''],
        [`Flood posts stored within any ${limit.windowSeconds} s`, `${busiest}`, `<= ${limit.count}`, verdict(busiest <= limit.count)],
        ['Challenges issued, highest level', `${flood.challenges.issued}, level ${flood.challenges.highest}`, '', ''],
      ],
    ),
  );
  return lines;
}
