// Prints the results as Markdown tables (readable in a terminal, pasteable into BENCHMARKS.md),
// each target marked pass or short.

const KB = 1024;
const ms = (value) => `${Math.round(value)} ms`;
const kb = (value) => `${(value / KB).toFixed(1)} KB`;
const score = (value) => value.toFixed(2);
const ratio = (site, floor) => (floor > 0 ? `${(site / floor).toFixed(2)}x` : 'n/a');
const verdict = (ok) => (ok ? 'pass' : 'SHORT');

function table(header, rows) {
  const lines = [header, header.map(() => '---'), ...rows];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export function printReport(results) {
  const { site, floor } = results.lighthouse;
  const lines = [];
  lines.push(`\n## Lighthouse, median of ${results.runs} run${results.runs > 1 ? 's' : ''} each`);
  for (const preset of ['mobile', 'desktop']) {
    const s = site[preset];
    const f = floor[preset];
    const performanceTarget = preset === 'mobile' ? 0.98 : 1;
    lines.push(`\n### ${preset}\n`);
    lines.push(
      table(
        ['Figure', 'Site', 'Floor', 'Site / floor', 'Target', 'Verdict'],
        [
          ['Performance', score(s.performance), score(f.performance), '', `>= ${performanceTarget.toFixed(2)}`, verdict(s.performance >= performanceTarget)],
          ['Accessibility', score(s.accessibility), score(f.accessibility), '', '1.00', verdict(s.accessibility === 1)],
          ['Best practices', score(s.bestPractices), score(f.bestPractices), '', '1.00', verdict(s.bestPractices === 1)],
          ['SEO', score(s.seo), score(f.seo), '', '1.00', verdict(s.seo === 1)],
          ['LCP', ms(s.lcpMs), ms(f.lcpMs), ratio(s.lcpMs, f.lcpMs), '', ''],
          [
            'TBT',
            ms(s.tbtMs),
            ms(f.tbtMs),
            `+${Math.round(s.tbtMs - f.tbtMs)} ms`,
            preset === 'mobile' ? '<= floor + 50 ms' : '',
            preset === 'mobile' ? verdict(s.tbtMs <= f.tbtMs + 50) : '',
          ],
          ['CLS', s.cls.toFixed(3), f.cls.toFixed(3), '', '<= 0.010', verdict(s.cls <= 0.01)],
          ['FCP', ms(s.fcpMs), ms(f.fcpMs), ratio(s.fcpMs, f.fcpMs), '', ''],
          ['Speed Index', ms(s.speedIndexMs), ms(f.speedIndexMs), ratio(s.speedIndexMs, f.speedIndexMs), '', ''],
          ['Total bytes', kb(s.totalBytes), kb(f.totalBytes), ratio(s.totalBytes, f.totalBytes), '', ''],
          [
            'JavaScript bytes',
            kb(s.scriptBytes),
            kb(f.scriptBytes),
            `+${kb(s.scriptBytes - f.scriptBytes)}`,
            '<= floor + 15 KB',
            verdict(s.scriptBytes <= f.scriptBytes + 15 * KB),
          ],
          ['Image bytes', kb(s.imageBytes), kb(f.imageBytes), '', '', ''],
        ],
      ),
    );
    const failed = results.lighthouse.failedAudits.site[preset];
    if (failed) lines.push(`\nSite audits not passed (${preset}): ${failed}`);
  }

  const hero = results.heroImage390;
  lines.push('\n## Hero image at 390 px wide, 3x density\n');
  lines.push(
    table(
      ['File the browser chose', 'Type', 'Width', 'Bytes', 'Target', 'Verdict'],
      [[hero.source.replace(/^https?:\/\/[^/]+/, ''), hero.type, `${hero.width} px`, kb(hero.bytes), '<= 120 KB', verdict(hero.bytes <= 120 * KB)]],
    ),
  );

  const { home, inquiries, connections, durationSeconds } = results.load;
  lines.push(`\n## Server under load: ${connections} connections, ${durationSeconds} s each\n`);
  lines.push(
    table(
      ['Load', 'Requests/s', 'p50', 'p99', 'Errors', 'Target', 'Verdict'],
      [
        ['GET / (site)', home.site.requestsPerSecond.toFixed(0), ms(home.site.latencyP50Ms), ms(home.site.latencyP99Ms), home.site.errors, '', ''],
        ['GET / (floor)', home.floor.requestsPerSecond.toFixed(0), ms(home.floor.latencyP50Ms), ms(home.floor.latencyP99Ms), home.floor.errors, '', ''],
        [
          'No-JS inquiry POST',
          inquiries.requestsPerSecond.toFixed(1),
          ms(inquiries.latencyP50Ms),
          ms(inquiries.latencyP99Ms),
          inquiries.errors,
          '0 errors',
          verdict(inquiries.errors === 0),
        ],
      ],
    ),
  );
  lines.push(
    `\nInquiries answered with success: ${inquiries.succeeded}; lost (answered success, not stored): ${inquiries.lost} ` +
      `(${verdict(inquiries.lost === 0)}); stored twice: ${inquiries.duplicated}.`,
  );
  lines.push(`Site server peak memory (RSS, whole process tree) during the load: ${(results.memory.sitePeakRssBytes / KB / KB).toFixed(0)} MB.`);

  const { unsafeInline, hashes } = results.load.policy;
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
  lines.push(
    `\nThe hashes add ${hashes.headerBytes - unsafeInline.headerBytes} bytes to each response's headers; requests a second ` +
      `${ratio(hashes.requestsPerSecond, unsafeInline.requestsPerSecond)} of before.`,
  );
  console.log(lines.join('\n'));
}
