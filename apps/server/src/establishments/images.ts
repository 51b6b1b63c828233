import { FILE_RULES, fileMessages } from '@sejour/domain';
import sharp from 'sharp';
import type { CheckedFile } from '../files/uploads';
import { createWorkQueue } from '../files/work-queue';
import { AppError } from '../http/errors';
import type { StoredImage } from './repository';

export const IMAGE_MAX_SIDE = 1600;
export const THUMBNAIL_SIDE = 320;
/** Every stored image is WebP: one format to serve, small files, transparency kept. */
export const STORED_IMAGE_TYPE = 'image/webp';

/**
 * Images decoded at once by this instance. Decoding takes memory by the pixel (up to ~160 MB for 40 MP):
 * two at a time keeps a burst of uploads within a few hundred megabytes; the others wait their turn.
 */
export const IMAGE_CONCURRENCY = 2;
const imageQueue = createWorkQueue(IMAGE_CONCURRENCY);

/** Reads only the header: how many pixels decoding the image would take. */
async function assertPixelsWithinLimit(bytes: Buffer): Promise<void> {
  let pixels: number;
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    pixels = width * height;
  } catch {
    throw new AppError('file_type_not_allowed', { message: fileMessages.typeNotAllowed('image') });
  }
  if (pixels > FILE_RULES.image.maxPixels) {
    throw new AppError('image_too_large', { message: fileMessages.imageTooLarge() });
  }
}

/**
 * Re-encodes an uploaded photo: turned upright from its EXIF orientation, at most 1600 px on its longest
 * side, plus a 320 px thumbnail. Sharp writes no metadata unless asked, so EXIF (a phone's GPS position),
 * XMP and ICC profiles are gone from what is stored.
 */
export async function reencodeImage(file: CheckedFile): Promise<StoredImage> {
  await assertPixelsWithinLimit(file.bytes);
  return imageQueue.run(() => decodeAndEncode(file));
}

async function decodeAndEncode(file: CheckedFile): Promise<StoredImage> {
  try {
    const upright = sharp(file.bytes, {
      failOn: 'error',
      limitInputPixels: FILE_RULES.image.maxPixels,
    }).rotate();
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
