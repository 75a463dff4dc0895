import { EVENT_RULES } from '@shared/constants';
import { ApiError } from './api-error';
import { checkImage, EXTENSIONS, readLimited } from './images';

/**
 * A photo staff take of something in the hotel (a work order's fault, a found item): the request's
 * body, checked by its first bytes (JPEG, PNG, WebP, HEIC, AVIF; 415 otherwise) and its size (413
 * past 5 MB) as every image the hotel keeps, stored in R2 under a key the server makes below
 * `prefix`. The caller's row names the key; staff alone are served it (`staffPhotoResponse`).
 */
export async function putStaffPhoto(
  images: R2Bucket,
  prefix: string,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
) {
  if (declaredLength > EVENT_RULES.maxImageBytes) {
    await body?.cancel();
    throw new ApiError(413, 'image_too_large');
  }
  const bytes = await readLimited(body, EVENT_RULES.maxImageBytes);
  const contentType = checkImage(bytes);
  const key = `${prefix}/${crypto.randomUUID()}.${EXTENSIONS[contentType]}`;
  await images.put(key, bytes, { httpMetadata: { contentType } });
  return { key, contentType, byteSize: bytes.byteLength };
}

/** A stored staff photo as an answer (404 when there is none), under its own strict CSP. */
export async function staffPhotoResponse(images: R2Bucket, key: string | null, contentType: string | null) {
  const object = key ? await images.get(key) : null;
  if (!object || !contentType) throw new ApiError(404, 'not_found');
  return new Response(object.body, {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(object.size),
      'Cache-Control': 'private, max-age=3600',
      'Content-Security-Policy': "default-src 'none'",
    },
  });
}
