import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { ROOM_INVENTORY } from '../../../shared/src/constants';
import { rooms } from '../db/schema/catalog';
import type { AppEnv } from '../env';
import { edgeCache } from '../http/edge-cache';
import { answerIfChanged } from '../http/versions';
import { groupPhotos, photosOfKinds } from '../lib/media';

/**
 * GET /api/rooms (public catalogue): the room types with their prices in integer baisa
 * (suffix `Baisa`) and staff photos. The app also keeps it in its persisted query cache for
 * offline browsing.
 */
export const roomRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  // Revalidated every time (ETag from the content version): a staff photo is seen at once.
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], 'rooms');
  const db = c.get('db');
  const [rows, media] = await db.batch([
    db.select().from(rooms).orderBy(asc(rooms.sortOrder)),
    photosOfKinds(db, ['room_type']),
  ]);
  const photos = groupPhotos(media);
  return c.json(
    rows.map((r) => ({
      id: r.id,
      roomType: r.roomType,
      nameAr: r.nameAr,
      nameEn: r.name,
      descriptionAr: r.descriptionAr,
      descriptionEn: r.description,
      originalPriceBaisa: r.originalPrice,
      discountedPriceBaisa: r.pricePerNight,
      maxGuests: r.maxGuests,
      amenities: r.amenities,
      imageUrl: r.imageUrl,
      photos: photos.get(`room_type:${r.roomType}`) ?? [],
      available: r.available,
      listedRooms: ROOM_INVENTORY[r.roomType].listedRooms,
    })),
  );
});
