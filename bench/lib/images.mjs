// The image optimiser, cold: every size of every image the page offers, asked for as a browser that takes
// AVIF asks for it, a few at a time. Afterwards each is in the server's image cache, as after a day of visits.

const ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

/** Every optimised image address in the page's HTML (srcset and src), once each. */
function imageUrls(html, base) {
  const urls = new Set();
  for (const [, list] of html.matchAll(/\b(?:srcSet|srcset|src)="([^"]*\/_next\/image[^"]*)"/g)) {
    for (const candidate of list.split(',')) {
      const address = candidate.trim().split(/\s+/)[0]?.replace(/&amp;/g, '&');
      if (address) urls.add(new URL(address, base).href);
    }
  }
  return [...urls];
}

export async function warmImages(pageUrl, concurrency = 4) {
  const urls = imageUrls(await (await fetch(pageUrl)).text(), pageUrl);
  const started = performance.now();
  let bytes = 0;
  let failed = 0;
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const response = await fetch(url, { headers: { accept: ACCEPT } });
        bytes += (await response.arrayBuffer()).byteLength;
        if (!response.ok) failed += 1;
      }
    }),
  );
  return { images: urls.length, bytes, failed, seconds: (performance.now() - started) / 1000 };
}
