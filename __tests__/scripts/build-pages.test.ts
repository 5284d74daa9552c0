/**
 * @jest-environment jsdom
 */
import { afterFirstPaint, deferHydration } from '../../scripts/build-pages.mjs';

// The shape of a page as Next 16 prerenders it: scripts in the head, run as they arrive; the page's data inline at its foot.
const NEXT_PAGE = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/webpack.js"/>',
  '<script src="/_next/static/chunks/main.js" async=""></script><script src="/_next/static/chunks/app.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>',
  '<body><h1>Aldercrest Estates</h1>',
  '<script type="application/ld+json">{"name":"Aldercrest Estates"}</script>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/main.js"]})</script>',
  '<script src="/_next/static/chunks/webpack.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"0:[\\"$\\",\\"h1\\",null,{\\"children\\":\\"Aldercrest Estates\\"}]\\n"])</script>',
  '</body></html>',
].join('');

const address = (data: string) => `/_next/static/chunks/page-${data.length}.js`;

describe('a prerendered page with its data and scripts after the first paint', () => {
  const deferred = deferHydration(NEXT_PAGE, address)!;

  it("moves Next's inline scripts, in order, into the data's file", () => {
    expect(deferred.data).toBe(
      [
        '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/main.js"]});',
        '(self.__next_f=self.__next_f||[]).push([0]);',
        'self.__next_f.push([1,"0:[\\"$\\",\\"h1\\",null,{\\"children\\":\\"Aldercrest Estates\\"}]\\n"]);',
        '',
      ].join('\n'),
    );
    expect(deferred.html).not.toContain('__next_f');
    expect(deferred.html).not.toContain('TURBOPACK');
  });

  it('keeps the content, the structured data and the no-module fallback, and drops the scripts and their preload', () => {
    expect(deferred.html).toContain('<body><h1>Aldercrest Estates</h1><script type="application/ld+json">{"name":"Aldercrest Estates"}</script>');
    expect(deferred.html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(deferred.html).not.toMatch(/<script src="[^"]*" async/);
    expect(deferred.html).not.toContain('rel="preload"');
  });

  it('starts, in the head, one script that asks for the data and then each script once', () => {
    const inline = [...deferred.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    expect(inline).toHaveLength(1);
    expect(deferred.html.indexOf('<script>')).toBeLessThan(deferred.html.indexOf('</head>'));
    const sources = ['/_next/static/chunks/page-', '/_next/static/chunks/main.js', '/_next/static/chunks/app.js', '/_next/static/chunks/webpack.js'];
    expect(JSON.parse(/\)\((\[.*\])\)$/.exec(inline[0]!)![1]!)).toEqual([address(deferred.data), ...sources.slice(1)]);
  });

  it('leaves a page done already as it is, and refuses one not shaped as Next writes them', () => {
    expect(deferHydration(deferred.html, address)).toBeNull();
    expect(() => deferHydration('<html><body><script src="/app.js"></script></body></html>', address)).toThrow(/has its output changed/);
  });
});

// jsdom reports no paints, so its PerformanceObserver is stood in for here; e2e/speed.spec.ts watches the real one in Chromium.
describe('the script that starts them', () => {
  const added = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
  let observe: jest.Mock;
  let callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void;

  beforeEach(() => {
    jest.useFakeTimers();
    observe = jest.fn();
    const Observer = jest.fn((given: typeof callback) => {
      callback = given;
      return { observe };
    });
    Object.assign(Observer, { supportedEntryTypes: ['paint', 'largest-contentful-paint'] });
    Object.assign(globalThis, { PerformanceObserver: Observer });
    document.head.replaceChildren();
  });
  afterEach(() => jest.useRealTimers());

  it('adds the scripts in order, not async, on the first contentful paint and not before', () => {
    afterFirstPaint(['/data.js', '/main.js']);
    expect(observe).toHaveBeenCalledWith({ type: 'paint', buffered: true });
    callback({ getEntriesByName: () => [] }, { disconnect: jest.fn() });
    expect(added()).toEqual([]);
    const disconnect = jest.fn();
    callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect });
    expect(added()).toEqual(['/data.js', '/main.js']);
    expect([...document.head.querySelectorAll('script')].every((script) => script.async === false)).toBe(true);
    expect(disconnect).toHaveBeenCalled();
    jest.advanceTimersByTime(3000);
    expect(added()).toEqual(['/data.js', '/main.js']);
  });

  it('adds them after three seconds where a paint is never reported, and at once where paints are not reported at all', () => {
    afterFirstPaint(['/main.js']);
    jest.advanceTimersByTime(2999);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(added()).toEqual(['/main.js']);

    Object.assign(PerformanceObserver, { supportedEntryTypes: ['resource'] });
    afterFirstPaint(['/other.js']);
    expect(added()).toEqual(['/main.js', '/other.js']);
  });
});
