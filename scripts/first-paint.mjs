// The one inline script of a prerendered page (scripts/build-pages.mjs), which decides what happens before its
// first paint and what waits for it. Each part below runs in the browser, serialised from its source here.
//
// Before the first paint: the typefaces, the hero's photograph and the rules for paper are held back
// (styles/globals.scss sets the parts below the hero in the generic families while <html> carries data-fonts;
// components/site/hero.module.scss leaves the photograph, a lazy image, out of the page while it carries data-photo; the
// rules for paper are a disabled link, scripts/build-pages.mjs), and the hero's opening words get faces of
// their own, made from bytes in the script (scripts/hero-fonts.mjs): a face made from bytes is ready at once, where a
// stylesheet's data: address would be read after the first layout, and the words would move as it came. Once the
// first contentful paint is on screen: the photograph is let in, then the typefaces, and then the page's data and
// scripts are fetched, to run when the visitor shows intent (afterFirstPaint). Without JavaScript nothing waits: the
// typefaces load as the stylesheet asks, a browser loads a lazy image at once, and the page is never woken.

import { KEEP_SCRIPT } from '../lib/offline/keep-for-offline.mjs';
import { LANDING_KEY, OUTBOX_WAITING_MARK, PASSKEY_MARK } from '../lib/wake-marks.mjs';

/**
 * Holds back the hero's photograph until the first paint (`data-photo`, BENCHMARKS.md: asked for as the page was
 * parsed, it was decoded and drawn into the first frame, which waited for it), the typefaces until after it, and the
 * parts below the hero until the typefaces are in (set aside: `data-parts`), then until they come near the screen
 * (styles/globals.scss), and gives the hero's opening words their faces. A click on a link to a part of the page lets
 * every part in, before the browser follows it: a smooth scroll aims at where the part is when it starts, which must be
 * where it will be, not where placeholders put it. Any other click (a field, a button) leaves them held, so that it is
 * not answered with a layout of the whole page. Nothing is held, neither the photograph, the parts nor the typefaces,
 * on a page opened at one of its parts (`/#broker`), reloaded or come back to: the browser then scrolls to a place in
 * the page as it will be, which placeholders and typefaces let in later would move. Such a page is marked `in-place`
 * until the first click on a link to a part: it lands on its part at once, not smoothly (styles/globals.scss), since a
 * smooth scroll aims where the part was when it started, and ended 82 px past `#inquire` at 390 px when the typefaces
 * came during it; landed, the browser keeps the part where it is as they arrive.
 * The browser decodes the bytes where it can (`Uint8Array.fromBase64`): with the script's own loop, the script's
 * JavaScript took 3.0 ms on the CPU in an unthrottled Chromium, against 2.2 (medians of seven cold loads), all of it
 * before the first paint. Elsewhere a plain loop does: Uint8Array.from with a mapping function took 16 ms for the two
 * faces.
 *
 * @param {[family: string, weight: number, base64: string][]} faces
 */
export function beforeFirstPaint(faces) {
  const root = document.documentElement;
  const [opening] = performance.getEntriesByType?.('navigation') ?? [];
  const atTheTop = !location.hash && (!opening || opening.type === 'navigate');
  root.dataset.render = atTheTop ? 'hero-first' : 'in-place';
  addEventListener(
    'click',
    function letIn(event) {
      if (!(event.target instanceof Element && event.target.closest('a[href^="#"]'))) return;
      delete root.dataset.render;
      removeEventListener('click', letIn, true);
    },
    true,
  );
  if (atTheTop) root.dataset.fonts = root.dataset.parts = root.dataset.photo = 'held';
  for (const [family, weight, base64] of faces) {
    let bytes;
    if (Uint8Array.fromBase64) {
      bytes = Uint8Array.fromBase64(base64);
    } else {
      const binary = atob(base64);
      bytes = new Uint8Array(binary.length);
      for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
    }
    document.fonts.add(new FontFace(family, bytes, { weight: String(weight) }));
  }
}

