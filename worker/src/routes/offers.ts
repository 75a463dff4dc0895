import { Hono } from 'hono';
import { hotelToday } from '../../../shared/src/dates';
import type { AppEnv } from '../env';
import { edgeCache } from '../http/edge-cache';
import { answerIfChanged } from '../http/versions';
import { groupPhotos, photosOfKinds, type PublicPhoto } from '../lib/media';
import { offersShownToday, type PricedOffer } from '../lib/offers';

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

/** GET /api/offers (public catalogue): the offers shown today, prices in integer baisa. */
export const offerRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
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
});
