// The little of two untyped font libraries the tests use.
declare module 'fontverter' {
  /** The font in another format: 'truetype' (plain sfnt), 'woff' or 'woff2'. */
  export function convert(font: Buffer, format: 'truetype' | 'woff' | 'woff2'): Promise<Buffer>;
}

declare module 'opentype.js' {
  interface Font {
    numGlyphs: number;
    tables: Record<string, unknown>;
    /** 0 for a character the font has no glyph for. */
    charToGlyphIndex(character: string): number;
  }
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}