/**
 * Calls `run` once, when the first contentful paint is on screen; at once where the browser does not report
 * paints; after three seconds where it lists them but never reports one. Not at `load`, which on a fast
 * connection comes before the first frame does. A page opened in a background tab paints when first shown.
 *
 * @param {() => void} run
 */
export function onFirstContentfulPaint(run) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return once();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    return once();
  }
  setTimeout(once, 3000);
}

/**
 * Lets the hero's photograph in (the browser then asks for it, and draws it over the backdrop of its colours the first
 * frame showed), and the rules for paper (a `disabled` link until now: scripts/build-pages.mjs). Asks for the
 * typefaces, and lets them in once both have arrived, together with the parts below the hero, which wait for them
 * set aside: those parts are set once, in their own faces, in a frame after the first paint,
 * where they were set in the first frame in the generic families (each size a look-up of the system's fonts) and again
 * as the typefaces came (BENCHMARKS.md). The hero's words have faces of their own and do not move. A visitor who reads
 * on first (a scroll, the page woken, a print) has the parts at once, in the generic families until then; and however
 * the typefaces fare, the parts are in three seconds after the paint, for a reader that only listens to the page or
 * searches it. Once the parts are in and the frame that sets them is drawn, fetches the page's data and scripts into
 * the browser's cache without running them: fetched at the paint, the ten arrived as the typefaces did, and their
 * answers (the network's and the browser's work for each) held the host's cores while the parts were set, which then
 * waited for one (BENCHMARKS.md); in a tab opened in the background, that frame and the fetches wait for the tab to be
 * shown. It wakes the page (adds them, each in a task of its own: the ten added at once were one task of 20 to 60 ms
 * at 4x CPU; `async` as Next wrote them, the attribute React looks for before it adds a chunk's script itself: added
 * with `async = false`, two of them were added again and ran twice) only when the visitor shows intent: a touch, a click, a key or a focus anywhere; or a
 * part that needs them (marked `data-wakes`: the forms and the slideshow) within a screen of the visible part of the
 * page. What a visitor reading the hero sees needs no script, and on a phone's CPU waking the page was most of its
 * load's work (BENCHMARKS.md); fetched ahead, the scripts are there when they are needed, even if the signal has gone
 * by then. The page wakes at once where nothing was held back (a page opened at one of its parts, reloaded or come back
 * to), and where an inquiry saved on this device without a signal waits to be sent. It keeps the visit's first address
 * query and referrer for the forms, which read them when they come to life (lib/wake-marks.mjs names both keys), as the
 * page wakes or is left, whichever comes first: the first use of each storage waits for an answer from the browser (up
 * to 15 ms on this project's hosts while the load keeps it busy, BENCHMARKS.md), which a page only read need not pay.
 * Every browser that runs Next's scripts has IntersectionObserver. Only the photograph, the rules for paper and the
 * typefaces are let in and asked for in the paint's own task; the listening follows in a task of its own, and the
 * fetches a task each: the ten asked for at once were one task of 10 to 30 ms on this project's hosts, a phone's
 * frame or more at its speed. A fetch
 * is left out once the page has woken: its script is then fetched for running. A visitor who only reads gets the page
 * kept for a visit with no signal all the same: once every script fetched ahead has arrived (or failed), the page has
 * loaded and the browser is idle, the script imports the module that registers the service worker and keeps the hero's
 * photograph (`keep`: lib/offline/keep-for-offline.mjs, which the page's own code runs as it wakes). Not sooner: the
 * worker's install copies the page's files and makes their code caches on a thread of the page's own process, which
 * on a phone's few cores took time from the page's work after its paint (BENCHMARKS.md), and copies of scripts still
 * on their way would be fetched twice.
 *
 * @param {string[]} sources
 * @param {string[]} families the typefaces' family names (styles/fonts.ts)
 * @param {string} waitingMark the `localStorage` key set while a saved submission waits
 * @param {string} landingKey the `sessionStorage` key of the visit's first query and referrer
 * @param {() => void} keep keeps the page for a visit with no signal (lib/offline/keep-for-offline.mjs)
 */
