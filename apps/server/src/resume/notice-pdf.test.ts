import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { createNoticeDocument } from './notice-pdf';
import { bufferPageContent, writeText } from './pdf-content';

/** A document whose bytes depend only on what is written on it (no date of its own). */
function plainDocument(): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: 50,
    autoFirstPage: false,
    info: { CreationDate: new Date(0) },
  });
}

async function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.once('end', resolve));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const FONTS = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique'] as const;
const SAMPLES = [
  'Avis des sommes à payer — 1er semestre 2026',
  'AVATAR Tours, « Wy » l’été : 1\u00a0234,56\u00a0€ — 12\u00a0%',
  'janvier février août décembre Œuvre Ÿ ß ½ ¿ ¡',
  String.fromCharCode(...Array.from({ length: 224 }, (_, i) => i + 32)),
  '',
];

type Internals = { _font: { encode(text: string): unknown } };

describe('the notices’ fonts', () => {
  it('measure and encode every text as pdfkit’s own standard fonts do', () => {
    const own = createNoticeDocument('Avis');
    const plain = plainDocument();
    for (const font of FONTS)
      for (const size of [8, 9, 10.5, 16])
        for (const text of SAMPLES) {
          own.font(font).fontSize(size);
          plain.font(font).fontSize(size);
          expect(own.widthOfString(text)).toBe(plain.widthOfString(text));
          expect((own as unknown as Internals)._font.encode(text)).toEqual(
            (plain as unknown as Internals)._font.encode(text),
          );
        }
  });
});

describe('a text laid out without the wrapper', () => {
  const cells = [
    '1\u00a0234\u00a0567,89\u00a0€',
    '0',
    'septembre',
    'Forfait',
    '—',
    'Établissement',
    // Kerned pairs across the spaces ("space A", "space Y"…): the wrapper measures each word on its own.
    'Gîte du lac',
    'A Toi, Le Yacht Voile',
    'Val d’Yvoire 2',
    'Chambre d’hôtes Au Vieux Tilleul',
    // Break opportunities after a hyphen or a slash, none inside "19-2".
    'Saint-Avold Gîte 19-2',
    'Studio 3/4 (rez-de-chaussée)',
  ];
  /**
   * Column widths around the cell's own: well within, at a hair's breadth either side (the wrapper rounds each
   * piece down to a 32-bit float), narrower (two lines or more), narrower than a word.
   */
  const widthsFor = (cell: string) => {
    const measure = plainDocument().font('Helvetica').fontSize(9);
    const pieces = cell
      .split(/(?<=[ /-])(?=\D)/)
      .reduce((sum, piece) => sum + measure.widthOfString(piece), 0);
    return [
      pieces + 20,
      pieces + 0.01,
      pieces,
      pieces - 3e-6,
      pieces - 1e-5,
      pieces - 0.01,
      pieces * 0.6,
      12,
    ];
  };
  for (const right of [true, false])
    it(`is written ${right ? 'right' : 'left'}-aligned in the lines and places pdfkit's line wrapper gives it`, async () => {
      const wrapped = plainDocument();
      const direct = plainDocument();
      for (const doc of [wrapped, direct]) doc.addPage().font('Helvetica').fontSize(9);
      let y = 100.123;
      let fitted = 0;
      for (const cell of cells)
        for (const width of widthsFor(cell)) {
          if (y > 700) {
            for (const doc of [wrapped, direct]) doc.addPage().font('Helvetica').fontSize(9);
            y = 100.123;
          }
          wrapped.text(cell, 57.5, y, { width, align: right ? 'right' : 'left' });
          const written = writeText(direct, cell, 57.5, y, width, right);
          // A word wider than its column is left to the wrapper.
          if (written) fitted += 1;
          else direct.text(cell, 57.5, y, { width, align: right ? 'right' : 'left' });
          expect([direct.x, direct.y]).toEqual([wrapped.x, wrapped.y]);
          y = wrapped.y + 0.37;
        }
      expect(fitted).toBeGreaterThanOrEqual(cells.length * 4);
      expect(await bytesOf(direct)).toEqual(await bytesOf(wrapped));
    });

  it('is left to the wrapper when a line breaks or would not fit', () => {
    const doc = plainDocument();
    doc.addPage().font('Helvetica').fontSize(9);
    expect(writeText(doc, 'Gîte\ndu lac', 50, 100, 200)).toBe(false);
    expect(writeText(doc, 'Gîte du\u00adlac', 50, 100, 200)).toBe(false);
    expect(writeText(doc, ' Gîte', 50, 100, 200)).toBe(false);
    expect(writeText(doc, 'Gîte ', 50, 100, 200)).toBe(false);
    expect(writeText(doc, '', 50, 100, 200)).toBe(false);
    expect(writeText(doc, 'intercommunale', 50, 100, 20)).toBe(false);
    expect(writeText(doc, '12', 50, doc.page.maxY() - 2, 200)).toBe(false);
    expect(writeText(doc, '12', 50, 100, 200)).toBe(true);
    expect(writeText(doc, 'Gîte du lac', 50, 100, 200)).toBe(true);
  });
});

describe('a page’s content kept as text until the page ends', () => {
  it('gives the bytes pdfkit writes operator by operator', async () => {
    const plain = plainDocument();
    const buffered = plainDocument();
    bufferPageContent(buffered);
    for (const doc of [plain, buffered]) {
      for (let page = 0; page < 3; page++) {
        doc.addPage().font('Helvetica-Bold').fontSize(14).text('Avis des sommes à payer — 1er semestre');
        doc.font('Helvetica').fontSize(9).text('Une phrase assez longue pour passer à la ligne. '.repeat(8), {
          width: 300,
        });
        doc.moveTo(50, 400).lineTo(545, 400).stroke();
        doc.rect(60, 420, 100, 30).fill('#eeeeee');
      }
    }
    expect(await bytesOf(buffered)).toEqual(await bytesOf(plain));
  });
});
