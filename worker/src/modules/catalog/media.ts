import { and, asc, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { MediaOwnerKind, MediaType } from '@shared/media-schemas';
import { MEDIA_TYPES } from '@shared/media-schemas';
import { media, type Media } from './media-tables';
import type { Db, Env } from '../../platform/env';
import { sniffImageType } from '../../platform/images';

/**
 * Staff photos of rooms, offers and services (docs/decisions/011-media.md).
 * Each photo is a few widths in R2 under `media/<random>-<width>.<ext>` (a new name per
 * upload, so `/media/...` may be cached for a year), one D1 row per photo.
 */

export const MEDIA_PREFIX = 'media/';

const EXT: Record<MediaType, string> = { 'image/webp': 'webp', 'image/avif': 'avif', 'image/jpeg': 'jpg' };

/** The R2 key (and, without the prefix, the public path) of one width of a photo. */
export function mediaKey(uploadKey: string, width: number, type: MediaType): string {
  return `${MEDIA_PREFIX}${uploadKey}-${width}.${EXT[type]}`;
}

/** The public path under /media/ of an R2 key; keys look like `media/<uuid>-<width>.<ext>`. */
export const MEDIA_PATH =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d{2,4}\.(webp|avif|jpg)$/;

/** The type the server keeps a photo as, from its bytes; anything else is refused. */
export function mediaTypeOf(bytes: Uint8Array): MediaType | null {
  const type = sniffImageType(bytes);
  return type && (MEDIA_TYPES as readonly string[]).includes(type) ? (type as MediaType) : null;
}

/** One owner's photos, in their order (a query to run alone or in a batch). */
export function ownerPhotos(db: Db, ownerKind: MediaOwnerKind, ownerId: string) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.ownerKind, ownerKind), eq(media.ownerId, ownerId)))
    .orderBy(asc(media.position), asc(media.id));
}

/** Every photo of some kinds of owner, in order (the catalogue reads batch this with their list). */
export function photosOfKinds(db: Db, kinds: MediaOwnerKind[]) {
  return db
    .select()
    .from(media)
    .where(inArray(media.ownerKind, kinds))
    .orderBy(asc(media.ownerKind), asc(media.ownerId), asc(media.position), asc(media.id));
}

/**
 * A photo as pages show it: every width's URL (smallest first) with its type (AVIF copies
 * beside the WebP/JPEG ones, migration 0022), the size, the tiny blurred placeholder, alt in
 * both languages. `src` is the largest width in the row's own type (what every browser shows).
 */
export function publicPhoto(row: Media) {
  const sources = [...row.variants]
    .sort((a, b) => a.width - b.width)
    // A slot holds its width, or the photo's own width where the photo is narrower.
    .map((v) => ({ width: Math.min(v.width, row.width), url: `/${v.key}`, type: v.type ?? row.contentType }));
  return {
    id: row.id,
    src: sources.filter((s) => s.type === row.contentType).at(-1)!.url,
    sources,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    altAr: row.altAr,
    altEn: row.altEn,
  };
}
export type PublicPhoto = ReturnType<typeof publicPhoto>;

/** Photos grouped by `kind:ownerId`, each list in order. */
export function groupPhotos(rows: Media[]): Map<string, PublicPhoto[]> {
  const out = new Map<string, PublicPhoto[]>();
  for (const row of rows) {
    const key = `${row.ownerKind}:${row.ownerId}`;
    const list = out.get(key) ?? [];
    list.push(publicPhoto(row));
    out.set(key, list);
  }
  return out;
}

/** Removes a photo's R2 objects (after its row is gone; a failure leaves orphans for the sweep). */
export async function deleteMediaObjects(bucket: R2Bucket, row: Pick<Media, 'variants'>) {
  await bucket.delete(row.variants.map((v) => v.key));
}

/** An R2 object under media/ is an orphan once this old without a row (an upload died midway). */
export const ORPHAN_MEDIA_AGE_MS = 24 * 60 * 60_000;

/**
 * The daily sweep (cleanup.ts): objects under `media/` whose photo has no row (its row was
 * deleted but the R2 delete failed, or the upload's row was never written) and that are
 * older than a day go. Pages through the bucket; one D1 read per page.
 */
export async function sweepOrphanMedia(env: Env, now = Date.now()): Promise<number> {
  const db = drizzle(env.DB);
  let cursor: string | undefined;
  let removed = 0;
  do {
    const page = await env.IMAGES.list({ prefix: MEDIA_PREFIX, cursor, limit: 500 });
    const old = page.objects.filter((o) => o.uploaded.getTime() < now - ORPHAN_MEDIA_AGE_MS);
    const uploadKeys = [...new Set(old.map((o) => uploadKeyOf(o.key)).filter((k): k is string => !!k))];
    const known = new Set<string>();
    for (let i = 0; i < uploadKeys.length; i += 90) {
      const rows = await db
        .select({ uploadKey: media.uploadKey })
        .from(media)
        .where(inArray(media.uploadKey, uploadKeys.slice(i, i + 90)));
      for (const r of rows) known.add(r.uploadKey);
    }
    const orphans = old.filter((o) => !known.has(uploadKeyOf(o.key) ?? '')).map((o) => o.key);
    if (orphans.length > 0) await env.IMAGES.delete(orphans);
    removed += orphans.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}

function uploadKeyOf(key: string): string | null {
  const path = key.slice(MEDIA_PREFIX.length);
  return MEDIA_PATH.test(path) ? path.slice(0, 36) : null;
}
