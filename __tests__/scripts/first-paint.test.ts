/**
 * @jest-environment jsdom
 */
import { KEEP_SCRIPT } from '../../lib/offline/keep-for-offline.mjs';
import { LANDING_KEY, OUTBOX_WAITING_MARK } from '../../lib/wake-marks.mjs';
import { PASSKEY_MARK } from '../../lib/wake-marks.mjs';
import { afterFirstPaint, beforeFirstPaint, firstPaintScript, inline, onFirstContentfulPaint, paintFirstScript, TYPEFACES_KEPT_KEY, typefaceFiles } from '../../scripts/first-paint.mjs';

type PaintList = { getEntriesByName: (name: string) => unknown[] };

// jsdom reports no paints and loads no fonts, so the browser's PerformanceObserver and document.fonts are
// stood in for here; e2e/speed.spec.ts watches the real ones, and the faces, in Chromium.
let observe: jest.Mock;
/** Each font asked for, with what makes it arrive. */
let fontsLoading: Map<string, () => void>;
let reportPaints: (list: PaintList, observer: { disconnect: () => void }) => void;
let watched: Element[];
let watcher: { callback: (entries: { isIntersecting: boolean }[]) => void; options: IntersectionObserverInit };
const firstContentfulPaint: PaintList = { getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) };

