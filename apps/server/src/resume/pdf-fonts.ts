/**
 * pdfkit measures and encodes text in a standard font glyph by glyph, looking each character's glyph name up,
 * then each pair's kerning in a table keyed by the two names joined into a new string: for the thousands of
 * short cells of a semester's notices, that was about a quarter of the worker's time. Here the same font's
 * answers are asked once per character and once per pair of characters and kept in tables keyed by the
 * character codes, and its `widthOfString` and `encode` read them: the same sums in the same order, so the
 * same positions and bytes. pdfkit keeps such a cache for embedded fonts only (`fontLayoutCache`).
 */

/** What pdfkit's standard fonts (`StandardFont` wrapping an `AFMFont`) have, beyond its public types. */
interface AfmFont {
  characterToGlyph(code: number): string;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string): number;
  encodeText(text: string): string[];
}
interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
export interface StandardFont {
  font?: AfmFont;
  encode(text: string, features?: unknown): [string[], GlyphPosition[]];
  widthOfString(text: string, size: number, features?: unknown): number;
}
interface DocumentFonts {
  _font: StandardFont;
}

const STANDARD_FONTS = ['Helvetica-Bold', 'Helvetica-Oblique'] as const;

/**
 * Opens the notices' fonts in the order they are first used (their ids, F1 to F3, stay those a notice would give
 * them), each with its measures kept; the document's current font is Helvetica again afterwards.
 */
export function rememberFontMeasures(doc: PDFKit.PDFDocument): void {
  const fonts = doc as unknown as DocumentFonts;
  remember(fonts._font); // Helvetica, opened by the constructor
  for (const name of STANDARD_FONTS) {
    doc.font(name);
    remember(fonts._font);
  }
  doc.font('Helvetica');
}

function remember(font: StandardFont): void {
  const afm = font.font;
  // A font loaded from a file has its own layout and cache: leave it as it is.
  if (!afm || typeof afm.getKernPair !== 'function') return;
  const glyphs = new Map<number, { glyph: string; width: number; hex: string }>();
  const kerning = new Map<number, number>();
  const glyphOf = (code: number) => {
    let known = glyphs.get(code);
    if (!known) {
      const glyph = afm.characterToGlyph(code);
      known = {
        glyph,
        width: afm.widthOfGlyph(glyph),
        hex: afm.encodeText(String.fromCharCode(code))[0]!,
      };
      glyphs.set(code, known);
    }
    return known;
  };
  /** The advance of the character at `i`: its width plus its kerning with the next one, as pdfkit sums them. */
  const advance = (text: string, i: number) => {
    const code = text.charCodeAt(i);
    const { glyph, width } = glyphOf(code);
    // The last character has no pair: pdfkit looks up its glyph with "undefined", which no font kerns.
    if (i + 1 >= text.length) return width;
    const next = text.charCodeAt(i + 1);
    const pair = code * 0x10000 + next;
    let kern = kerning.get(pair);
    if (kern === undefined) {
      kern = afm.getKernPair(glyph, glyphOf(next).glyph);
      kerning.set(pair, kern);
    }
    return width + kern;
  };
  font.widthOfString = (text: string, size: number) => {
    const string = `${text}`;
    let width = 0;
    for (let i = 0; i < string.length; i++) width += advance(string, i);
    return width * (size / 1000);
  };
  font.encode = (text: string) => {
    const string = `${text}`;
    const encoded: string[] = [];
    const positions: GlyphPosition[] = [];
    for (let i = 0; i < string.length; i++) {
      const { hex, width } = glyphOf(string.charCodeAt(i));
      encoded.push(hex);
      positions.push({
        xAdvance: advance(string, i),
        yAdvance: 0,
        xOffset: 0,
        yOffset: 0,
        advanceWidth: width,
      });
    }
    return [encoded, positions];
  };
}
