import { MEDIA_RULES, MEDIA_WIDTHS, type MediaWidth, PLACEHOLDER_MAX_CHARS } from '@shared/media-schemas';
import type { Pixels } from './avif-pixels';
import { encodeAvifCopies } from './encode-avif';

/**
 * A staff photo made ready on the device (docs/decisions/011-media.md): decoded
 * with its EXIF orientation, downscaled to each width of MEDIA_WIDTHS it is wider than (and
 * its own width in the next slot when it is narrower than the largest), encoded as WebP, or
 * JPEG where the browser cannot encode WebP. Platform APIs only (createImageBitmap,
 * OffscreenCanvas): Chromium, Safari and Firefox all do this well enough for photos at
 * these sizes, so no resize library is needed. Each width also gets an AVIF copy, encoded in
 * a Web Worker (encode-avif.ts, docs/decisions/040-avif-on-the-device.md), or none of them
 * does when the device cannot make them in time.
 */
export type EncodedPhoto = {
  width: number;
  height: number;
  type: 'image/webp' | 'image/jpeg';
  extension: 'webp' | 'jpg';
  variants: { width: MediaWidth; blob: Blob }[];
  /** The same widths as AVIF, for `<source type="image/avif">`; empty when they were not made. */
  avif: { width: MediaWidth; blob: Blob }[];
  /** A data: URL of a 16 px copy, shown blurred while the photo loads ('' if it could not be made). */
  placeholder: string;
};

/** What can go wrong before anything is sent; the screen words each one. */
export class PhotoPrepareError extends Error {
  constructor(readonly reason: 'not_image' | 'too_big' | 'unreadable') {
    super(reason);
  }
}

/** A file larger than this is not decoded at all (a phone photo is 2-12 MB). */
export const MAX_SOURCE_BYTES = 40 * 1024 * 1024;
const QUALITY = 0.82;

/** The slots to fill: every width below the photo's, then the photo's own width (capped). */
export function plannedWidths(naturalWidth: number): { slot: MediaWidth; width: number }[] {
  const out: { slot: MediaWidth; width: number }[] = [];
  for (const slot of MEDIA_WIDTHS) {
    if (slot < naturalWidth) out.push({ slot, width: slot });
    else {
      out.push({ slot, width: naturalWidth });
      break;
    }
  }
  return out;
}

export async function encodePhoto(file: Blob): Promise<EncodedPhoto> {
  if (!file.type.startsWith('image/')) throw new PhotoPrepareError('not_image');
  if (file.size > MAX_SOURCE_BYTES) throw new PhotoPrepareError('too_big');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoPrepareError('unreadable');
  }
  try {
    const plan = plannedWidths(bitmap.width);
    const largest = plan.at(-1)!;
    const heightAt = (w: number) => Math.max(1, Math.round((bitmap.height * w) / bitmap.width));
    let type: EncodedPhoto['type'] = 'image/webp';
    const variants: EncodedPhoto['variants'] = [];
    const pixels: Pixels[] = [];
    for (const { slot, width } of plan) {
      const canvas = drawn(bitmap, width, heightAt(width));
      let blob = await toBlob(canvas, type);
      // A browser that cannot encode WebP answers PNG: use JPEG for every width instead.
      if (blob.type !== type) {
        type = 'image/jpeg';
        blob = await toBlob(canvas, type);
      }
      if (blob.size > MEDIA_RULES.maxVariantBytes) throw new PhotoPrepareError('too_big');
      variants.push({ width: slot, blob });
      pixels.push(pixelsOf(canvas));
    }
    const placeholder = await placeholderOf(bitmap, heightAt(PLACEHOLDER_WIDTH), type);
    const avifBlobs = await encodeAvifCopies(pixels);
    const avif =
      avifBlobs && avifBlobs.every((b) => b.size <= MEDIA_RULES.maxVariantBytes)
        ? avifBlobs.map((blob, i) => ({ width: variants[i]!.width, blob }))
        : [];
    return {
      width: largest.width,
      height: heightAt(largest.width),
      type,
      extension: type === 'image/webp' ? 'webp' : 'jpg',
      variants,
      avif,
      placeholder,
    };
  } finally {
    bitmap.close();
  }
}

const PLACEHOLDER_WIDTH = 16;

/** The tiny copy pages show blurred while the photo loads (docs/decisions/033-photo-first-pages.md). */
async function placeholderOf(bitmap: ImageBitmap, height: number, type: string): Promise<string> {
  try {
    const blob = await encode(bitmap, PLACEHOLDER_WIDTH, Math.min(height, 64), type);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const url = `data:${blob.type};base64,${btoa(String.fromCharCode(...bytes))}`;
    // The server takes at most PLACEHOLDER_MAX_CHARS; a photo without one is still a photo.
    return url.length <= PLACEHOLDER_MAX_CHARS ? url : '';
  } catch {
    return '';
  }
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

/** The bitmap drawn at `width` x `height` on a canvas (OffscreenCanvas where there is one). */
function drawn(bitmap: ImageBitmap, width: number, height: number): AnyCanvas {
  const canvas: AnyCanvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d') as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new PhotoPrepareError('unreadable');
  draw(context, bitmap, width, height);
  return canvas;
}

function toBlob(canvas: AnyCanvas, type: string): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: QUALITY });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new PhotoPrepareError('unreadable'))), type, QUALITY),
  );
}

/** The canvas's RGBA pixels, for the AVIF encoder. */
function pixelsOf(canvas: AnyCanvas): Pixels {
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  return { width: canvas.width, height: canvas.height, data };
}

async function encode(bitmap: ImageBitmap, width: number, height: number, type: string): Promise<Blob> {
  return toBlob(drawn(bitmap, width, height), type);
}

function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
) {
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
