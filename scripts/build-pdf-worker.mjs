// Bundles the portal documents' thread (lib/portal/pdf/worker.ts) into one file, which the production server
// starts as a worker thread (lib/portal/pdf/thread.ts). Its packages stay outside the bundle and are loaded
// from the node_modules above the file, as the server loads them: the project's, or the standalone server's
// (which Next traces with @react-pdf/renderer and all it needs). The page's photographs, which lib/copy/site.ts
// imports, are not needed there (the brochure's are read beforehand and sent with each request): each import is
// left empty. Its JSX calls React's createElement, from React's main module: Next's trace of the standalone
// server leaves out half of react/jsx-runtime (the development build its main file names), so that an ES
// module cannot import from it there.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Writes `outfile` and, beside it, the part it imports once it has taken over the thread's console (worker.ts):
 * what makes the documents, with the renderer and the other packages it loads, in a file of its own so that they are
 * loaded only then. React itself, which the injected JSX factory names, is loaded first: it keeps no console method.
 * @param {string} outfile
 */
export async function buildPdfWorker(outfile) {
  await build({
    entryPoints: [path.join(root, 'lib/portal/pdf/worker.ts')],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    outdir: path.dirname(outfile),
    entryNames: path.basename(outfile, '.mjs'),
    chunkNames: `${path.basename(outfile, '.mjs')}-[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // In place of tsconfig.json, whose "jsx" would win over the options here.
    tsconfigRaw: { compilerOptions: { jsx: 'react', jsxFactory: 'jsxElement', jsxFragmentFactory: 'JsxFragment', baseUrl: '.', paths: { '@/*': ['./*'] } } },
    inject: [path.join(root, 'scripts/pdf-worker-jsx.mjs')],
    loader: { '.jpg': 'empty' },
    logLevel: 'warning',
  });
}
