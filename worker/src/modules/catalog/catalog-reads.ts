import { asc } from 'drizzle-orm';
import { rooms, services, vipCardTypes } from './tables';
import type { Db } from '../../platform/env';
import { demoOfferPhotos, demoRoomPhotos } from '@shared/demo-pictures';
import { groupPhotos, photosOfKinds, type PublicPhoto } from './media';
import { offersShownToday, type PricedOffer } from './offers';
import { roomTypeView } from './room-types';

/**
 * The public catalogue as guests see it (modules/catalog/routes/rooms.ts, offers.ts, services.ts,
 * vip-cards.ts): prices in integer baisa (suffix `Baisa`), with the staff photos.
 */

/** The room types with their prices and staff photos. */
export async function listRooms(db: Db) {
  const [rows, media] = await db.batch([
    db.select().from(rooms).orderBy(asc(rooms.sortOrder)),
    photosOfKinds(db, ['room_type']),
  ]);
  const photos = groupPhotos(media);
  return rows.map((r) => ({
    // The type's whole row as GET /api/room-types answers it (who it takes, beds, smoking,
    // points), so a phone that saw only the landing can still offer a type's options offline.
    ...roomTypeView(r),
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
    /** Staff photos, or the demo pictures while the tier has none (shared/src/demo-pictures.ts). */
    photos: photos.get(`room_type:${r.roomType}`) ?? demoRoomPhotos(r.roomType),
    available: r.available,
    listedRooms: r.listedRooms,
    /** Rooms left at or below `red` show red, at or below `yellow` yellow (the type's own marks). */
    lowStock: { red: r.lowStockRed, yellow: r.lowStockYellow },
  }));
}

/** An offer as guests see it; prices computed from the room's price (modules/catalog/offers.ts). */
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
    /** Staff photos (modules/catalog/media.ts), or the demo pictures of its tier while it has none. */
    photos: photos.get(`offer:${o.id}`) ?? demoOfferPhotos(o.roomType),
    isBestSeller: o.isBestSeller,
    theme: o.theme,
    validFrom: o.validFrom,
    validTo: o.validTo,
  };
}

/** The offers shown today in Asia/Muscat (an expired one disappears by itself). */
export async function listShownOffers(db: Db) {
  const [rows, media] = await Promise.all([offersShownToday(db), photosOfKinds(db, ['offer'])]);
  const photos = groupPhotos(media);
  return rows.map((o) => publicOffer(o, photos));
}

/** The nearby services with their staff photos. */
export async function listServices(db: Db) {
  const [rows, media] = await db.batch([
    db.select().from(services).orderBy(asc(services.sortOrder)),
    photosOfKinds(db, ['service_menu', 'service_gallery']),
  ]);
  const photos = groupPhotos(media);
  return rows.map((s) => ({
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
  }));
}

/** The VIP card types. */
export async function listVipCards(db: Db) {
  const rows = await db.select().from(vipCardTypes).orderBy(asc(vipCardTypes.sortOrder));
  return rows.map((v) => ({
    id: v.id,
    nameAr: v.nameAr,
    nameEn: v.nameEn,
    priceBaisa: v.price,
    totalRooms: v.totalRooms,
    freeCoffees: v.freeCoffees,
    freeNights: v.freeNights,
    discounts: v.discounts,
    isMostPopular: v.isMostPopular,
  }));
}
