// Scans one host (`host:port`, the first argument) with the MDN HTTP Observatory and prints the grade,
// the score and each test's outcome as JSON. Run in its own process: the scanner trusts only the
// certificates in NODE_EXTRA_CA_CERTS as the process starts.
import fs from 'node:fs';

// The package's install script downloads Chromium's HSTS preload list, which a closed network refuses
// (and .npmrc runs no install scripts). A local test host is on no preload list: read as an empty one.
const readFileSync = fs.readFileSync;
fs.readFileSync = (file, ...rest) => (String(file).endsWith('hsts-preload.json') && !fs.existsSync(file) ? '{}' : readFileSync(file, ...rest));

const { scan } = await import('@mdn/mdn-http-observatory');
const { scan: summary, tests } = await scan(process.argv[2]);
const outcomes = Object.fromEntries(Object.entries(tests).map(([name, test]) => [name, { pass: test.pass, result: test.result, scoreModifier: test.scoreModifier }]));
process.stdout.write(JSON.stringify({ grade: summary.grade, score: summary.score, tests: outcomes }));
