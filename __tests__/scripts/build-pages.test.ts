import { deferHydration, minifyScript, movePrintRules, pageDataAddress, withoutDeadRules } from '../../scripts/build-pages.mjs';
import { firstPaintScript } from '../../scripts/first-paint.mjs';

// The shape of a page as Next 16 prerenders it: scripts in the head, run as they arrive; the page's data inline at its foot.
const NEXT_PAGE = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="preconnect" href="/" crossorigin=""/><meta name="next-size-adjust" content=""/>',
  '<meta property="og:title" content="Aldercrest Estates"/><meta name="twitter:card" content="summary_large_image"/>',
  '<meta name="twitter:title" content="Aldercrest Estates"/><meta name="twitter:image" content="/card.png"/>',
  '<meta name="twitter:image:alt" content="The estate at dusk"/><meta name="twitter:image:width" content="1200"/>',
  '<link rel="icon" href="/icon.png?icon.1a2b.png" sizes="96x96" type="image/png"/><link rel="apple-touch-icon" href="/apple-icon.png?apple-icon.3c4d.png" sizes="180x180" type="image/png"/>',
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

const address = pageDataAddress;

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

  it("keeps the content and the structured data, and drops the scripts, their preload, the polyfills no browser that runs them needs, the font loader's connection to the page's own origin and its mark, the card's copies for X, and the icons' hints but the touch icon's size", () => {
    expect(deferred.html).toContain('<link rel="icon" href="/icon.png?icon.1a2b.png"/><link rel="apple-touch-icon" href="/apple-icon.png?apple-icon.3c4d.png" sizes="180x180"/>');
    expect(deferred.html).toContain('<body><h1>Aldercrest Estates</h1><script type="application/ld+json">{"name":"Aldercrest Estates"}</script>');
    expect(deferred.html).not.toMatch(/<script src=/);
    expect(deferred.html).not.toContain('rel="preload"');
    expect(deferred.html).not.toContain('rel="preconnect"');
    expect(deferred.html).not.toContain('next-size-adjust');
    expect(deferred.html).toContain('<meta property="og:title" content="Aldercrest Estates"/><meta name="twitter:card" content="summary_large_image"/><meta name="twitter:image:alt" content="The estate at dusk"/>');
  });

  it('writes, in the head, one script, made small, that adds the faces it is given and asks for the data and then each script once', () => {
    const faces: [string, number, string][] = [['Hero Display', 400, 'AAAA']];
    const { html } = deferHydration(NEXT_PAGE, address, faces)!;
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    expect(inline).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('</head>'));
    const sources = [address(deferred.data), '/_next/static/chunks/main.js', '/_next/static/chunks/app.js', '/_next/static/chunks/webpack.js'];
    expect(inline[0]).toBe(minifyScript(firstPaintScript({ faces, sources })));
    expect(inline[0]!.length).toBeLessThan(firstPaintScript({ faces, sources }).length * 0.8);
    expect(inline[0]).not.toContain('\n');
  });

  it("puts the script before the head's first style sheet, so that adding the faces finds no sheet to take in", () => {
    const styled = NEXT_PAGE.replace('<meta property="og:title"', '<style data-precedence="next">h1{margin:0}</style><meta property="og:title"');
    const { html } = deferHydration(styled, address)!;
    expect(html).toContain('<head><meta charSet="utf-8"/><script>(function');
    expect(html).toContain('</script><style data-precedence="next">h1{margin:0}</style><meta property="og:title"');
  });

  it('leaves a page done already as it is, and refuses one not shaped as Next writes them', () => {
    expect(deferHydration(deferred.html, address)).toBeNull();
    expect(() => deferHydration('<html><body><script src="/app.js"></script></body></html>', address)).toThrow(/has its output changed/);
  });
});