export function afterFirstPaint(sources, families, waitingMark, landingKey, keep) {
  const root = document.documentElement;
  delete root.dataset.photo;
  for (const rules of document.querySelectorAll('link[disabled]')) rules.removeAttribute('disabled');
  let fetching = false;
  const letPartsIn = () => {
    delete root.dataset.parts;
    if (fetching) return;
    fetching = true;
    requestAnimationFrame(() => setTimeout(next));
  };
  Promise.allSettled(families.map((family) => document.fonts.load(`1em ${family}`))).then(() => {
    delete root.dataset.fonts;
    letPartsIn();
  });
  for (const reader of ['scroll', 'beforeprint']) addEventListener(reader, letPartsIn, { once: true });
  setTimeout(letPartsIn, 3000);
  const keepLanding = () => {
    try {
      sessionStorage[landingKey] ??= JSON.stringify([location.search, document.referrer]);
    } catch {}
  };
  addEventListener('pagehide', keepLanding);
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    letPartsIn();
    keepLanding();
    for (const source of sources) {
      setTimeout(() => {
        const script = document.createElement('script');
        script.src = source;
        script.setAttribute('async', '');
        document.head.append(script);
      });
    }
  };
  const waitForIntent = () => {
    let waiting = null;
    try {
      waiting = localStorage.getItem(waitingMark);
    } catch {}
    if (root.dataset.render !== 'hero-first' || waiting !== null) return wake();
    for (const intent of ['pointerdown', 'keydown', 'focusin']) addEventListener(intent, wake, true);
    const watcher = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), { rootMargin: '100% 0px' });
    for (const part of document.querySelectorAll('[data-wakes]')) watcher.observe(part);
  };
  let unfetched = sources.length;
  const whenIdle = () => (self.requestIdleCallback ?? setTimeout)(keep);
  const keepOnceFetched = () => --unfetched || woken || (document.readyState === 'complete' ? whenIdle() : addEventListener('load', whenIdle));
  let fetched = 0;
  function next() {
    const source = sources[fetched++];
    if (!source || woken) return;
    const hint = document.createElement('link');
    hint.rel = 'prefetch';
    hint.href = source;
    hint.onload = hint.onerror = keepOnceFetched;
    document.head.append(hint);
    setTimeout(next);
  }
  setTimeout(waitForIntent);
}

/**
 * A function's source on one line, so that the page's script reads as its parts, one to a line (the build then
 * makes it small: minifyScript in scripts/build-pages.mjs). Such a function holds no comment, which the line
 * would swallow the rest of.
 *
 * @param {Function} fn
 */
export function inline(fn) {
  const source = String(fn);
  if (/\/\/|\/\*/.test(source)) throw new Error(`${fn.name} holds a comment: it cannot be put on one line`);
  return source.replace(/\s+/g, ' ');
}

/** The typefaces' family names, as next/font names them after their variables in styles/fonts.ts. */
export const TYPEFACES = ['displayFont', 'textFont'];

/**
 * The text of the page's script.
 *
 * @param {{ faces: [string, number, string][], sources: string[] }} parts
 */
export function firstPaintScript({ faces, sources }) {
  const parts = [sources, TYPEFACES, OUTBOX_WAITING_MARK, LANDING_KEY].map((part) => JSON.stringify(part)).join(', ');
  const keep = `() => import(${JSON.stringify(KEEP_SCRIPT)})`;
  return [
    `(${inline(beforeFirstPaint)})(${JSON.stringify(faces)});`,
    `(${inline(onFirstContentfulPaint)})(() => (${inline(afterFirstPaint)})(${parts}, ${keep}));`,
  ].join('\n');
}

