import type { NextConfig } from 'next';
import { contentSecurityPolicy, INLINE_SCRIPT_HASHES } from './lib/content-security-policy.mjs';
import { parseSiteUrl } from './lib/config/site';
import { BEYOND_HOME, EVERY_ANSWER, OPENER_POLICY, OVER_HTTPS, STRICT_TRANSPORT_SECURITY } from './server/site-headers.cjs';

const development = process.env.NODE_ENV === 'development';

/**
 * The prerendered pages' inline scripts (Next's bootstrap and page data) are allowed by their hashes,
 * which scripts/prepare-standalone.mjs writes in place of INLINE_SCRIPT_HASHES once the pages exist;
 * pages rendered per request get a nonce from proxy.ts instead. Everything else comes from this origin.
 */
const securityHeaders = [
  {
    key: 'Content-Security-Policy',
    value: contentSecurityPolicy({ scripts: development ? ["'unsafe-inline'", "'unsafe-eval'"] : [INLINE_SCRIPT_HASHES], development }),
  },
  // Stated in server/site-headers.cjs, which the front door's own answers (its refusals) send too.
  ...EVERY_ANSWER,
];

const nextConfig: NextConfig = {
  // The public address is written into the prerendered page; the server checks it starts with the same one.
  env: { SITE_URL_OF_BUILD: parseSiteUrl(process.env.SITE_URL).href },
  // Only the secrets test builds elsewhere, so as not to disturb the build under test.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Next would hash each prerendered page afresh for every request to give its ETag; the standalone server
  // sends the prerendered pages itself, with ETags worked out once at build (server/prerendered-pages.cjs).
  generateEtags: false,
  reactStrictMode: true,
  // PGlite loads its WebAssembly and data files from its own package folder at run time; so does the invitations'
  // VTIMEZONE generator its zone files (bundled, its folder became /ROOT/… and every invitation fell back to UTC).
  serverExternalPackages: ['@electric-sql/pglite', '@touch4it/ical-timezones'],
  // A self-contained server in .next/standalone (node server.js), for containers and plain hosts.
  output: 'standalone',
  // Read from disk at run time, so file tracing cannot see them: the migrations, PGlite's WebAssembly and data,
  // and the typefaces of the broker portal's PDFs with the characters each part holds (lib/portal/pdf/faces.ts;
  // its photographs are the build's own).
  outputFileTracingIncludes: {
    '/**': [
      './supabase/migrations/*.sql',
      './node_modules/@electric-sql/pglite/dist/*.{wasm,data}',
      './node_modules/fontsource-{cormorant-garamond,manrope}-all/files/*-all-{400,500,600}-{normal,italic}.woff',
      './node_modules/@fontsource/noto-{sans,sans-*,serif-tibetan}/files/*-{400,600}-normal.woff',
      './node_modules/@fontsource/*/unicode.json',
    ],
  },
  experimental: {
    // Mirrors SUBMISSION_BODY_LIMIT in proxy.ts, for posts that carry no Content-Length.
    serverActions: { bodySizeLimit: '64kb' },
    // Twenty kilobytes of CSS (five compressed) arrive with the HTML instead of after it, so the first paint
    // no longer waits for a stylesheet, nor (once that has arrived) behind the scripts: mobile LCP fell from
    // a median of 2.9 s to 1.8 s in five Lighthouse runs each (BENCHMARKS.md).
    inlineCss: true,
    // Inlined, a stylesheet costs no request, only bytes (and the same bytes again in the page's data): every route
    // should carry only the styles of its own parts. Grouped by the default heuristic, the sign-in page, the tour
    // page and the portal each carried one 50 kB chunk of every back-office style. A request priced at almost
    // nothing splits the styles by the routes that use them.
    cssChunking: { type: 'graph', requestCost: 500 },
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    qualities: [55, 70],
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: BEYOND_HOME, headers: [OPENER_POLICY] },
      // TLS ends at the proxy or platform in front of the server, which says so in X-Forwarded-Proto.
      { source: '/:path*', has: [OVER_HTTPS], headers: [STRICT_TRANSPORT_SECURITY] },
    ];
  },
};

export default nextConfig;
