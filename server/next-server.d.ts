// Next's own standalone server (the server.js `next build` writes), which scripts/prepare-standalone.mjs puts beside
// standalone-server.cjs as next-server.js. It is required for what it does as it loads: it exports nothing.
export {};