describe('the rules of its inline sheets that nothing on the page uses, out of the first round trip', () => {
  const sheet = (css: string, body = '<p class="a1_variable b2">words</p>') => `<html><head><style>${css}</style></head><body>${body}</body></html>`;

  it("drops next/font's class for a typeface that no element has, and keeps one that an element has", () => {
    const css = '.a1_className{font-family:textFont,serif}.a1_variable{--font-text:textFont}.c3_className{font-family:displayFont,serif}p{margin:0}';
    expect(withoutDeadRules(sheet(css, '<p class="c3_className">words</p>'))).toBe(
      sheet('.a1_variable{--font-text:textFont}.c3_className{font-family:displayFont,serif}p{margin:0}', '<p class="c3_className">words</p>'),
    );
  });

  it('drops the variables lightningcss sets beside a color-scheme unless a light-dark() stand-in reads them', () => {
    const css = 'html{--lightningcss-light:initial;--lightningcss-dark: ;color-scheme:light}';
    expect(withoutDeadRules(sheet(css))).toBe(sheet('html{color-scheme:light}'));
    const read = `${css}p{color:var(--lightningcss-light,#000)var(--lightningcss-dark,#fff)}`;
    expect(withoutDeadRules(sheet(read))).toBe(sheet(read));
  });

  it('writes each set of keyframes once: the animations that named a copy take the first name, and a class of the same name is left alone', () => {
    const rise = '{0%{transform:translateY(1rem)}to{transform:none}}';
    const css = `@keyframes a1_rise${rise}.a1_card{animation:a1_rise 1s}@keyframes b2_rise${rise}.b2_stat{animation:b2_rise 1s linear;animation-name:b2_rise}.b2_rise{color:red}@keyframes b2_drift{0%,to{opacity:.7}50%{opacity:1}}`;
    expect(withoutDeadRules(sheet(css))).toBe(
      sheet(`@keyframes a1_rise${rise}.a1_card{animation:a1_rise 1s}.b2_stat{animation:a1_rise 1s linear;animation-name:a1_rise}.b2_rise{color:red}@keyframes b2_drift{0%,to{opacity:.7}50%{opacity:1}}`),
    );
  });

  it('leaves a page without such rules as it was', () => {
    const page = sheet('p{margin:0}');
    expect(withoutDeadRules(page)).toBe(page);
  });
});

describe('the print rules, out of the first round trip', () => {
  const address = (css: string) => `/print/${css.length}.css`;

  it('moves every @media print block of every inline sheet, nested rules and all, into one file linked with media="print" at the end of the body: disabled until the page lets it in, and as it is inside <noscript>', () => {
    const html =
      '<html><head><style data-precedence="next">.a{color:red}@media print{.a{color:black}.b{display:none}}.c{margin:0}</style>' +
      '<style>@media (min-width:40rem){.d{padding:0}}@media print{@page{margin:14mm}.e{break-inside:avoid}}</style></head><body><p>words</p></body></html>';
    const moved = movePrintRules(html, address)!;
    expect(moved.css).toBe('@media print{.a{color:black}.b{display:none}}@media print{@page{margin:14mm}.e{break-inside:avoid}}');
    expect(moved.html).toBe(
      '<html><head><style data-precedence="next">.a{color:red}.c{margin:0}</style>' +
        `<style>@media (min-width:40rem){.d{padding:0}}</style></head><body><p>words</p>` +
        `<link rel="stylesheet" href="/print/${moved.css.length}.css" media="print" disabled=""/>` +
        `<noscript><link rel="stylesheet" href="/print/${moved.css.length}.css" media="print"/></noscript></body></html>`,
    );
  });

  it('leaves a page without print rules alone, and refuses a sheet it cannot read or a page with no end to its body', () => {
    expect(movePrintRules('<head><style>.a{color:red}</style></head>', address)).toBeNull();
    expect(() => movePrintRules('<head><style>@media print{.a{color:red}</style></head>', address)).toThrow(/unbalanced/);
    expect(() => movePrintRules('<head><style>@media print{.a{color:red}}</style></head>', address)).toThrow(/without <\/body>/);
  });
});
