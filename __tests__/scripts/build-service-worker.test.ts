import { staticFilesOf } from '@/scripts/build-service-worker.mjs';

describe("the service worker's precache list", () => {
  it("is the build's scripts, style sheets and typefaces the page names, each once, in order", () => {
    const html = [
      '<link rel="stylesheet" href="/_next/static/chunks/0k4m3w0wkv7sw.css">',
      '<style>@font-face{src:url(/_next/static/media/cormorant-s.0jvc.woff2) format("woff2")}</style>',
      '<script>load(["/_next/static/chunks/page-913249e19022ef98.js","/_next/static/chunks/turbopack-077h.js"])</script>',
      '<script src="/_next/static/chunks/turbopack-077h.js"></script>',
    ].join('');
    expect(staticFilesOf(html)).toEqual([
      '/_next/static/chunks/0k4m3w0wkv7sw.css',
      '/_next/static/media/cormorant-s.0jvc.woff2',
      '/_next/static/chunks/page-913249e19022ef98.js',
      '/_next/static/chunks/turbopack-077h.js',
    ]);
  });

  it('leaves out what is not the build’s own file: images, other addresses, pages', () => {
    const html = '<img src="/_next/image?url=%2F_next%2Fstatic%2Fmedia%2Fhero.jpg&w=640"><a href="/admin">x</a><link href="/_next/static/media/hero.0b.jpg">';
    expect(staticFilesOf(html)).toEqual([]);
  });
});
