import { and, eq, ne } from 'drizzle-orm';
import { workOrders } from './tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { putStaffPhoto, staffPhotoResponse } from '../../platform/staff-photos';

/**
 * A work order's photo (platform/staff-photos.ts: checked, in R2 under a key the server makes). A
 * new photo replaces the one before (its object deleted once the row names the new one); a closed
 * order's photo stays as it was (409).
 */
export async function storeWorkOrderPhoto(
  db: Db,
  images: R2Bucket,
  id: number,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
) {
  const order = await db
    .select({ status: workOrders.status, photoKey: workOrders.photoKey })
    .from(workOrders)
    .where(eq(workOrders.id, id))
    .get();
  if (!order || order.status === 'closed') {
    await body?.cancel();
    throw order ? new ApiError(409, 'work_order_closed') : new ApiError(404, 'work_order_not_found');
  }
  const photo = await putStaffPhoto(images, `work-orders/${id}`, body, declaredLength);
  const saved = await db
    .update(workOrders)
    .set({
      photoKey: photo.key,
      photoType: photo.contentType,
      photoBytes: photo.byteSize,
      updatedAt: new Date(),
    })
    .where(and(eq(workOrders.id, id), ne(workOrders.status, 'closed')))
    .returning({ id: workOrders.id });
  if (saved.length === 0) {
    await images.delete(photo.key);
    throw new ApiError(409, 'work_order_closed');
  }
  if (order.photoKey) await images.delete(order.photoKey);
  return { contentType: photo.contentType, byteSize: photo.byteSize };
}

/** GET .../:id/photo: the order's photo (404 when it has none). */
export async function workOrderPhoto(db: Db, images: R2Bucket, id: number) {
  const order = await db
    .select({ key: workOrders.photoKey, type: workOrders.photoType })
    .from(workOrders)
    .where(eq(workOrders.id, id))
    .get();
  return staffPhotoResponse(images, order?.key ?? null, order?.type ?? null);
}
