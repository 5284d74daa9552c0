// Builds the service worker (worker/service-worker.ts) for the standalone server: one bundled file at /sw.js,
// whose precache is what the home page as served asks for from /_next/static (its scripts, style sheets and
// typefaces, each named by its content, so their addresses are their versions).
import { build } from 'esbuild';

/**
 * The build's own files a page names, each once, in order.
 *
 * @param {string} html
 * @returns {string[]}
 */
export function staticFilesOf(html) {
  return [...new Set(html.match(/\/_next\/static\/[\w\-./~]+\.(?:js|css|woff2)\b/g) ?? [])];
}

/**
 * @param {{ html: string, buildId: string, outfile: string }} options the home page as served, the build's id,
 *   and where the worker goes
 */
export async function buildServiceWorker({ html, buildId, outfile }) {
  const precache = staticFilesOf(html).map((url) => ({ url, revision: null }));
  if (precache.length === 0) throw new Error('The home page names none of the build’s files: nothing for the service worker to keep');
  await build({
    entryPoints: ['worker/service-worker.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    outfile,
    logLevel: 'warning',
    define: {
      'self.__SW_MANIFEST': JSON.stringify(precache),
      BUILD_ID: JSON.stringify(buildId),
      'process.env.NODE_ENV': '"production"',
    },
  });
  return precache.length;
}

/**
 * The module the page's first script imports once the page has loaded, its scripts are fetched ahead and the browser
 * is idle: as soon as it has nothing to draw, it registers the worker and keeps the hero's photograph, as the page's own code does when it wakes
 * (lib/offline/keep-page.ts), from the one function both run (lib/offline/keep-for-offline.mjs).
 *
 * @param {{ outfile: string }} options where it goes: the public folder's KEEP_SCRIPT
 */
export async function buildKeepScript({ outfile }) {
  await build({
    stdin: {
      contents:
        "import { keepForOffline, whenQuiet } from './lib/offline/keep-for-offline.mjs';\nwhenQuiet(keepForOffline);\n",
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    outfile,
    logLevel: 'warning',
  });
}
