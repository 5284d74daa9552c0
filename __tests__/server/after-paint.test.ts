import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// Plain JavaScript that runs beside the standalone build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { clientModules, sendAfterPaint, INTENT_MARK, SCRIPTLESS_MARK } = require('../../server/after-paint.cjs') as typeof import('../../server/after-paint.cjs');

const NONCE = 'bm9uY2Ugb2YgdGhlIHRlc3Q=';
const SCRIPT = 'window.painted = true;';
// A page as Next 16 streams one rendered per request: its scripts in the head, a preload of the page's own, the
// polyfills for browsers without modules, the page's script after its bootstrap, and a part streamed in later.
const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/page.js"/>`,
  `<script src="/_next/static/chunks/runtime.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/react-dom.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
  '<style>@font-face{font-family:textFont;src:url(/_next/static/media/text.woff2)format("woff2");font-display:swap}p{color:#222}</style></head><body><p>Sign in</p>',
  `<script nonce="${NONCE}" id="_R_">self.__next_r="x"</script>`,
  `<script src="/_next/static/chunks/page.js" nonce="${NONCE}" async=""></script>`,
  `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script>`,
  // The page's data, which carries the style sheet again, measured: left exactly as it is.
  `<script nonce="${NONCE}">self.__next_f.push([1,"2:T4b,@font-face{font-family:textFont;font-display:swap}p{color:#222}"])</script>`,
  // The client modules it asks for: Next's router's and a form's.
  `<script nonce="${NONCE}">self.__next_f.push([1,"3:I[39756,[\\"/_next/static/chunks/page.js\\"],\\"default\\"]\\n4:I[51776,[],\\"SignInForm\\"]\\n"])</script>`,
  '<div hidden id="S:1"><p>Later</p></div></body></html>',
].join('');

/** Next's inline scripts of PAGE (its bootstrap and the page's data), in their order. */
const NEXT_INLINE = /<script nonce="[^"]*"(?: id="_R_")?>(?:self|\(self)[^<]*<\/script>/g;
/** Next's inline scripts of PAGE, inert, as the server sends them to a page that wakes, whose script runs them. */
const INERT_DATA = (PAGE.match(NEXT_INLINE) ?? []).map((tag) => tag.replace('<script ', '<script type="text/plain" data-page-data ')).join('');
/** PAGE with Next's inline scripts held to the end of its body, inert. */
const DATA_AT_THE_END = PAGE.replace(NEXT_INLINE, '').replace('</body>', `${INERT_DATA}</body>`);

const INERT = (source: string) => `<script type="text/plain" data-after-paint="/_next/static/chunks/${source}.js"></script>`;

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** A server that writes PAGE in the given pieces (as Next streams it), behind sendAfterPaint. */
function serving(pieces: string[], headers: Record<string, string>, scriptless?: string[], onIntent: string[] = [], icon: string | null = null): Promise<Server> {
  const server = createServer((request, response) => {
    sendAfterPaint(request, response, SCRIPT, scriptless ? { scriptless: new Set(scriptless), onIntent: new Set(onIntent) } : undefined, icon);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.flushHeaders();
    let at = 0;
    const next = () => {
      const piece = pieces[at++];
      if (piece === undefined) return response.end();
      response.write(Buffer.from(piece, 'utf8'));
      setImmediate(next);
    };
    next();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function ask(server: Server, headers: Record<string, string>, method = 'GET', path = '/sign-in'): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

const PAGE_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'self' 'nonce-${NONCE}'`, vary: 'rsc' };
const AS_A_BROWSER = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));
async function started(pieces: string[], headers: Record<string, string> = PAGE_HEADERS, scriptless?: string[], onIntent?: string[]) {
  const server = await serving(pieces, headers, scriptless, onIntent);
  servers.push(server);
  return server;
}

/** PAGE cut every `size` characters: tags split anywhere, the nonce's and the scripts' too. */
const cut = (size: number) => Array.from({ length: Math.ceil(PAGE.length / size) }, (_, at) => PAGE.slice(at * size, (at + 1) * size));

