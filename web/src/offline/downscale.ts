/**
 * Downscales a photo on the device before it is queued (platform APIs only):
 * decoded with createImageBitmap honouring EXIF orientation, drawn on an
 * OffscreenCanvas (or a canvas element), encoded as JPEG. The original is
 * kept when it cannot be decoded here (e.g. HEIC outside Safari; the server
 * still takes it) or when the result would not be smaller.
 */
export const PHOTO_MAX_SIDE = 1600;
/** Screenshots keep more pixels so their text stays legible. */
export const SCREENSHOT_MAX_SIDE = 2048;
export const JPEG_QUALITY = 0.82;

export type DownscaleOptions = {
  /** 'photo' (default): longest side ≤ 1600 px; 'screenshot': ≤ 2048 px. */
  preset?: 'photo' | 'screenshot';
  /** Overrides the preset's longest side, in px. */
  maxSide?: number;
  quality?: number;
};

/** The target size: the longest side at most `maxSide`, proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest === 0) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function downscaleImage(file: Blob, opts: DownscaleOptions = {}): Promise<Blob> {
  const maxSide = opts.maxSide ?? (opts.preset === 'screenshot' ? SCREENSHOT_MAX_SIDE : PHOTO_MAX_SIDE);
  const quality = opts.quality ?? JPEG_QUALITY;
  let bitmap: ImageBitmap | null = null;
  try {
    if (typeof createImageBitmap !== 'function') return file;
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
    const result = await encodeJpeg(bitmap, width, height, quality);
    return result && result.size > 0 && result.size < file.size ? result : file;
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

async function encodeJpeg(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  quality: number,
): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    draw(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
) {
  // JPEG has no transparency: a transparent PNG screenshot gets white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
