import { errorCatalogue } from '@sejour/domain';
import type { Validator } from '../form/validators';

/** A loaded file: the file and its content as a base64 data URL. */
export interface FileValue {
  file: File;
  /** `data:<type>;base64,…` */
  content: string;
}

export function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Whether a file is of one of the accepted kinds: MIME types (`image/png`, `image/*`) or extensions (`.pdf`). */
export function isAccepted(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((kind) => {
    const k = kind.trim().toLowerCase();
    if (k.startsWith('.')) return name.endsWith(k);
    if (k.endsWith('/*')) return type.startsWith(k.slice(0, -1));
    return type === k;
  });
}

const fileOf = (value: unknown): File | null =>
  value && typeof value === 'object' && 'file' in value && value.file instanceof File ? value.file : null;

/** Size and type limits, with the API's own French messages. */
export function fileValidators(limits: { maxSize?: number; accept?: readonly string[] }): Validator[] {
  const list: Validator[] = [];
  const { maxSize, accept } = limits;
  if (maxSize !== undefined) {
    list.push({
      kind: 'file',
      limit: maxSize,
      check: (value) => {
        const file = fileOf(value);
        return file && file.size > maxSize ? errorCatalogue.file_too_large.message : null;
      },
    });
  }
  if (accept && accept.length > 0) {
    list.push({
      kind: 'file',
      check: (value) => {
        const file = fileOf(value);
        return file && !isAccepted(file, accept) ? errorCatalogue.file_type_not_allowed.message : null;
      },
    });
  }
  return list;
}