describe('a page rendered per request, sent to be painted before its scripts run', () => {
  it.each([
    ['whole', [PAGE]],
    ['in pieces of 7 characters', cut(7)],
    ['in pieces of 61 characters', cut(61)],
  ])('sent %s: its scripts are inert, in their order, its data inert at the end of its body, its typefaces optional, and its own script first in the head with the nonce', async (_name, pieces) => {
    const answer = await ask(await started(pieces), AS_A_BROWSER);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('rsc, Accept-Encoding');
    expect(answer.body).toBe(
      DATA_AT_THE_END.replace('<head>', `<head><script nonce="${NONCE}">${SCRIPT}</script>`)
        .replace(/<link rel="preload" as="script"[^>]*\/>/, '')
        .replace('font-display:swap}p', 'font-display:optional}p')
        .replace(/<script src="\/_next\/static\/chunks\/polyfills\.js"[^>]*><\/script>/, '')
        .replace(/<script src="\/_next\/static\/chunks\/(\w[\w-]*)\.js"[^>]*><\/script>/g, (_tag, source: string) => INERT(source)),
    );
    expect([...answer.body.matchAll(/data-after-paint="([^"]+)"/g)].map(([, source]) => source)).toEqual([
      '/_next/static/chunks/runtime.js',
      '/_next/static/chunks/react-dom.js',
      '/_next/static/chunks/page.js',
    ]);
    expect(answer.body).not.toMatch(/<script src=/);
    // Not one of Next's scripts runs as the page is read: each is text for the page's script.
    expect(answer.body.match(/<script(?: [^>]*)?>/g)).toEqual([
      `<script nonce="${NONCE}">`,
      ...['runtime', 'react-dom', 'page'].map((source) => INERT(source).replace('</script>', '')),
      `<script type="text/plain" data-page-data nonce="${NONCE}" id="_R_">`,
      ...Array.from({ length: 3 }, () => `<script type="text/plain" data-page-data nonce="${NONCE}">`),
    ]);
    expect(answer.body).toContain('2:T4b,@font-face{font-family:textFont;font-display:swap}');
  });

  it('is the same page cut anywhere: in pieces of every size from 1 to 80 characters', async () => {
    const whole = (await ask(await started([PAGE]), AS_A_BROWSER)).body;
    for (let size = 1; size <= 80; size++) expect((await ask(await started(cut(size)), AS_A_BROWSER)).body).toBe(whole);
  });

  it('sends a page with nothing to hydrate (/privacy) without any script of Next’s, inert or inline, cut anywhere; its own script stays', async () => {
    const expected = PAGE.replace('<head>', `<head><script nonce="${NONCE}">${SCRIPT}</script>`)
      .replace(/<link rel="preload" as="script"[^>]*\/>/, '')
      .replace('font-display:swap}p', 'font-display:optional}p')
      .replace(/<script src="[^"]+"[^>]*><\/script>/g, '')
      .replace(/<script nonce="[^"]*"(?: id="_R_")?>(?:self|\(self)[^<]*<\/script>/g, '');
    expect(expected).toBe(
      `<!DOCTYPE html><html lang="en"><head><script nonce="${NONCE}">${SCRIPT}</script><meta charSet="utf-8"/>` +
        '<style>@font-face{font-family:textFont;src:url(/_next/static/media/text.woff2)format("woff2");font-display:optional}p{color:#222}</style></head><body><p>Sign in</p>' +
        '<div hidden id="S:1"><p>Later</p></div></body></html>',
    );
    for (const size of [PAGE.length, 1, 7, 23, 61, 80]) expect((await ask(await started(cut(size)), AS_A_BROWSER, 'GET', '/privacy?from=footer')).body).toBe(expected);
    // Any other page keeps them.
    expect((await ask(await started([PAGE]), AS_A_BROWSER, 'GET', '/privacy/more')).body).toContain('self.__next_f.push([1,');
  });

  it('marks a page whose every client module needs no script before its end, without the data only scripts read, cut anywhere; not one that asks for another', async () => {
    const waking = (await ask(await started([PAGE]), AS_A_BROWSER)).body;
    for (const size of [PAGE.length, 1, 9, 37, 80]) {
      const body = (await ask(await started(cut(size), PAGE_HEADERS, ['39756', '51776']), AS_A_BROWSER)).body;
      // The page that wakes, its data in place of the mark.
      expect(body).toBe(waking.replace(INERT_DATA, SCRIPTLESS_MARK));
      expect(body).toMatch(new RegExp(`<p>Later</p></div>${SCRIPTLESS_MARK}</body></html>$`));
      expect(body).not.toContain('__next');
    }
    // A page whose data names no client module at all is in a form this code does not know: it wakes.
    const unread = PAGE.replaceAll(':I[', ':X[');
    expect(unread).not.toContain(':I[');
    expect((await ask(await started([unread], PAGE_HEADERS, ['39756', '51776']), AS_A_BROWSER)).body).not.toContain(SCRIPTLESS_MARK);
    // One module that needs its script (the form's) is enough to wake the page.
    for (const size of [PAGE.length, 5]) expect((await ask(await started(cut(size), PAGE_HEADERS, ['39756']), AS_A_BROWSER)).body).not.toContain(SCRIPTLESS_MARK);
  });

  it('marks a page whose only module that needs a script is a form that works before it, its data kept after the mark, cut anywhere; not one that asks for another too', async () => {
    const waking = (await ask(await started([PAGE]), AS_A_BROWSER)).body;
    for (const size of [PAGE.length, 1, 9, 37, 80]) {
      const body = (await ask(await started(cut(size), PAGE_HEADERS, ['39756'], ['51776']), AS_A_BROWSER)).body;
      expect(body).toBe(waking.replace(INERT_DATA, INTENT_MARK + INERT_DATA));
      expect(body).not.toContain(SCRIPTLESS_MARK);
    }
    // The form's module with one that needs its script: the page wakes as before.
    for (const size of [PAGE.length, 5]) expect((await ask(await started(cut(size), PAGE_HEADERS, [], ['51776']), AS_A_BROWSER)).body).toBe(waking);
  });

  it("takes as needing no script Next's own client modules and the project's that work without one, and as working before it the project's forms that do, from the build's manifests", () => {
    const manifest = (modules: [string, number | string][]) =>
      `globalThis.__RSC_MANIFEST["/page"] = {"clientModules":{${modules.map(([name, id]) => `"[project]/${name}":{"id":${JSON.stringify(id)},"name":"*","chunks":[],"async":false}`).join(',')}}};`;
    expect(
      clientModules([
        manifest([
          ['node_modules/next/dist/esm/client/components/layout-router.js', 39756],
          ['components/shared/places-nav.tsx', 92583],
          ['components/account/sign-in-form.tsx', 30506],
          ['components/account/passkey-register.tsx', 52468],
          ['node_modules/next/dist/shared/lib/lazy-dynamic/dynamic-bailout-to-csr.js', 111],
        ]),
        manifest([
          ['node_modules/next/dist/esm/client/components/layout-router.js', 39756],
          ['node_modules/next/dist/client/image-component.js', '5500'],
        ]),
      ]),
    ).toEqual({ scriptless: ['39756', '5500', '92583'], onIntent: ['30506'] });
  });

  it('is compressed with gzip for a client that takes no Brotli, and sent as it is to one that takes neither', async () => {
    const server = await started(cut(100));
    const gzip = await ask(server, { accept: 'text/html', 'accept-encoding': 'gzip' });
    const plain = await ask(server, { accept: 'text/html' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.body).toBe(plain.body);
    expect(plain.body).toContain(INERT('runtime'));
  });

  it('leaves alone what is not a page: another type, an RSC payload, a HEAD, a page without a nonce to run its script', async () => {
    const json = await ask(await started(['{"ok":', 'true}'], { 'content-type': 'application/json' }), AS_A_BROWSER);
    expect(json.body).toBe('{"ok":true}');
    const rsc = await ask(await started([PAGE]), { ...AS_A_BROWSER, rsc: '1' });
    expect(rsc.body).toBe(PAGE);
    const head = await ask(await started([PAGE]), AS_A_BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const withoutNonce = await ask(await started([PAGE], { 'content-type': 'text/html' }), AS_A_BROWSER);
    expect(withoutNonce.body).toBe(PAGE);
  });

  it("carries the site's icon in itself when given it, asking for no file: in one piece or cut anywhere", async () => {
    const ICON = 'data:image/png;base64,iVBORw0KGgo=';
    const linked = PAGE.replace('</head>', '<link rel="icon" href="/icon.png?icon.1a2b3c.png" sizes="96x96" type="image/png"/><link rel="apple-touch-icon" href="/apple-icon.png?apple.4d5e.png" sizes="180x180" type="image/png"/></head>');
    for (const pieces of [[linked], Array.from({ length: Math.ceil(linked.length / 9) }, (_, at) => linked.slice(at * 9, (at + 1) * 9))]) {
      const server = await serving(pieces, PAGE_HEADERS, undefined, [], ICON);
      servers.push(server);
      const { body } = await ask(server, AS_A_BROWSER);
      expect(body).toContain(`<link rel="icon" href="${ICON}" sizes="32x32" type="image/png"/><link rel="apple-touch-icon" href="/apple-icon.png?apple.4d5e.png"`);
      expect(body).not.toContain('/icon.png');
    }
    // Without it, the page links to the file as Next wrote it.
    const plain = await serving([linked], PAGE_HEADERS);
    servers.push(plain);
    expect((await ask(plain, AS_A_BROWSER)).body).toContain('<link rel="icon" href="/icon.png?icon.1a2b3c.png" sizes="96x96" type="image/png"/>');
  });
});
