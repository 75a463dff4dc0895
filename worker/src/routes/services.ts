import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { services } from '../db/schema/catalog';
import type { AppEnv } from '../env';
import { edgeCache } from '../http/edge-cache';
import { answerIfChanged } from '../http/versions';
import { groupPhotos, photosOfKinds } from '../lib/media';

/** GET /api/services (public catalogue): the nearby services with their staff photos. */
export const serviceRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], 'services');
  const db = c.get('db');
  const [rows, media] = await db.batch([
    db.select().from(services).orderBy(asc(services.sortOrder)),
    photosOfKinds(db, ['service_menu', 'service_gallery']),
  ]);
  const photos = groupPhotos(media);
  return c.json(
    rows.map((s) => ({
      id: s.id,
      slug: s.slug,
      category: s.category,
      nameAr: s.nameAr,
      nameEn: s.nameEn,
      descriptionAr: s.descriptionAr,
      descriptionEn: s.descriptionEn,
      distanceMeters: s.distanceMeters,
      walkMinutes: s.walkMinutes,
      menuImages: s.menuImages,
      /** Staff photos of the menu pages and of the place; `menuImages` are the placeholders. */
      menuPhotos: photos.get(`service_menu:${s.id}`) ?? [],
      galleryPhotos: photos.get(`service_gallery:${s.id}`) ?? [],
      contact: s.contact,
      isActive: s.isActive,
    })),
  );
});
