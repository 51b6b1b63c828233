import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { createNoticeDocument, writeWord } from './notice-pdf';

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

describe('a one-word cell', () => {
  const cells = ['1\u00a0234\u00a0567,89\u00a0€', '0', 'septembre', 'Forfait', '—', 'Établissement'];
  for (const right of [true, false])
    it(`is written ${right ? 'right' : 'left'}-aligned where pdfkit's line wrapper would put it`, async () => {
      const wrapped = plainDocument();
      const direct = plainDocument();
      for (const doc of [wrapped, direct]) doc.addPage().font('Helvetica').fontSize(9);
      let y = 100.123;
      for (const cell of cells)
        for (const width of [40.3, 61.7, 80]) {
          wrapped.text(cell, 57.5, y, { width, align: right ? 'right' : 'left' });
          const fitted = writeWord(direct, cell, 57.5, y, width, right);
          // A word wider than its column is left to the wrapper.
          if (!fitted) direct.text(cell, 57.5, y, { width, align: right ? 'right' : 'left' });
          expect([direct.x, direct.y]).toEqual([wrapped.x, wrapped.y]);
          y = wrapped.y + 0.37;
        }
      expect(await bytesOf(direct)).toEqual(await bytesOf(wrapped));
    });

  it('is left to the wrapper when it could break or would not fit', () => {
    const doc = plainDocument();
    doc.addPage().font('Helvetica').fontSize(9);
    expect(writeWord(doc, 'Gîte du lac', 50, 100, 200)).toBe(false);
    expect(writeWord(doc, 'Chambre-d’hôtes', 50, 100, 200)).toBe(false);
    expect(writeWord(doc, 'intercommunale', 50, 100, 20)).toBe(false);
    expect(writeWord(doc, '12', 50, doc.page.maxY() - 2, 200)).toBe(false);
    expect(writeWord(doc, '12', 50, 100, 200)).toBe(true);
  });
});
