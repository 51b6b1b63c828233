import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import {
  decodedBase64Size,
  FILE_RULES,
  fileMessages,
  fileUploadSchema,
  formatFileSize,
  isAllowedMimeType,
  parseDataUrl,
  uploadBodyLimit,
} from './rules';

describe('file rules', () => {
  it('images: PNG, JPEG, WebP up to 5 Mo; registers: PDF, CSV, XLSX, ODS up to 10 Mo', () => {
    expect(isAllowedMimeType('image', 'image/png')).toBe(true);
    expect(isAllowedMimeType('image', 'application/pdf')).toBe(false);
    expect(isAllowedMimeType('register', 'text/csv')).toBe(true);
    expect(isAllowedMimeType('register', 'image/gif')).toBe(false);
    expect(FILE_RULES.image.maxBytes).toBe(5 * 1024 * 1024);
    expect(FILE_RULES.register.maxBytes).toBe(10 * 1024 * 1024);
    expect(fileMessages.tooLarge('image')).toBe('Le fichier est trop volumineux : 5 Mo au maximum.');
    expect(fileMessages.typeNotAllowed('register')).toMatch(/PDF, CSV, XLSX ou ODS/);
    expect(formatFileSize(1536 * 1024)).toBe('1,5 Mo');
  });

  it('the body limit holds a maximal file in base64, and not much more', () => {
    const encoded = Math.ceil(FILE_RULES.image.maxBytes / 3) * 4;
    expect(uploadBodyLimit('image')).toBeGreaterThan(encoded + 300);
    expect(uploadBodyLimit('image')).toBeLessThan(8 * 1024 * 1024);
  });

  it('parses base64 data URLs and measures them without decoding', () => {
    const base64 = 'aGVsbG8gd29ybGQ='; // "hello world";
    expect(parseDataUrl(`data:image/png;base64,${base64}`)).toEqual({ declaredType: 'image/png', base64 });
    expect(parseDataUrl(`data:;base64,${base64}`)).toEqual({ declaredType: null, base64 });
    expect(parseDataUrl(`data:text/csv;charset=utf-8;base64,${base64}`)?.declaredType).toBe('text/csv');
    expect(parseDataUrl('data:image/png,hello')).toBeNull();
    expect(parseDataUrl('data:image/png;base64,abc')).toBeNull();
    expect(parseDataUrl(base64)).toBeNull();
    expect(decodedBase64Size(base64)).toBe(11);
    expect(decodedBase64Size('YWI=')).toBe(2);
  });

  it('upload body: a data URL and a file name, with French messages', () => {
    const result = fileUploadSchema.safeParse({ base64: 'not a data url', file: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsFromIssues(result.error.issues)).toEqual({
        base64: fileMessages.notDataUrl(),
        file: 'Veuillez compléter ce champ.',
      });
    }
  });
});
