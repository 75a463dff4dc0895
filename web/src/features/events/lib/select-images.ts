import { EVENT_RULES } from '@shared/constants';
import { MAX_IMAGES_PER_ENTRY } from '@shared/event-schemas';

/**
 * The picking rule of every event picker (photography, Google review, the
 * hotel rating draw; guest spec section 7): each file must be an image
 * (`image/*`, not SVG) of at most 5 MB; if ANY file of one selection fails, the whole
 * selection is refused and what was chosen before stays as it was. Accepted
 * files are added to the earlier ones. The server checks again (magic bytes,
 * 5 MB, at most 10 images per entry).
 */
export type ImageRejection =
  | { reason: 'not_image'; fileName: string }
  | { reason: 'too_large'; fileName: string }
  | { reason: 'too_many'; max: number };

type FileLike = Pick<File, 'name' | 'size' | 'type'>;

export function addImages<F extends FileLike>(
  current: readonly F[],
  chosen: readonly F[],
  limits: { maxBytes?: number; maxFiles?: number } = {},
): { ok: true; files: F[] } | ({ ok: false } & ImageRejection) {
  const { maxBytes = EVENT_RULES.maxImageBytes, maxFiles = MAX_IMAGES_PER_ENTRY } = limits;
  for (const file of chosen) {
    // SVG is a document, not a photo (and can carry script): refused here as on the server.
    if (!file.type.startsWith('image/') || file.type === 'image/svg+xml')
      return { ok: false, reason: 'not_image', fileName: file.name };
    if (file.size > maxBytes) return { ok: false, reason: 'too_large', fileName: file.name };
  }
  if (current.length + chosen.length > maxFiles) return { ok: false, reason: 'too_many', max: maxFiles };
  return { ok: true, files: [...current, ...chosen] };
}

/** How many more images are needed to reach `minimum` (never below 0). */
export function imagesStillNeeded(count: number, minimum: number): number {
  return Math.max(0, minimum - count);
}
