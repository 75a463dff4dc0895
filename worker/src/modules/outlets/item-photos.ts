import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { ApiError } from '../../platform/api-error';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { putStaffPhoto } from '../../platform/staff-photos';
import { outletItems } from './tables';

/**
 * An item's photo on the guests' menu (docs/decisions/102-outlet-orders.md): the request's body,
 * checked as every image the hotel keeps (platform/staff-photos.ts: its real type by its first
 * bytes, at most 5 MB), in R2 under `outlet-items/<random>.<ext>`, a new name per upload, so
 * `GET /api/outlets/photos/<name>` may be cached for a year. A new photo replaces the one before
 * (its object deleted once the row names the new one).
 */
export const ITEM_PHOTO_PREFIX = 'outlet-items/';
const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|heic|avif)$/;

/** An item's photo's public address (null: none). */
export const itemPhotoUrl = (key: string | null) =>
  key ? `/api/outlets/photos/${key.slice(ITEM_PHOTO_PREFIX.length)}` : null;

/** PUT /api/admin/outlets/:id/items/:itemId/photo: the item's photo, replacing its last. */
export async function storeItemPhoto(
  db: Db,
  images: R2Bucket,
  user: SessionUser,
  outletId: number,
  itemId: number,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
) {
  const where = and(eq(outletItems.id, itemId), eq(outletItems.outletId, outletId));
  const [item] = await db.select({ photoKey: outletItems.photoKey }).from(outletItems).where(where);
  if (!item) {
    await body?.cancel();
    throw new ApiError(404, 'outlet_item_unknown');
  }
  const photo = await putStaffPhoto(images, ITEM_PHOTO_PREFIX.slice(0, -1), body, declaredLength);
  const [[saved]] = await db.batch([
    db.update(outletItems).set({ photoKey: photo.key }).where(where).returning({ id: outletItems.id }),
    audit(
      db,
      user,
      'outlet.item_photo',
      'outlet',
      outletId,
      { photoKey: item.photoKey },
      { itemId, photoKey: photo.key },
    ),
  ]);
  if (!saved) {
    await images.delete(photo.key);
    throw new ApiError(404, 'outlet_item_unknown');
  }
  if (item.photoKey) await images.delete(item.photoKey);
  return { photoUrl: itemPhotoUrl(photo.key) };
}

/** DELETE /api/admin/outlets/:id/items/:itemId/photo: the item shown without a photo. */
export async function removeItemPhoto(
  db: Db,
  images: R2Bucket,
  user: SessionUser,
  outletId: number,
  itemId: number,
) {
  const where = and(eq(outletItems.id, itemId), eq(outletItems.outletId, outletId));
  const [item] = await db.select({ photoKey: outletItems.photoKey }).from(outletItems).where(where);
  if (!item) throw new ApiError(404, 'outlet_item_unknown');
  await db.batch([
    db.update(outletItems).set({ photoKey: null }).where(where),
    audit(
      db,
      user,
      'outlet.item_photo',
      'outlet',
      outletId,
      { photoKey: item.photoKey },
      { itemId, photoKey: null },
    ),
  ]);
  if (item.photoKey) await images.delete(item.photoKey);
  return { photoUrl: null };
}

/** GET /api/outlets/photos/:name: an item's photo, public (the guests' menu), never changing. */
export async function itemPhotoResponse(images: R2Bucket, name: string): Promise<Response> {
  if (!PHOTO_NAME.test(name)) throw new ApiError(404, 'not_found');
  const object = await images.get(`${ITEM_PHOTO_PREFIX}${name}`);
  if (!object) throw new ApiError(404, 'not_found');
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    },
  });
}
