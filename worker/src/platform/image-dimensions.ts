import { imageSize } from 'image-size';
import { MAX_IMAGE_MEGAPIXELS } from '@shared/constants';
import type { AcceptedImageType } from '@shared/event-schemas';
import { ApiError } from './api-error';

/**
 * An image's width and height, read from its header by image-size (pure JS, runs on a
 * Uint8Array in workerd), for every type we accept (JPEG, PNG, WebP, AVIF, HEIC). The first
 * bytes alone (platform/images.ts) say what a file claims to be, not how big a picture it makes.
 */

/** What image-size calls each type we accept (the HEIF family may answer its own name). */
const SIZE_TYPES: Record<AcceptedImageType, readonly string[]> = {
  'image/jpeg': ['jpg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/avif': ['avif', 'heif'],
  'image/heic': ['heic', 'heif'],
};

export type ImageDimensions = { width: number; height: number };

/** The dimensions of an image of a known type, or null when its header cannot be read as it. */
export function readImageDimensions(bytes: Uint8Array, type: AcceptedImageType): ImageDimensions | null {
  try {
    const size = imageSize(bytes);
    const { width, height } = size;
    if (!size.type || !SIZE_TYPES[type].includes(size.type)) return null;
    if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width < 1 || height < 1) return null;
    return { width, height };
  } catch {
    return null;
  }
}

/**
 * Refuses an image whose dimensions cannot be read (`unreadable`, 415) or that has more than
 * MAX_IMAGE_MEGAPIXELS (422 `image_pixels_too_many`); answers its dimensions.
 */
export function checkImageDimensions(
  bytes: Uint8Array,
  type: AcceptedImageType,
  unreadable: 'image_type_invalid' | 'media_type_invalid' | 'media_avif_invalid',
): ImageDimensions {
  const dimensions = readImageDimensions(bytes, type);
  if (!dimensions) throw new ApiError(415, unreadable);
  if (dimensions.width * dimensions.height > MAX_IMAGE_MEGAPIXELS * 1_000_000) {
    throw new ApiError(422, 'image_pixels_too_many');
  }
  return dimensions;
}
