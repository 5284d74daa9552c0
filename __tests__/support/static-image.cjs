// An imported photograph in jest, shaped as Next's own image import is (src, width, height), except that src
// names the file itself (a file: URL) where Next's names its copy in the build (/_next/static/media/...).
// lib/portal/pdf/photos.ts reads either. Next's jest preset otherwise gives every image one stand-in.
const { pathToFileURL } = require('node:url');

/** Width and height from a JPEG's first start-of-frame marker. */
function jpegSize(bytes) {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('not a JPEG marker');
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no JPEG frame');
}

module.exports = {
  getCacheKey(_source, file) {
    return `static-image:1:${file}:${require('node:fs').statSync(file).mtimeMs}`;
  },
  process(_source, file) {
    const { width, height } = jpegSize(require('node:fs').readFileSync(file));
    const image = { src: pathToFileURL(file).href, width, height };
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(image)} };` };
  },
};
