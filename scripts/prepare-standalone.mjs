// After `next build`: completes .next/standalone, which Next leaves without the static files and public/,
// so that `node .next/standalone/server.js` serves the whole site on its own (the Dockerfile relies on it).
import { cpSync, existsSync } from 'node:fs';

if (!existsSync('.next/standalone/server.js')) {
  console.error('No .next/standalone/server.js: is output: "standalone" still set in next.config.ts?');
  process.exit(1);
}
cpSync('.next/static', '.next/standalone/.next/static', { recursive: true });
cpSync('public', '.next/standalone/public', { recursive: true });
console.log('Standalone server ready: node .next/standalone/server.js');
