import { describe, expect, it } from 'vitest';
import { checkUpload, looksLikeCsv } from './uploads';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('residence registers', () => {
  it('recognise CSV as separated UTF-8 text, whatever the name', async () => {
    const csv = Buffer.from('\uFEFFnom;arrivée;nuits\nMartin;2026-01-02;3\n', 'utf8');
    expect(looksLikeCsv(csv)).toBe(true);
    expect(
      await checkUpload('register', { base64: dataUrl('application/octet-stream', csv), file: 'r.txt' }),
    ).toMatchObject({
      mimeType: 'text/csv',
    });
  });

  it('refuse text without a separator, binary and non-UTF-8 bytes', () => {
    expect(looksLikeCsv(Buffer.from('une seule colonne\nrien\n'))).toBe(false);
    expect(looksLikeCsv(Buffer.from([0x61, 0x3b, 0x00, 0x62]))).toBe(false);
    expect(looksLikeCsv(Buffer.from([0x6e, 0x6f, 0x6d, 0x3b, 0xe9, 0x0a]))).toBe(false);
  });

  it('accept a PDF from its bytes, refuse an image and a file over 10 Mo', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    expect(
      (await checkUpload('register', { base64: dataUrl('image/png', pdf), file: 'r.png' })).mimeType,
    ).toBe('application/pdf');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await expect(
      checkUpload('register', { base64: dataUrl('application/pdf', png), file: 'r.pdf' }),
    ).rejects.toMatchObject({
      code: 'file_type_not_allowed',
    });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    await expect(
      checkUpload('register', { base64: dataUrl('text/csv', big), file: 'r.csv' }),
    ).rejects.toMatchObject({
      code: 'file_too_large',
    });
  });
});
