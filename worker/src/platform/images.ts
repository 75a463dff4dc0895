import { EVENT_RULES } from '@shared/constants';
import type { AcceptedImageType } from '@shared/event-schemas';
import { ApiError } from './api-error';
import { checkImageDimensions } from './image-dimensions';

/**
 * What an uploaded file really is, read from its first bytes: the name and the declared Content-Type are not
 * trusted, so an HTML page or an SVG named photo.png is refused.
 */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (
    at(0) === 0x89 &&
    ascii(1, 4) === 'PNG' &&
    at(4) === 0x0d &&
    at(5) === 0x0a &&
    at(6) === 0x1a &&
    at(7) === 0x0a
  )
    return 'image/png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  // ISO base media (HEIF family): a 'ftyp' box first, whose major brand names the format.
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  }
  return null;
}

export const EXTENSIONS: Record<AcceptedImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
};

/**
 * Refuses anything over 5 MB, that is not an accepted image, or whose header does not give
 * a picture of at most MAX_IMAGE_MEGAPIXELS; answers its real type.
 */
export function checkImage(bytes: Uint8Array): AcceptedImageType {
  if (bytes.byteLength > EVENT_RULES.maxImageBytes) throw new ApiError(413, 'image_too_large');
  if (bytes.byteLength === 0) throw new ApiError(415, 'image_type_invalid');
  const type = sniffImageType(bytes);
  if (!type) throw new ApiError(415, 'image_type_invalid');
  checkImageDimensions(bytes, type, 'image_type_invalid');
  return type;
}

/**
 * Reads a request body, stopping as soon as it passes the limit (a huge
 * upload is not buffered whole just to be refused).
 */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ApiError(413, 'image_too_large');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The spec's JSON shapes carry images as base64, with or without a
 * `data:image/...;base64,` prefix. Answers the bytes, or a 415 when the text
 * is not base64.
 */
export function decodeBase64Image(text: string): Uint8Array {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const payload = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s/g, '');
  // 5 MB of bytes is about 6.7 MB of base64; refuse longer text before decoding it.
  if (payload.length > Math.ceil((EVENT_RULES.maxImageBytes * 4) / 3) + 4)
    throw new ApiError(413, 'image_too_large');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) throw new ApiError(415, 'image_type_invalid');
  try {
    return Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch {
    throw new ApiError(415, 'image_type_invalid');
  }
}
