import { convert } from 'fontverter';
import opentype from 'opentype.js';
import { HERO_FACES, heroFaces, heroText } from '../../scripts/hero-fonts.mjs';
import { hero, site } from '@/lib/copy/site';

// The hero's markup as React writes it: entities for apostrophes and ampersands, comments between text parts.
const HERO = [
  '<header><nav><a href="#inquire" data-hero-face="text">Inquire</a><a href="#broker" data-hero-face="text">Brokers &amp; Agents</a></nav>',
  '<p class="eyebrow" data-hero-face="text">A private<!-- --> enclave</p>',
  '<h1 class="title" data-hero-face="display">Aldercrest<!-- --> Estates</h1>',
  '<p class="tagline" data-hero-face="display">Where Luxury Meets the Owner&#x27;s Eye</p>',
  '<p>Not marked: Zephyr</p></header>',
].join('');

describe("the hero's own faces", () => {
  it('read the text of each marked element as the browser would, and nothing else', () => {
    expect(heroText(HERO)).toEqual({ text: 'InquireBrokers & AgentsA private enclave', display: "Aldercrest EstatesWhere Luxury Meets the Owner's Eye" });
  });

  it('refuse a mark naming no face, rather than leave its words out', () => {
    expect(() => heroText('<p data-hero-face="script">Signed</p>')).toThrow(/names no face/);
  });

  it("hold every letter the site's hero shows, capitals for the face set in capitals, at the one weight each is set in", async () => {
    const page = [
      `<a data-hero-face="text">${hero.navInquire}</a><a data-hero-face="text">${hero.navBrokers}</a>`,
      `<p data-hero-face="text">${hero.eyebrow}</p><a data-hero-face="text">${hero.cta}</a>`,
      `<h1 data-hero-face="display">${site.name}</h1><p data-hero-face="display">${hero.tagline}</p>`,
    ].join('');
    const shown = { text: `${hero.navInquire}${hero.navBrokers}${hero.eyebrow}${hero.cta}`.toUpperCase(), display: `${site.name}${hero.tagline}` };
    const faces = await heroFaces(page);
    expect(faces.map(([family, weight]) => [family, weight])).toEqual([
      [HERO_FACES.text.family, HERO_FACES.text.weight],
      [HERO_FACES.display.family, HERO_FACES.display.weight],
    ]);
    for (const [family, , base64] of faces) {
      const face = Object.entries(HERO_FACES).find(([, { family: name }]) => name === family)![0] as keyof typeof shown;
      const font = opentype.parse(new Uint8Array(await convert(Buffer.from(base64, 'base64'), 'truetype')).buffer);
      for (const character of new Set(shown[face])) expect([family, character, font.charToGlyphIndex(character)]).not.toEqual([family, character, 0]);
      expect(font.tables.fvar).toBeUndefined();
      // Just those letters (and the glyph for a missing one): no more than the text asks for.
      expect(font.numGlyphs).toBeLessThanOrEqual(new Set(shown[face]).size + 1);
    }
  });
});
