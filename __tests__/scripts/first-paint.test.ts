/**
 * @jest-environment jsdom
 */
import { afterFirstPaint, beforeFirstPaint, firstPaintScript, inline, onFirstContentfulPaint } from '../../scripts/first-paint.mjs';

type PaintList = { getEntriesByName: (name: string) => unknown[] };

// jsdom reports no paints and loads no fonts, so the browser's PerformanceObserver and document.fonts are
// stood in for here; e2e/speed.spec.ts watches the real ones, and the faces, in Chromium.
let observe: jest.Mock;
/** Each font asked for, with what makes it arrive. */
let fontsLoading: Map<string, () => void>;
let reportPaints: (list: PaintList, observer: { disconnect: () => void }) => void;
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
  delete document.documentElement.dataset.render;
});
afterEach(() => jest.useRealTimers());

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
  const sources = () => [...document.head.querySelectorAll('script')].map((script) => [script.getAttribute('src'), script.async]);

  it('holds the typefaces back from the head; at the first contentful paint asks for them and adds the scripts in order, each in a task of its own; lets them in once both arrived', async () => {
    new Function(firstPaintScript({ faces: [], sources: ['/data.js', '/main.js'] }))();
    expect(document.documentElement.dataset.fonts).toBe('after-paint');
    expect(sources()).toEqual([]);
    expect(fontsLoading.size).toBe(0);
    const pendingBeforePaint = jest.getTimerCount();
    reportPaints(firstContentfulPaint, { disconnect: jest.fn() });
    // Each in a task of its own (a timer each), in order.
    expect(sources()).toEqual([]);
    expect(jest.getTimerCount() - pendingBeforePaint).toBe(2);
    jest.advanceTimersByTime(0);
    expect(sources()).toEqual([
      ['/data.js', false],
      ['/main.js', false],
    ]);
    expect([...fontsLoading.keys()]).toEqual(['1em displayFont', '1em textFont']);
    const settle = async () => {
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    };
    fontsLoading.get('1em displayFont')!();
    await settle();
    expect(document.documentElement.dataset.fonts).toBe('after-paint');
    fontsLoading.get('1em textFont')!();
    await settle();
    expect(document.documentElement.dataset.fonts).toBeUndefined();
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

  it('holds back neither the parts nor the typefaces on a page opened at one of its parts, reloaded or come back to', () => {
    window.location.hash = '#broker';
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    expect(document.documentElement.dataset.render).toBeUndefined();
    expect(document.documentElement.dataset.fonts).toBeUndefined();
    window.location.hash = '';

    const opened = (type: string) => Object.assign(performance, { getEntriesByType: () => [{ type }] });
    for (const type of ['reload', 'back_forward']) {
      opened(type);
      new Function(firstPaintScript({ faces: [], sources: [] }))();
      expect(document.documentElement.dataset.render).toBeUndefined();
      expect(document.documentElement.dataset.fonts).toBeUndefined();
    }
    opened('navigate');
    new Function(firstPaintScript({ faces: [], sources: [] }))();
    expect(document.documentElement.dataset.render).toBe('hero-first');
    expect(document.documentElement.dataset.fonts).toBe('after-paint');
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
