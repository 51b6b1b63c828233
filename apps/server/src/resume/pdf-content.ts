import LineBreaker from 'linebreak';

/**
 * What pdfkit writes for the notices, with less work: the same bytes. pdfkit turns every operator it writes ("BT",
 * a position, a font, a run of glyphs…) into a byte array of its own at once, then joins them when the page ends;
 * and it lays out every text, however short, through its line wrapper. A semester's notices write over two million
 * operators, for about a quarter of a million table cells.
 */

/** What a pdfkit document has beyond its public types, as these functions use it. */
interface PdfInternals {
  page: PDFKit.PDFPage & { content: ContentStream; fonts: Record<string, unknown> };
  _font: {
    id: string;
    ascender: number;
    ref(): unknown;
    encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  };
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
 * Writes a table cell that fits its column on one line where pdfkit's line wrapper would put it, without the
 * wrapper: the same position and the same advance of `doc.y`, hence the same bytes. The wrapper (a line breaker
 * and a measure per word, events per line) was most of the time spent on the thousands of cells of a semester's
 * notices. The cell fits as the wrapper decides: cut where the same line breaker allows, each piece measured on
 * its own, their sum within the column. Anything else (a cell too wide, a line feed, a soft hyphen, spaces at
 * either end, a cell near the page's foot) returns false for `text()` to lay out.
 */
export function writeOneLine(
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
  const lineHeight = doc.currentLineHeight(true);
  const maxY = doc.page.maxY() - 0.001;
  if (y > maxY || y + lineHeight > maxY) return false;
  const wrapperWidth = piecesWidth(doc, text);
  if (wrapperWidth === null || !(wrapperWidth < lineWidth - 0.001)) return false;
  writeFragment(doc, text, right ? x + (lineWidth - doc.widthOfString(text)) : x, y);
  doc.x = x;
  doc.y = y + lineHeight;
  return true;
}

/**
 * The sum of the widths the wrapper measures for `text`: each piece between two break opportunities on its own
 * (kerning across them left out), rounded as it rounds them; null where a break is required.
 */
function piecesWidth(doc: PDFKit.PDFDocument, text: string): number | null {
  const breaker = new LineBreaker(text);
  let sum = 0;
  let from = 0;
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    if (next.required) return null;
    sum += pdfNumber(doc.widthOfString(text.slice(from, next.position)));
    from = next.position;
  }
  return sum;
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
