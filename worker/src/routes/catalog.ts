import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { ROOM_INVENTORY } from '../../../shared/src/constants';
import { rooms, services, vipCardTypes } from '../db/schema/catalog';
import type { AppEnv } from '../env';
import { offersShownToday, type PricedOffer } from '../lib/offers';
import { groupPhotos, photosOfKinds, type PublicPhoto } from '../lib/media';
import { edgeCache } from '../http/edge-cache';
import { answerIfChanged } from '../http/versions';
import { hotelToday } from '../../../shared/src/dates';

/**
 * Public catalogue reads: rooms, offers, nearby services, VIP card types.
 * Money fields are integer baisa (suffix `Baisa`). Cacheable briefly: the
 * app also keeps them in its persisted query cache for offline browsing.
 */
const PUBLIC_CACHE = 'public, max-age=60';

/** An offer as guests see it; prices computed from the room's price (lib/offers.ts). */
function publicOffer(o: PricedOffer, photos: Map<string, PublicPhoto[]>) {
  return {
    id: o.id,
    slug: o.slug,
    roomType: o.roomType,
    nameAr: o.titleAr,
    nameEn: o.title,
    descriptionAr: o.descriptionAr,
    descriptionEn: o.description,
    discountPercent: o.discount,
    originalPriceBaisa: o.originalPriceBaisa,
    discountedPriceBaisa: o.discountedPriceBaisa,
    features: o.features,
    galleryImages: o.galleryImages,
    /** Staff photos (lib/media.ts); the app shows `galleryImages` (placeholders) while there are none. */
    photos: photos.get(`offer:${o.id}`) ?? [],
    isBestSeller: o.isBestSeller,
    theme: o.theme,
    validFrom: o.validFrom,
    validTo: o.validTo,
  };
}

export const catalog = new Hono<AppEnv>()
  .get('/rooms', edgeCache(['content']), async (c) => {
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
  })
  .get('/offers', edgeCache(['content']), async (c) => {
    // Only the offers valid today in Asia/Muscat: an expired one disappears by itself. The
    // ETag names the content version and the hotel day; browsers revalidate every time, so a
    // staff change or midnight in Muscat is seen at once, an unchanged list costs one row.
    c.header('Cache-Control', 'public, no-cache');
    await answerIfChanged(c, ['content'], `offers:${hotelToday()}`);
    const [rows, media] = await Promise.all([
      offersShownToday(c.get('db')),
      photosOfKinds(c.get('db'), ['offer']),
    ]);
    const photos = groupPhotos(media);
    return c.json(rows.map((o) => publicOffer(o, photos)));
  })
  .get('/services', edgeCache(['content']), async (c) => {
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
  })
  .get('/vip-cards', edgeCache(['content']), async (c) => {
    const rows = await c.get('db').select().from(vipCardTypes).orderBy(asc(vipCardTypes.sortOrder));
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json(
      rows.map((v) => ({
        id: v.id,
        nameAr: v.nameAr,
        nameEn: v.nameEn,
        priceBaisa: v.price,
        totalRooms: v.totalRooms,
        freeCoffees: v.freeCoffees,
        freeNights: v.freeNights,
        discounts: v.discounts,
        isMostPopular: v.isMostPopular,
      })),
    );
  });