/**
 * The one inline script of a page rendered per request (server/after-paint.cjs puts it first in the head). Such a
 * page is painted from its HTML alone: its scripts, which the server leaves in the page inert (`data-after-paint`), as
 * it does Next's inline scripts that only they read (`data-page-data`: run just before them, in their order), are
 * added once the first contentful paint is on screen and the document is read, `async` as Next wrote them (React looks
 * for a chunk's script by that attribute before it adds one: without it, it added a page's own chunk again); and the
 * typefaces come only from the browser's cache. Let in after the paint, they set each line again, moved the words
 * (a layout shift) and painted the largest words a second time, whose time then counted the fetch of both
 * (BENCHMARKS.md). On a device that has not had them, the page is set in the generic families (the stacks' variables,
 * on <html>, where next/font's class sets them), and once its scripts are added it fetches the typefaces' files into
 * the cache (a prefetch: loaded as faces, each had the browser style the whole page again, in tasks of 50 to 90 ms at
 * 4x CPU), then marks the device (`keptKey`, in localStorage, with the files' addresses, which change with the
 * files). A marked device's next page asks for them before anything is painted, as preloads: the server makes these
 * pages' faces `optional`, and Chrome waits for an optional face (a tenth of a second at most) only when it is
 * preloaded; from the cache it comes in time, and the words are set once, in their faces. A page the server marks as
 * needing no script (`template[data-scriptless]`: every client module it uses works without one) gets none: its
 * forms post and its links lead as they do without JavaScript, and a phone is spared React's start and the page's
 * hydration. A page the server marks as working before them (`template[data-on-intent]`: its forms post as plain
 * forms until their scripts come) has them fetched into the cache after the paint, and added as the visitor goes to
 * use one of its forms (a touch or a focus in it): a page only read, or left by a link, is spared them as well, and a
 * post sent before they run is answered as without JavaScript. Sign-in, whose passkey's way in needs them, wakes at
 * once on a device that has added or used a passkey (`passkeyMark`). Each script added, each fetched ahead and each
 * typeface's file is asked for in a task of its own, the scripts before anything still waiting its turn: the ten
 * fetches and two files asked for at once were one task of 140 ms at 4x CPU after sign-in's paint (the browser's
 * work for each request, 10 ms), which a phone's visitor would meet as a tap not answered and Lighthouse counted as
 * blocking time (BENCHMARKS.md). A page opened at its top is marked `data-rows="by-sight"`, under which a long list's
 * cards out of sight are laid out only as they near the screen (components/shared/table-or-cards.module.scss); each
 * holds a card's height until then, and a jump past them (a link to a part of the page, a form's answer) landed as far
 * as 2,000 px from its place at 390 px as they came in at their own heights. The mark goes before the browser follows
 * such a link or sends a form, and a page opened at one of its parts never has it. A part named once the page is open
 * by other means (its address typed, a step back or forward between parts) is gone to by the browser at once, placed
 * by the heights held for the cards and charts out of sight above it: the mark goes then, and the part is brought into
 * view again where it is, every part above it laid out. Without JavaScript the page is as Next wrote it, bar its
 * scripts, which only wake it.
 *
 * @param {string[]} files the typefaces' files, as the style sheets name them
 * @param {string} keptKey
 * @param {string} passkeyMark the `localStorage` key set on a device that has added or used a passkey
 */
