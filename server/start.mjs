// npm start: the production server that npm run build assembled in .next/standalone, on port 3000, with the
// embedded store's data in ./.data beside the project, not inside the build (which a rebuild replaces).
import { existsSync } from 'node:fs';
import path from 'node:path';
import nextEnv from '@next/env';

const server = path.resolve('.next', 'standalone', 'server.js');
if (!existsSync(server)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
// The standalone server reads .env files from its own folder only; the project's are here.
nextEnv.loadEnvConfig(process.cwd());
process.env.DATA_DIR ||= path.resolve('.data');
process.env.PORT ||= '3000';
// Next's server listens on HOSTNAME, which some shells and containers set to the machine's name.
process.env.HOSTNAME = process.env.HOST || '0.0.0.0';
process.env.NODE_ENV = 'production';
await import(server);
