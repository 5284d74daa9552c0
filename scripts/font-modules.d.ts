// The little of three untyped font libraries that the build's scripts and the tests use.
declare module 'fontverter' {
  /** The font in another format: 'truetype' (plain sfnt), 'woff' or 'woff2'. */
  export function convert(font: Buffer, format: 'truetype' | 'woff' | 'woff2'): Promise<Buffer>;
}

declare module 'opentype.js' {
  interface BoundingBox {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  }
  /** One step of an outline: a move, a line, a quadratic or cubic curve (with its control points), or a close. */
  type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };
  interface Path {
    commands: PathCommand[];
    getBoundingBox(): BoundingBox;
  }
  interface Font {
    numGlyphs: number;
    tables: Record<string, unknown>;
    /** 0 for a character the font has no glyph for. */
    charToGlyphIndex(character: string): number;
    /** The outline of text set at `size` from (x, y) on its baseline; letterSpacing in em. */
    getPath(text: string, x: number, y: number, size: number, options?: { kerning?: boolean; letterSpacing?: number }): Path;
  }
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
  export type { Font, Path, PathCommand };
}

declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    variationAxes?: Record<string, number | { min?: number; max?: number; default?: number }>;
    keepFeatures?: string[];
    noLayoutClosure?: boolean;
    dropTables?: string[];
  }
  /** The font cut down to the glyphs of `text`. */
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
