import { z } from 'zod';
import { safeString, text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/**
 * What may be uploaded, decided once (docs/decisions/0008-uploads.md). The server recognises a file's real
 * type from its bytes and checks it against these lists; the name a client sends is never trusted.
 */
export const FILE_RULES = {
  /** An establishment's photo: re-encoded by the server, so only formats it can read. */
  image: {
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 5 * 1024 * 1024,
    accepted: 'une image PNG, JPEG ou WebP',
    /**
     * Pixels decoded at most. A few kilobytes of PNG can declare 10 000 × 10 000 px, and decoding costs
     * memory and time by the pixel, not by the byte. 40 MP holds any camera's photo of an establishment
     * (a 48 MP phone writes 12 MP by default); it is shown at 1 600 px anyway.
     */
    maxPixels: 40_000_000,
  },
  /** A declaration's residence register (registre du logeur). */
  register: {
    mimeTypes: [
      'application/pdf',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.oasis.opendocument.spreadsheet',
    ],
    maxBytes: 10 * 1024 * 1024,
    accepted: 'un fichier PDF, CSV, XLSX ou ODS',
  },
} as const satisfies Record<
  string,
  { mimeTypes: readonly string[]; maxBytes: number; accepted: string; maxPixels?: number }
>;

export type FileKind = keyof typeof FILE_RULES;
export type AllowedMimeType<K extends FileKind> = (typeof FILE_RULES)[K]['mimeTypes'][number];

/** "5 Mo": sizes as a French reader expects them (binary megabytes, written Mo). */
export function formatFileSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(mb)} Mo`;
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} Ko`;
}

export const fileMessages = {
  tooLarge: (kind: FileKind) =>
    `Le fichier est trop volumineux : ${formatFileSize(FILE_RULES[kind].maxBytes)} au maximum.`,
  typeNotAllowed: (kind: FileKind) =>
    `Ce type de fichier n’est pas accepté : choisissez ${FILE_RULES[kind].accepted}.`,
  notDataUrl: () => 'Le fichier doit être envoyé comme une URL de données en base64 (data:…;base64,…).',
  empty: () => 'Le fichier est vide.',
  imageTooLarge: () =>
    `L’image est trop grande : ${new Intl.NumberFormat('fr-FR').format(FILE_RULES.image.maxPixels / 1_000_000)} millions de pixels au plus (par exemple 8 000 × 5 000). Réduisez-la avant de l’envoyer.`,
} as const;

export function isAllowedMimeType<K extends FileKind>(
  kind: K,
  mimeType: string,
): mimeType is AllowedMimeType<K> {
  return (FILE_RULES[kind].mimeTypes as readonly string[]).includes(mimeType);
}

/** Size in bytes of the data a base64 text decodes to (without decoding it). */
export function decodedBase64Size(base64: string): number {
  const length = base64.length;
  if (length === 0) return 0;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((length * 3) / 4) - padding;
}

/**
 * The body limit of a route that receives one file of `kind` as a base64 data URL in JSON: the encoded
 * file (4/3 of its size) plus room for the JSON around it. A larger body is refused before it is read.
 */
export function uploadBodyLimit(kind: FileKind): number {
  return Math.ceil((FILE_RULES[kind].maxBytes * 4) / 3) + 256 * 1024;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[\w.+-]+)*);base64,([A-Za-z0-9+/]*={0,2})$/;

export interface DataUrl {
  /** The media type the client claims (never trusted: the server reads the bytes). */
  declaredType: string | null;
  /** The base64 text, not decoded yet (its decoded size is checked first). */
  base64: string;
}

/** Splits `data:<type>;base64,<data>`; null when the text is not a base64 data URL. */
export function parseDataUrl(value: string): DataUrl | null {
  const match = DATA_URL.exec(value.trim());
  if (!match) return null;
  const base64 = match[3] ?? '';
  if (base64.length % 4 !== 0) return null;
  return { declaredType: match[1] ?? null, base64 };
}

/** `data:<type>;base64,<bytes>` from bytes already in base64. */
export function toDataUrl(mimeType: string, base64: string): string {
  return `data:${mimeType};base64,${base64}`;
}

/**
 * Body of an upload (the spec's calls): `base64` is the data URL, `file` the file's name. The size and the
 * real type are checked by the server after this, so each has its own error code.
 */
export const fileUploadSchema = z.object({
  base64: safeString()
    .min(1, { error: m.required() })
    .refine((value) => parseDataUrl(value) !== null, { error: fileMessages.notDataUrl() }),
  file: text({ max: 255 }),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;