export function paintFirst(files, keptKey, passkeyMark) {
  const root = document.documentElement;
  if (!location.hash) {
    root.dataset.rows = 'by-sight';
    const whole = (event = new Event('')) => {
      if (event.type === 'click' && !(event.target instanceof Element && event.target.closest('a[href*="#"]'))) return;
      delete root.dataset.rows;
      removeEventListener('click', whole, true);
      removeEventListener('submit', whole, true);
    };
    addEventListener('click', whole, true);
    addEventListener('submit', whole, true);
  }
  addEventListener('hashchange', () => {
    delete root.dataset.rows;
    let id = '';
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {}
    if (id) document.getElementById(id)?.scrollIntoView();
  });
  const hint = (rel = '', file = '') => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = file;
    link.as = 'font';
    link.type = 'font/woff2';
    link.crossOrigin = 'anonymous';
    document.head.append(link);
    return link;
  };
  let kept = false;
  try {
    kept = localStorage.getItem(keptKey) === files.join(' ');
  } catch {}
  if (kept) {
    for (const file of files) hint('preload', file);
  } else {
    root.style.setProperty('--font-display', 'serif');
    root.style.setProperty('--font-text', 'sans-serif');
  }
  const later = [() => {}].slice(1);
  const inTurn = () => {
    const job = later.shift();
    if (!job) return;
    job();
    setTimeout(inTurn);
  };
  const eachInATask = (jobs = [() => {}], first = false) => {
    const idle = later.length === 0;
    if (first) later.unshift(...jobs);
    else later.push(...jobs);
    if (idle) setTimeout(inTurn);
  };
  const wake = () => {
    const scriptless = document.querySelector('template[data-scriptless]') !== null;
    const sources = scriptless ? [] : [...document.querySelectorAll('script[data-after-paint]')].map((held) => held.getAttribute('data-after-paint') ?? '');
    const fetches = sources.map((source) => () => {
      const ahead = document.createElement('link');
      ahead.rel = 'prefetch';
      ahead.href = source;
      document.head.append(ahead);
    });
    const runData = () => {
      for (const held of document.querySelectorAll('script[data-page-data]')) {
        const script = document.createElement('script');
        script.nonce = held instanceof HTMLElement ? held.nonce : '';
        script.text = held.textContent ?? '';
        held.replaceWith(script);
      }
    };
    const run = () => {
      for (const fetch of fetches) if (later.includes(fetch)) later.splice(later.indexOf(fetch), 1);
      eachInATask(
        [
          runData,
          ...sources.map((source) => () => {
            const script = document.createElement('script');
            script.src = source;
            script.setAttribute('async', '');
            document.head.append(script);
          }),
        ],
        true,
      );
    };
    let waits = document.querySelector('template[data-on-intent]') !== null;
    if (waits && document.querySelector('[data-passkey-way]')) {
      try {
        waits = localStorage.getItem(passkeyMark) === null;
      } catch {}
    }
    if (!waits) run();
    else {
      eachInATask(fetches);
      const intents = ['pointerdown', 'focusin'];
      const inForm = (target = new EventTarget()) => target instanceof Element && target.closest('form') !== null;
      const woken = () => {
        for (const intent of intents) removeEventListener(intent, used, true);
        run();
      };
      const used = (event = new Event('')) => inForm(event.target ?? undefined) && woken();
      for (const intent of intents) addEventListener(intent, used, true);
      if (inForm(document.activeElement ?? undefined)) woken();
    }
    if (kept) return;
    let unfetched = files.length;
    eachInATask(
      files.map((file) => () => {
        hint('prefetch', file).onload = () => {
          if (--unfetched) return;
          try {
            localStorage.setItem(keptKey, files.join(' '));
          } catch {}
        };
      }),
    );
  };
  const read = () => requestAnimationFrame(() => setTimeout(wake));
  return () => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', read, { once: true }) : read());
}

/** The localStorage key that marks a device which has the typefaces in its cache (paintFirst). */
export const TYPEFACES_KEPT_KEY = 'aldercrest-typefaces';

/**
 * The typefaces' files, as a page's style sheets name them in their @font-face rules.
 * @param {string} html a page of the build
 */
export function typefaceFiles(html) {
  const files = TYPEFACES.map((family) => new RegExp(`@font-face\\{font-family:${family};src:url\\(([^)]+)\\)`).exec(html)?.[1]);
  if (files.some((file) => file === undefined)) throw new Error(`A page of the build without an @font-face rule for each of ${TYPEFACES.join(', ')}: has next/font's output changed?`);
  return /** @type {string[]} */ (files);
}

/**
 * The text of a page's script when it is rendered per request (paintFirst).
 * @param {string[]} files the typefaces' files (typefaceFiles)
 */
export function paintFirstScript(files) {
  const parts = [files, TYPEFACES_KEPT_KEY, PASSKEY_MARK].map((part) => JSON.stringify(part)).join(', ');
  return `(${inline(onFirstContentfulPaint)})((${inline(paintFirst)})(${parts}));`;
}
