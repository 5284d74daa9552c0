// What allowing the page's inline scripts by hash costs GET /: the same build served twice under the same
// load, first with the policy it had before ('unsafe-inline' in place of the hashes), then as built.
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadHomePage } from './load.mjs';

const MANIFEST = '.next/standalone/.next/routes-manifest.json';

/** The bytes of a response's status line and headers, and its Content-Security-Policy alone. */
function headerBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        response.resume();
        const { rawHeaders } = response;
        let total = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
        for (let index = 0; index < rawHeaders.length; index += 2) total += `${rawHeaders[index]}: ${rawHeaders[index + 1]}\r\n`.length;
        resolve({ headerBytes: total, policyBytes: Buffer.byteLength(response.headers['content-security-policy'] ?? '') });
      })
      .on('error', reject);
  });
}

/**
 * @param {() => Promise<{ url: string, stop: () => Promise<void> }>} startSite starts the standalone server
 * @param {{ connections: number, durationSeconds: number }} load
 */
export async function measurePolicyCost(startSite, load) {
  const built = readFileSync(MANIFEST, 'utf8');
  if (!built.includes("'sha256-")) throw new Error(`${MANIFEST} holds no script hashes: was the build completed by scripts/prepare-standalone.mjs?`);
  // Every hash gives way to one 'unsafe-inline', as the policy read before.
  const before = built.replace(/(?: 'sha256-[A-Za-z0-9+/=]+')+/g, " 'unsafe-inline'");

  const measure = async (manifest) => {
    writeFileSync(MANIFEST, manifest);
    const site = await startSite();
    try {
      return { ...(await headerBytes(`${site.url}/`)), ...(await loadHomePage(`${site.url}/`, load)) };
    } finally {
      await site.stop();
    }
  };
  try {
    return { unsafeInline: await measure(before), hashes: await measure(built) };
  } finally {
    writeFileSync(MANIFEST, built);
  }
}
