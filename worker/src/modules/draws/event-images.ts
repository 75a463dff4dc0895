import { eq } from 'drizzle-orm';
import { eventImages } from './tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { EXTENSIONS } from '../../platform/images';

/**
 * An entry's image for staff (modules/draws/routes/event-images.ts): its row and R2 object, 404 if it is not
 * attached to an entry or its object is gone; with the file name a download is saved under.
 */
export async function eventImageFile(db: Db, images: R2Bucket, imageId: string) {
  const [image] = await db.select().from(eventImages).where(eq(eventImages.id, imageId));
  if (!image || image.submissionId === null) throw new ApiError(404, 'not_found');
  const object = await images.get(image.r2Key);
  if (!object) throw new ApiError(404, 'not_found');
  const ext = EXTENSIONS[image.contentType as keyof typeof EXTENSIONS] ?? 'bin';
  return {
    body: object.body,
    contentType: image.contentType,
    byteSize: image.byteSize,
    filename: `${image.eventType}-${image.submissionId}-${image.position + 1}.${ext}`,
  };
}
