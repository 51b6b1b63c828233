import { fileMessages } from '@sejour/domain';
import sharp from 'sharp';
import type { CheckedFile } from '../files/uploads';
import { AppError } from '../http/errors';
import type { StoredImage } from './repository';

export const IMAGE_MAX_SIDE = 1600;
export const THUMBNAIL_SIDE = 320;
/** Every stored image is WebP: one format to serve, small files, transparency kept. */
export const STORED_IMAGE_TYPE = 'image/webp';

/**
 * Re-encodes an uploaded photo: turned upright from its EXIF orientation, at most 1600 px on its longest
 * side, plus a 320 px thumbnail. Sharp writes no metadata unless asked, so EXIF (a phone's GPS position),
 * XMP and ICC profiles are gone from what is stored.
 */
export async function reencodeImage(file: CheckedFile): Promise<StoredImage> {
  try {
    const upright = sharp(file.bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    const full = await upright
      .clone()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await upright
      .clone()
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return {
      filename: withExtension(file.filename, 'webp'),
      mimeType: STORED_IMAGE_TYPE,
      size: full.data.length,
      width: full.info.width,
      height: full.info.height,
      data: full.data,
      thumbnail,
    };
  } catch {
    // The bytes start like an image but do not decode as one (truncated, corrupt).
    throw new AppError('file_type_not_allowed', { message: fileMessages.typeNotAllowed('image') });
  }
}

function withExtension(filename: string, extension: string): string {
  const base = filename.replace(/[/\\]/g, '_').replace(/\.[^.]*$/, '') || 'image';
  return `${base}.${extension}`;
}