beforeEach(() => {
  jest.useFakeTimers();
  observe = jest.fn();
  const Observer = jest.fn((callback: typeof reportPaints) => {
    reportPaints = callback;
    return { observe };
  });
  Object.assign(Observer, { supportedEntryTypes: ['paint', 'largest-contentful-paint'] });
  Object.assign(globalThis, { PerformanceObserver: Observer });
  fontsLoading = new Map();
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      load: (font: string) => {
        let arrive = () => undefined as void;
        const loading = new Promise<void>((resolve) => (arrive = resolve));
        fontsLoading.set(font, arrive);
        return loading;
      },
    },
  });
  document.head.replaceChildren();
  delete document.documentElement.dataset.fonts;
  delete document.documentElement.dataset.parts;
  delete document.documentElement.dataset.photo;
  delete document.documentElement.dataset.render;
  delete document.documentElement.dataset.rows;
  localStorage.clear();
  sessionStorage.clear();
  // jsdom has no IntersectionObserver: this one records what it watches and is told by the test when a part is near.
  watched = [];
  Object.assign(globalThis, {
    IntersectionObserver: jest.fn((callback: (entries: { isIntersecting: boolean }[]) => void, options: IntersectionObserverInit) => {
      watcher = { callback, options };
      return { observe: (part: Element) => watched.push(part) };
    }),
  });
});
afterEach(() => {
  // A page of a test that never woke, scrolled or printed still listens on the window: told each here, once, it
  // leaves the next test alone.
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  document.body.dispatchEvent(new Event('submit', { bubbles: true }));
  dispatchEvent(new Event('scroll'));
  dispatchEvent(new Event('beforeprint'));
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

describe('waiting for the first contentful paint', () => {
  it('runs once, on the first contentful paint and not on an earlier paint, nor again after', () => {
    const run = jest.fn();
    onFirstContentfulPaint(run);
    expect(observe).toHaveBeenCalledWith({ type: 'paint', buffered: true });
    reportPaints({ getEntriesByName: () => [] }, { disconnect: jest.fn() });
    expect(run).not.toHaveBeenCalled();
    const disconnect = jest.fn();
    reportPaints(firstContentfulPaint, { disconnect });
    expect(run).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
    jest.advanceTimersByTime(3000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after three seconds where a paint is never reported, and at once where paints are not reported at all', () => {
    const late = jest.fn();
    onFirstContentfulPaint(late);
    jest.advanceTimersByTime(2999);
    expect(late).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);

    Object.assign(PerformanceObserver, { supportedEntryTypes: ['resource'] });
    const now = jest.fn();
    onFirstContentfulPaint(now);
    expect(now).toHaveBeenCalledTimes(1);
  });
});

describe("the page's script", () => {
  const sources = () => [...document.head.querySelectorAll('script')].map((script) => [script.getAttribute('src'), script.hasAttribute('async')]);

  const hints = () => [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href')]);
  const paint = () => reportPaints(firstContentfulPaint, { disconnect: jest.fn() });

  const settle = async () => {
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  };

  it('holds the photograph, the typefaces and the parts below the hero back from the head; at the first contentful paint lets the photograph in and asks for the typefaces; lets the typefaces in once both arrived, and the parts with them; then fetches the scripts without running them', async () => {
    new Function(firstPaintScript({ faces: [], sources: ['/data.js', '/main.js'] }))();
    expect(document.documentElement.dataset.photo).toBe('held');
    expect(document.documentElement.dataset.fonts).toBe('held');
    expect(document.documentElement.dataset.parts).toBe('held');
    expect(sources()).toEqual([]);
    expect(hints()).toEqual([]);
    expect(fontsLoading.size).toBe(0);
    paint();
    expect(document.documentElement.dataset.photo).toBeUndefined();
    expect(document.documentElement.dataset.fonts).toBe('held');
    // The steps after the paint, well short of the three seconds that let the parts in whatever comes: nothing is
    // fetched while the typefaces are on their way.
    jest.advanceTimersByTime(100);
    expect(hints()).toEqual([]);
    expect([...fontsLoading.keys()]).toEqual(['1em displayFont', '1em textFont']);
    fontsLoading.get('1em displayFont')!();
    await settle();
    expect(document.documentElement.dataset.fonts).toBe('held');
    expect(document.documentElement.dataset.parts).toBe('held');
    fontsLoading.get('1em textFont')!();
    await settle();
    // Both have arrived: the visitor still reading the hero, whose words have faces of their own, the rest is let in.
    expect(document.documentElement.dataset.fonts).toBeUndefined();
    expect(document.documentElement.dataset.parts).toBeUndefined();
    expect(hints()).toEqual([]);
    // Once the frame that sets them is drawn, the scripts are fetched, a task each.
    jest.advanceTimersByTime(100);
    expect(hints()).toEqual([
      ['prefetch', '/data.js'],
      ['prefetch', '/main.js'],
    ]);
    expect(sources()).toEqual([]);
  });

  it('lets the rules for paper in at the first contentful paint, not before: until then their link stays disabled', () => {
    document.body.innerHTML = '<link rel="stylesheet" href="/print.css" media="print" disabled>';
    const forPaper = document.body.querySelector('link')!;
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    expect(forPaper.hasAttribute('disabled')).toBe(true);
    jest.advanceTimersByTime(100);
    expect(forPaper.hasAttribute('disabled')).toBe(true);
    paint();
    expect(forPaper.hasAttribute('disabled')).toBe(false);
    document.body.replaceChildren();
  });

  it.each([
    ['a scroll', () => dispatchEvent(new Event('scroll'))],
    ['the page woken', () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a print', () => dispatchEvent(new Event('beforeprint'))],
  ])('lets the parts in at %s before the typefaces arrive, and the typefaces once both have', async (_, beyondTheHero) => {
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    paint();
    // The steps after the paint, well short of the three seconds that let the parts in whatever comes.
    jest.advanceTimersByTime(100);
    expect(document.documentElement.dataset.parts).toBe('held');
    beyondTheHero();
    expect(document.documentElement.dataset.parts).toBeUndefined();
    fontsLoading.get('1em displayFont')!();
    await settle();
    expect(document.documentElement.dataset.fonts).toBe('held');
    fontsLoading.get('1em textFont')!();
    await settle();
    expect(document.documentElement.dataset.fonts).toBeUndefined();
  });

  it('lets the parts in three seconds after the first paint however the typefaces fare, and not before; then fetches the scripts', () => {
    new Function(firstPaintScript({ faces: [], sources: ['/data.js'] }))();
    paint();
    jest.advanceTimersByTime(2999);
    expect(document.documentElement.dataset.parts).toBe('held');
    expect(hints()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(document.documentElement.dataset.parts).toBeUndefined();
    expect(document.documentElement.dataset.fonts).toBe('held');
    jest.advanceTimersByTime(100);
    expect(hints()).toEqual([['prefetch', '/data.js']]);
  });

  it('lets the typefaces and the parts in even where a typeface fails to arrive', async () => {
    Object.assign(document.fonts, { load: () => Promise.reject(new Error('network')) });
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    paint();
    jest.runOnlyPendingTimers();
    await settle();
    expect(document.documentElement.dataset.fonts).toBeUndefined();
    expect(document.documentElement.dataset.parts).toBeUndefined();
  });

  it.each([
    ['a touch or a click', () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a key', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))],
    ['a focus', () => document.querySelector('input')!.focus()],
  ])('wakes the page at %s anywhere: adds the scripts once, in order, each in a task of its own', (_, intent) => {
    document.body.innerHTML = '<main><input aria-label="name"></main>';
    new Function(firstPaintScript({ faces: [], sources: ['/data.js', '/main.js'] }))();
    paint();
    jest.runOnlyPendingTimers();
    const pending = jest.getTimerCount();
    intent();
    expect(sources()).toEqual([]);
    expect(jest.getTimerCount() - pending).toBe(2);
    jest.advanceTimersByTime(0);
    expect(sources()).toEqual([
      ['/data.js', true],
      ['/main.js', true],
    ]);
    intent();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    jest.runOnlyPendingTimers();
    expect(sources()).toHaveLength(2);
  });

  it("asks only for the typefaces in the paint's own task; then listens; once the parts are in and drawn, fetches each script ahead, each in a task of its own; fetches none ahead once woken", async () => {
    document.body.innerHTML = '<section data-wakes>form</section>';
    new Function(firstPaintScript({ faces: [], sources: ['/data.js', '/main.js', '/rest.js'] }))();
    paint();
    // The next timer is the next task: a fake clock runs timers of the same moment together.
    expect(fontsLoading.size).toBe(2);
    expect(watched).toEqual([]);
    jest.advanceTimersToNextTimer();
    expect(watched).toHaveLength(1);
    for (const arrive of fontsLoading.values()) arrive();
    await settle();
    expect(document.documentElement.dataset.parts).toBeUndefined();
    expect(hints()).toEqual([]);
    // The frame that sets the parts, then a task after it.
    jest.advanceTimersToNextTimer();
    expect(hints()).toEqual([]);
    jest.advanceTimersToNextTimer();
    expect(hints()).toEqual([['prefetch', '/data.js']]);
    jest.advanceTimersToNextTimer();
    expect(hints()).toEqual([
      ['prefetch', '/data.js'],
      ['prefetch', '/main.js'],
    ]);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    jest.runOnlyPendingTimers();
    expect(hints()).toHaveLength(2);
    expect(sources().map(([source]) => source)).toEqual(['/data.js', '/main.js', '/rest.js']);
  });

  describe('for a visitor who only reads, keeps the page for a visit with no signal', () => {
    let loaded: boolean;
    let idle: (() => void)[];
    const keep = jest.fn();
    beforeEach(() => {
      keep.mockClear();
      loaded = false;
      idle = [];
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => (loaded ? 'complete' : 'interactive') });
      Object.assign(globalThis, { requestIdleCallback: (run: () => void) => idle.push(run) });
    });
    afterEach(() => {
      delete (document as { readyState?: unknown }).readyState;
      delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    });
    /** The page after its paint, the typefaces in and both scripts asked for ahead. */
    const fetchingAhead = async () => {
      document.documentElement.dataset.render = 'hero-first';
      afterFirstPaint(['/data.js', '/main.js'], [], OUTBOX_WAITING_MARK, LANDING_KEY, keep);
      await settle();
      jest.runOnlyPendingTimers();
      jest.runOnlyPendingTimers();
      jest.runOnlyPendingTimers();
      const links = [...document.head.querySelectorAll('link')];
      expect(links.map((link) => link.getAttribute('href'))).toEqual(['/data.js', '/main.js']);
      return links;
    };

    it('once every script fetched ahead has arrived or failed, the page has loaded and the browser is idle; not before', async () => {
      const [data, main] = await fetchingAhead();
      data!.dispatchEvent(new Event('load'));
      main!.dispatchEvent(new Event('error'));
      expect(idle).toHaveLength(0);
      loaded = true;
      dispatchEvent(new Event('load'));
      expect(idle).toHaveLength(1);
      expect(keep).not.toHaveBeenCalled();
      idle[0]!();
      expect(keep).toHaveBeenCalledTimes(1);
      expect(sources()).toEqual([]);
    });

    it('on a page loaded before its scripts arrived, as soon as the browser is idle after the last', async () => {
      loaded = true;
      const [data, main] = await fetchingAhead();
      main!.dispatchEvent(new Event('load'));
      expect(idle).toHaveLength(0);
      data!.dispatchEvent(new Event('load'));
      idle.forEach((run) => run());
      expect(keep).toHaveBeenCalledTimes(1);
    });

    it('not at all once the page has woken, whose own code keeps it then (lib/offline/keep-page.ts)', async () => {
      loaded = true;
      const links = await fetchingAhead();
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      for (const link of links) link.dispatchEvent(new Event('load'));
      idle.forEach((run) => run());
      expect(keep).not.toHaveBeenCalled();
    });

    it('by importing the module built for it', () => {
      expect(firstPaintScript({ faces: [], sources: [] })).toContain(`() => import("${KEEP_SCRIPT}")`);
    });
  });

  it("keeps the visit's first query and referrer for the forms once the page wakes or is left, not while it is only read, and never replaces them in the same visit", () => {
    const open = (address: string) => {
      window.history.replaceState(null, '', address);
      new Function(firstPaintScript({ faces: [], sources: [] }))();
      paint();
      jest.runOnlyPendingTimers();
    };
    const kept = () => JSON.parse(sessionStorage.getItem(LANDING_KEY) ?? 'null');
    open('/?utm_source=newsletter');
    expect(kept()).toBeNull();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(kept()).toEqual(['?utm_source=newsletter', document.referrer]);
    sessionStorage.clear();
    open('/?utm_source=print');
    expect(kept()).toBeNull();
    dispatchEvent(new Event('pagehide'));
    expect(kept()).toEqual(['?utm_source=print', document.referrer]);
    open('/');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    dispatchEvent(new Event('pagehide'));
    expect(kept()).toEqual(['?utm_source=print', document.referrer]);
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
  });

  it('wakes the page when a part that needs it comes within a screen of view, not before', () => {
    document.body.innerHTML = '<header>hero</header><section>features</section><section data-wakes>form</section><section data-wakes>form</section>';
    new Function(firstPaintScript({ faces: [], sources: ['/main.js'] }))();
    paint();
    jest.runOnlyPendingTimers();
    expect(watched).toEqual([...document.querySelectorAll('[data-wakes]')]);
    expect(watcher.options.rootMargin).toBe('100% 0px');
    watcher.callback([{ isIntersecting: false }, { isIntersecting: false }]);
    jest.runOnlyPendingTimers();
    expect(sources()).toEqual([]);
    watcher.callback([{ isIntersecting: false }, { isIntersecting: true }]);
    jest.runOnlyPendingTimers();
    expect(sources()).toEqual([['/main.js', true]]);
  });

  it.each([
    ['opened at one of its parts', () => (window.location.hash = '#broker')],
    ['with an inquiry saved on the device waiting to be sent', () => localStorage.setItem(OUTBOX_WAITING_MARK, '1')],
  ])('wakes a page %s at its first paint, with nothing fetched ahead', (_, given) => {
    given();
    new Function(firstPaintScript({ faces: [], sources: ['/data.js', '/main.js'] }))();
    paint();
    jest.runOnlyPendingTimers();
    expect(hints()).toEqual([]);
    expect(sources()).toEqual([
      ['/data.js', true],
      ['/main.js', true],
    ]);
    window.location.hash = '';
  });

  it('lets every part in at a click on a link to one of them, before the browser follows it, and not at other clicks', () => {
    document.body.innerHTML = '<main><section><button type="button">pause</button></section></main><a href="#x"><span>to a part</span></a>';
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    expect(document.documentElement.dataset.render).toBe('hero-first');
    document.querySelector('button')!.click();
    document.querySelector('section')!.click();
    expect(document.documentElement.dataset.render).toBe('hero-first');
    let heldWhenClicked: string | undefined = 'not clicked';
    document.querySelector('a')!.addEventListener('click', (event) => {
      heldWhenClicked = document.documentElement.dataset.render;
      event.preventDefault();
    });
    document.querySelector('span')!.click();
    expect(heldWhenClicked).toBeUndefined();
  });

  it('holds back neither the photograph, the parts nor the typefaces on a page opened at one of its parts, reloaded or come back to, which lands in place until a link to a part is followed', () => {
    window.location.hash = '#broker';
    document.body.innerHTML = '<a href="#inquire">to a part</a>';
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    expect(document.documentElement.dataset.render).toBe('in-place');
    expect(document.documentElement.dataset.photo).toBeUndefined();
    expect(document.documentElement.dataset.fonts).toBeUndefined();
    expect(document.documentElement.dataset.parts).toBeUndefined();
    document.querySelector('a')!.click();
    expect(document.documentElement.dataset.render).toBeUndefined();
    window.location.hash = '';

    const opened = (type: string) => Object.assign(performance, { getEntriesByType: () => [{ type }] });
    for (const type of ['reload', 'back_forward']) {
      opened(type);
      new Function(firstPaintScript({ faces: [], sources: [] }))();
      expect(document.documentElement.dataset.render).toBe('in-place');
      expect(document.documentElement.dataset.fonts).toBeUndefined();
      expect(document.documentElement.dataset.parts).toBeUndefined();
    }
    opened('navigate');
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    expect(document.documentElement.dataset.render).toBe('hero-first');
    expect(document.documentElement.dataset.fonts).toBe('held');
    expect(document.documentElement.dataset.parts).toBe('held');
  });

  it.each([
    ['decoded by the script where the browser cannot', undefined],
    ['decoded by the browser where it can', (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'))],
  ])("gives the hero's words their faces from the bytes in the script, %s", (_, fromBase64) => {
    const made: { family: string; bytes: number[]; weight: string }[] = [];
    const added: unknown[] = [];
    Object.assign(globalThis, {
      FontFace: jest.fn(function (this: object, family: string, bytes: Uint8Array, { weight }: { weight: string }) {
        made.push({ family, bytes: [...bytes], weight });
      }),
    });
    Object.assign(document.fonts, { add: (face: unknown) => added.push(face) });
    const decode = jest.fn(fromBase64);
    const own = Object.getOwnPropertyDescriptor(Uint8Array, 'fromBase64');
    Object.defineProperty(Uint8Array, 'fromBase64', { configurable: true, value: fromBase64 && decode });
    try {
      const display = Buffer.from([0, 1, 2, 250, 255]).toString('base64');
      const text = Buffer.from('wOF2 bytes').toString('base64');
      new Function(firstPaintScript({ faces: [['Hero Display', 400, display], ['Hero Text', 600, text]], sources: [] }))();
      expect(made).toEqual([
        { family: 'Hero Display', bytes: [0, 1, 2, 250, 255], weight: '400' },
        { family: 'Hero Text', bytes: [...Buffer.from('wOF2 bytes')], weight: '600' },
      ]);
      expect(added).toHaveLength(2);
      expect(decode).toHaveBeenCalledTimes(fromBase64 ? 2 : 0);
    } finally {
      if (own) Object.defineProperty(Uint8Array, 'fromBase64', own);
      else delete (Uint8Array as { fromBase64?: unknown }).fromBase64;
      delete (globalThis as { FontFace?: unknown }).FontFace;
    }
  });

  it('is the functions it is made of, each on one line', () => {
    const script = firstPaintScript({ faces: [], sources: [] });
    expect(script.split('\n')).toHaveLength(2);
    for (const part of [beforeFirstPaint, onFirstContentfulPaint, afterFirstPaint]) expect(script).toContain(inline(part));
  });

  it('refuses a function with a comment, which one line would turn into a comment to its end', () => {
    // prettier-ignore
    const commented = function commented() { return 1; /* one */ };
    expect(() => inline(commented)).toThrow(/holds a comment/);
  });
});

describe("the script of a page rendered per request", () => {
  const FILES = ['/_next/static/media/display.woff2', '/_next/static/media/text.woff2'];
  const hints = () => [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.as, link.crossOrigin]);
  const running = () => [...document.head.querySelectorAll('script[src]')].map((script) => [script.getAttribute('src'), script.hasAttribute('async')]);
  const paint = () => reportPaints(firstContentfulPaint, { disconnect: jest.fn() });
  const root = document.documentElement;

  /** A page the server marks as working before its scripts (`template[data-on-intent]`), with one form of these fields. */
  const markedOnIntent = (fields: string) => {
    const mark = document.createElement('template');
    mark.setAttribute('data-on-intent', '');
    const form = document.createElement('form');
    form.innerHTML = fields;
    document.body.append(form, mark);
    return { mark, form };
  };

  beforeEach(() => {
    root.removeAttribute('style');
    // The page as the server sends it: its scripts inert, in their order.
    for (const source of ['/runtime.js', '/page.js']) {
      const held = document.createElement('script');
      held.type = 'text/plain';
      held.dataset.afterPaint = source;
      document.head.append(held);
    }
  });

  it('on a device without the typefaces: the generic families before the paint; after it the scripts, then the files fetched for the next page, which marks the device once both came', () => {
    new Function(paintFirstScript(FILES))();
    expect(root.style.getPropertyValue('--font-display')).toBe('serif');
    expect(root.style.getPropertyValue('--font-text')).toBe('sans-serif');
    expect(running()).toEqual([]);
    expect(hints()).toEqual([]);
    paint();
    // The document was read already: the next frame, then a task of its own.
    jest.advanceTimersByTime(100);
    expect(running()).toEqual([
      ['/runtime.js', true],
      ['/page.js', true],
    ]);
    expect(hints()).toEqual(FILES.map((file) => ['prefetch', file, 'font', 'anonymous']));
    const [first, second] = document.head.querySelectorAll('link');
    first!.dispatchEvent(new Event('load'));
    expect(localStorage.getItem(TYPEFACES_KEPT_KEY)).toBeNull();
    second!.dispatchEvent(new Event('load'));
    expect(localStorage.getItem(TYPEFACES_KEPT_KEY)).toBe(FILES.join(' '));
  });

  it("runs the page's data, held inert, once, in its order and with its nonce, in a task before the scripts that read it are added", () => {
    const ran = window as unknown as { ran?: [string, number][] };
    const held = ['first', 'second'].map((name) => {
      const data = document.createElement('script');
      data.type = 'text/plain';
      data.nonce = 'bm9uY2U=';
      data.setAttribute('data-page-data', '');
      data.text = `(window.ran ??= []).push([${JSON.stringify(name)}, document.head.querySelectorAll('script[src]').length]);`;
      document.body.append(data);
      return data;
    });
    try {
      new Function(paintFirstScript(FILES))();
      expect(ran.ran).toBeUndefined();
      paint();
      const task = () => jest.advanceTimersToNextTimer();
      task();
      task();
      expect(ran.ran).toBeUndefined();
      task();
      expect(ran.ran).toEqual([
        ['first', 0],
        ['second', 0],
      ]);
      expect(running()).toEqual([]);
      const run = [...document.body.querySelectorAll('script')];
      expect(run.map((script) => [script.type, script.nonce, script.hasAttribute('data-page-data')])).toEqual([
        ['', 'bm9uY2U=', false],
        ['', 'bm9uY2U=', false],
      ]);
      task();
      expect(running()).toEqual([['/runtime.js', true]]);
      jest.advanceTimersByTime(100);
      expect(ran.ran).toHaveLength(2);
      for (const script of run) script.remove();
    } finally {
      for (const data of held) data.remove();
      delete ran.ran;
    }
  });

  it("a page opened at its top lets its lists' cards out of sight wait, until a link to a part of it is followed", () => {
    const away = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/privacy' }));
    const jump = document.body.appendChild(Object.assign(document.createElement('a'), { href: '#lot-7' }));
    const words = jump.appendChild(document.createElement('span'));
    try {
      new Function(paintFirstScript(FILES))();
      expect(root.dataset.rows).toBe('by-sight');
      away.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      expect(root.dataset.rows).toBe('by-sight');
      // Before the browser follows it: a click on the words within the link, in the capturing phase.
      let markAsFollowed: string | undefined = 'not followed';
      jump.addEventListener('click', (event) => {
        event.preventDefault();
        markAsFollowed = root.dataset.rows;
      });
      words.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      expect(markAsFollowed).toBeUndefined();
      expect(root.dataset.rows).toBeUndefined();
    } finally {
      away.remove();
      jump.remove();
    }
  });

  it('a form sent lets every card in first, its answer may be further down the page', () => {
    const form = document.body.appendChild(document.createElement('form'));
    try {
      new Function(paintFirstScript(FILES))();
      expect(root.dataset.rows).toBe('by-sight');
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      expect(root.dataset.rows).toBeUndefined();
    } finally {
      form.remove();
    }
  });

  it('a part named by hand once the page is open is brought into view again, every card and chart above it laid out', () => {
    const part = document.body.appendChild(Object.assign(document.createElement('section'), { id: 'figure-brokers' }));
    const intoView = jest.fn(function (this: Element) {
      // Where it lands is read with the page as it is then: the mark gone.
      expect(root.dataset.rows).toBeUndefined();
    });
    part.scrollIntoView = intoView;
    try {
      new Function(paintFirstScript(FILES))();
      expect(root.dataset.rows).toBe('by-sight');
      history.replaceState(null, '', `${location.pathname}#figure-brokers`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      // (Each script this file has run listens still: called once by each.)
      expect(intoView).toHaveBeenCalled();
      intoView.mockClear();
      // Back to the top, or to a part that is not there: nothing to bring into view.
      history.replaceState(null, '', `${location.pathname}#%E0%A4%A`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      history.replaceState(null, '', location.pathname);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      expect(intoView).not.toHaveBeenCalled();
    } finally {
      part.remove();
      history.replaceState(null, '', location.pathname);
    }
  });

  it('a page opened at one of its parts lays its lists out whole: the browser goes to the part as the page will be', () => {
    location.hash = '#lot-7';
    try {
      new Function(paintFirstScript(FILES))();
      expect(root.dataset.rows).toBeUndefined();
    } finally {
      history.replaceState(null, '', location.pathname);
    }
  });

  it('on a device that has them: preloads before the paint, the families left as the page names them, nothing fetched again', () => {
    localStorage.setItem(TYPEFACES_KEPT_KEY, FILES.join(' '));
    new Function(paintFirstScript(FILES))();
    expect(root.style.length).toBe(0);
    expect(hints()).toEqual(FILES.map((file) => ['preload', file, 'font', 'anonymous']));
    paint();
    jest.advanceTimersByTime(100);
    expect(running()).toHaveLength(2);
    expect(hints()).toHaveLength(2);
  });

  it('adds no script to a page the server marks as needing none, and still fetches the typefaces for the next page', () => {
    document.body.append(Object.assign(document.createElement('template'), { innerHTML: '' }));
    document.body.lastElementChild!.setAttribute('data-scriptless', '');
    try {
      new Function(paintFirstScript(FILES))();
      paint();
      jest.advanceTimersByTime(100);
      expect(running()).toEqual([]);
      expect(hints()).toEqual(FILES.map((file) => ['prefetch', file, 'font', 'anonymous']));
    } finally {
      document.querySelector('template[data-scriptless]')!.remove();
    }
  });

  it('on a page the server marks as working before its scripts: fetches them ahead after the paint, and adds them only as one of its forms is used', () => {
    const link = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/privacy' }));
    const { mark, form } = markedOnIntent('<input name="email"><button>Send</button>');
    try {
      new Function(paintFirstScript(FILES))();
      paint();
      jest.advanceTimersByTime(100);
      expect(running()).toEqual([]);
      expect(hints().slice(0, 2)).toEqual([
        ['prefetch', '/runtime.js', undefined, null],
        ['prefetch', '/page.js', undefined, null],
      ]);
      // A touch outside its forms (a link, the page) does not wake it.
      link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
      expect(running()).toEqual([]);
      form.querySelector('input')!.dispatchEvent(new Event('focusin', { bubbles: true }));
      jest.advanceTimersByTime(10);
      expect(running()).toEqual([
        ['/runtime.js', true],
        ['/page.js', true],
      ]);
      // Once only.
      form.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      jest.advanceTimersByTime(10);
      expect(running()).toHaveLength(2);
    } finally {
      for (const part of [mark, form, link]) part.remove();
    }
  });

  it('asks for each script, each fetch ahead and each file in a task of its own, and a script before the fetches still waiting when a form is used', () => {
    const { mark, form } = markedOnIntent('<input name="email">');
    const asked = () => [...document.head.querySelectorAll('link, script[src]')].map((part) => part.getAttribute('href') ?? part.getAttribute('src'));
    try {
      new Function(paintFirstScript(FILES))();
      paint();
      // The next frame, and then the task that reads the page: nothing asked for in either.
      const task = () => jest.advanceTimersToNextTimer();
      task();
      task();
      expect(asked()).toEqual([]);
      task();
      expect(asked()).toEqual(['/runtime.js']);
      // Used now: the page's data first, then the scripts, each in its own task; the fetch of a script now added is
      // left out; the files follow.
      form.querySelector('input')!.dispatchEvent(new Event('focusin', { bubbles: true }));
      expect(asked()).toEqual(['/runtime.js']);
      task();
      expect(asked()).toEqual(['/runtime.js']);
      task();
      expect(asked()).toEqual(['/runtime.js', '/runtime.js']);
      task();
      expect(asked()).toEqual(['/runtime.js', '/runtime.js', '/page.js']);
      task();
      expect(asked()).toEqual(['/runtime.js', '/runtime.js', '/page.js', FILES[0]]);
      task();
      task();
      expect(asked()).toEqual(['/runtime.js', '/runtime.js', '/page.js', ...FILES]);
      expect(running()).toEqual([
        ['/runtime.js', true],
        ['/page.js', true],
      ]);
    } finally {
      for (const part of [mark, form]) part.remove();
    }
  });

  it('wakes such a page at once where a field of its forms has focus already, and sign-in at once on a device that has used a passkey', () => {
    const { mark, form } = markedOnIntent('<input name="email">');
    try {
      form.querySelector('input')!.focus();
      new Function(paintFirstScript(FILES))();
      paint();
      jest.advanceTimersByTime(100);
      expect(running()).toHaveLength(2);

      for (const script of document.head.querySelectorAll('script[src], link')) script.remove();
      form.querySelector('input')!.blur();
      form.setAttribute('data-passkey-way', '');
      new Function(paintFirstScript(FILES))();
      paint();
      jest.advanceTimersByTime(100);
      // No passkey on this device: sign-in waits like any such page.
      expect(running()).toEqual([]);

      for (const script of document.head.querySelectorAll('script[src], link')) script.remove();
      localStorage.setItem(PASSKEY_MARK, '1');
      new Function(paintFirstScript(FILES))();
      paint();
      jest.advanceTimersByTime(100);
      expect(running()).toHaveLength(2);
    } finally {
      localStorage.removeItem(PASSKEY_MARK);
      for (const part of [mark, form]) part.remove();
    }
  });

  it('takes a device marked for other files (an earlier build) as one without them', () => {
    localStorage.setItem(TYPEFACES_KEPT_KEY, '/_next/static/media/old.woff2');
    new Function(paintFirstScript(FILES))();
    expect(root.style.getPropertyValue('--font-text')).toBe('sans-serif');
    expect(hints()).toEqual([]);
  });

  it('waits for the document to be read when the paint comes first', () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      new Function(paintFirstScript(FILES))();
      paint();
      jest.advanceTimersByTime(100);
      expect(running()).toEqual([]);
    } finally {
      delete (document as unknown as { readyState?: string }).readyState;
    }
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    jest.advanceTimersByTime(100);
    expect(running()).toHaveLength(2);
  });

  it("finds the typefaces' files in a page's style sheets, and says so when it cannot", () => {
    const page = '<style>@font-face{font-family:displayFont;src:url(/d.woff2)format("woff2")}@font-face{font-family:textFont;src:url(/t.woff2)format("woff2")}</style>';
    expect(typefaceFiles(page)).toEqual(['/d.woff2', '/t.woff2']);
    expect(() => typefaceFiles('<style></style>')).toThrow(/@font-face/);
  });
});
