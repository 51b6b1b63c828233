import {
  decodedBase64Size,
  FILE_RULES,
  type FileKind,
  fileMessages,
  isAllowedMimeType,
  parseDataUrl,
} from '@sejour/domain';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/errors';

/** An uploaded file whose size and real type were checked against the domain's rules. */
export interface CheckedFile {
  bytes: Buffer;
  mimeType: string;
  filename: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * CSV has no magic number: it is recognised as text that decodes as UTF-8 with no control character other
 * than tab and line breaks, whose first line holds a separator (`;`, `,` or tab) — docs/decisions/0008-uploads.md.
 */
export function looksLikeCsv(bytes: Buffer): boolean {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  if (text.trim() === '' || hasControlCharacter(text)) return false;
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return /[;,\t]/.test(firstLine);
}

/** Any C0 control character but tab, line feed and carriage return, or DEL: the mark of a binary file. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** The real media type, read from the bytes; `undefined` when unknown. */
export async function detectMimeType(bytes: Buffer, kind: FileKind): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime;
  if (isAllowedMimeType(kind, 'text/csv') && looksLikeCsv(bytes)) return 'text/csv';
  return undefined;
}

/**
 * Decodes a base64 data URL and checks it: size first (from the text's length, before decoding), then the
 * type read from the bytes. The type the client declares and the file's name are never trusted.
 */
export async function checkUpload(
  kind: FileKind,
  upload: { base64: string; file: string },
): Promise<CheckedFile> {
  const dataUrl = parseDataUrl(upload.base64);
  if (!dataUrl) {
    throw new AppError('validation_error', { errors: { base64: fileMessages.notDataUrl() } });
  }
  const size = decodedBase64Size(dataUrl.base64);
  if (size > FILE_RULES[kind].maxBytes) {
    throw new AppError('file_too_large', { message: fileMessages.tooLarge(kind) });
  }
  if (size === 0) throw new AppError('validation_error', { errors: { base64: fileMessages.empty() } });
  const bytes = Buffer.from(dataUrl.base64, 'base64');
  const mimeType = await detectMimeType(bytes, kind);
  if (!mimeType || !isAllowedMimeType(kind, mimeType)) {
    throw new AppError('file_type_not_allowed', { message: fileMessages.typeNotAllowed(kind) });
  }
  return { bytes, mimeType, filename: upload.file };
}
