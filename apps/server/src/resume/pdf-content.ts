/// <reference path="./linebreak.d.ts" />
import LineBreaker from 'linebreak';
import type { StandardFont } from './pdf-fonts';

/**
 * What pdfkit writes for the notices, with less work: the same bytes. pdfkit turns every operator it writes ("BT",
 * a position, a font, a run of glyphs…) into a byte array of its own at once, then joins them when the page ends;
 * and it lays out every text, however short, through its line wrapper. A semester's notices write over two million
 * operators.
 */

/** What a pdfkit document has beyond its public types, as these functions use it. */
interface PdfInternals {
  page: PDFKit.PDFPage & { content: ContentStream; fonts: Record<string, unknown> };
  _font: StandardFont & { id: string; ascender: number; ref(): unknown };
  _fontSize: number;
}

/** A page's content stream (`PDFReference`): `write` takes an operator or bytes, `end` finishes the object. */
interface ContentStream {
  write(chunk: unknown): void;
  end(chunk?: unknown): void;
}

/**
 * Keeps each new page's operators as text and hands them to pdfkit as one byte array when the page ends: pdfkit
 * appends a line feed to each operator and keeps the low byte of each character, as Node's latin1 encoding does.
 */
export function bufferPageContent(doc: PDFKit.PDFDocument): void {
  doc.on('pageAdded', () => buffered((doc as unknown as PdfInternals).page.content));
}

function buffered(content: ContentStream): void {
  const write = content.write.bind(content);
  const end = content.end.bind(content);
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    write(Buffer.from(pending, 'latin1'));
    pending = '';
  };
  content.write = (chunk: unknown) => {
    if (chunk instanceof Uint8Array) {
      flush();
      write(chunk);
    } else pending += `${String(chunk)}\n`;
  };
  content.end = (chunk?: unknown) => {
    if (chunk) content.write(chunk);
    flush();
    end();
  };
}

/** A number as pdfkit writes it in a content stream (`PDFObject.number`): rounded to six decimals. */
const pdfNumber = (n: number): number => Math.round(n * 1e6) / 1e6;

/**
 * Writes `text` in a column of `width` from (`x`, `y`) as `doc.text(text, x, y, { width, align })` would, without
 * pdfkit's line wrapper: the same lines at the same positions, the same cursor afterwards, hence the same bytes.
 * The wrapper (a line breaker and a measure per word, events and a sub-state per line) was most of the time spent
 * on a semester's notices, a quarter of a million table cells and their paragraphs. Anything the wrapper would do
 * more with — a word wider than the column, cut letter by letter; a line feed; a soft hyphen; spaces at either
 * end; text reaching the page's foot, continued on a new page — returns false for `text()` to lay out.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  right = false,
): boolean {
  if (text === '' || /^\s|\s$|\u00ad/.test(text)) return false;
  // As the wrapper computes them: its width at 100 % scaling in one column, and the line's height with its gap.
  const lineWidth = (width * 100) / 100;
  const lines = wrappedLines(doc, text, lineWidth);
  if (!lines) return false;
  const lineHeight = doc.currentLineHeight(true);
  if (!(y + lines.length * lineHeight < doc.page.maxY() - 0.001)) return false;
  let lineY = y;
  for (const line of lines) {
    // A line keeps the spaces it ends with; aligned right, it is placed by its width without them.
    const shift = right ? lineWidth - doc.widthOfString(line.replace(/\s+$/, '')) : 0;
    writeFragment(doc, line, x + shift, lineY);
    lineY += lineHeight;
  }
  doc.x = x;
  doc.y = lineY;
  return true;
}

/**
 * The lines pdfkit's wrapper makes of `text` in a column of `lineWidth`, by its own steps: the text cut where the
 * same line breaker allows, each piece measured on its own (kerning across pieces left out) and rounded down to a
 * 32-bit float as it rounds it, added to the line while it fits the space left, else starting the next line.
 * Null where the wrapper would do otherwise: a break required, a piece wider than the column.
 */
function wrappedLines(doc: PDFKit.PDFDocument, text: string, lineWidth: number): string[] | null {
  const breaker = new LineBreaker(text);
  const lines: string[] = [];
  let line = '';
  let spaceLeft = lineWidth;
  let from = 0;
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    if (next.required) return null;
    const piece = text.slice(from, next.position);
    from = next.position;
    const width = float32Below(doc.widthOfString(piece));
    if (width > lineWidth) return null;
    if (width <= spaceLeft) {
      line += piece;
      spaceLeft -= width;
    } else {
      lines.push(line);
      line = piece;
      spaceLeft = lineWidth - width;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

const float32 = new Float32Array(1);
const float32Bits = new Uint32Array(float32.buffer);

/** The greatest 32-bit float not above `n`, as pdfkit's wrapper rounds what it measures (its `PDFNumber`). */
function float32Below(n: number): number {
  const nearest = Math.fround(n);
  if (nearest <= n) return nearest;
  float32[0] = nearest;
  // One step down: a positive float's bits count up from zero, a negative one's away from it.
  float32Bits[0] = (float32Bits[0] ?? 0) + (n <= 0 ? 1 : -1);
  return float32[0];
}

/**
 * Writes a non-empty `text` in the current font and size with its top left corner at (`x`, `y`), on one line: the
 * operators pdfkit writes for a line of a standard font (no glyph offsets) without word or character spacing,
 * decoration or link — the graphics state saved, the page's vertical flip, the text's position and font, its
 * glyphs with their kerning, the state restored — in one write. The cursor is left where it was.
 */
function writeFragment(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  const { page, _font: font, _fontSize: size } = doc as unknown as PdfInternals;
  if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
  const height = page.height;
  const baseline = height - y - (font.ascender / 1000) * size;
  const [encoded, positions] = font.encode(text);
  // A run of glyphs ends after each kerned one, with the kerning as its adjustment (in thousandths of the size).
  const runs: string[] = [];
  let from = 0;
  const run = (to: number) => {
    if (from >= to) return;
    const last = positions[to - 1]!;
    runs.push(`<${encoded.slice(from, to).join('')}> ${pdfNumber(-(last.xAdvance - last.advanceWidth))}`);
    from = to;
  };
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    if (position.xAdvance - position.advanceWidth !== 0) run(i + 1);
  }
  run(positions.length);
  doc.addContent(
    `q\n1 0 0 -1 0 ${pdfNumber(height)} cm\nBT\n1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm\n` +
      `/${font.id} ${pdfNumber(size)} Tf\n${runs.length > 0 ? `[${runs.join(' ')}] TJ\n` : ''}ET\nQ`,
  );
}
