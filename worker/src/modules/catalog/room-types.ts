import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { CreateRoomTypeInput, RoomTypeView, UpdateRoomTypeInput } from '@shared/room-type-schemas';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../platform/env';
import { roomTypeQuery, roomTypesQuery } from './catalog-queries';
import { groupPhotos, photosOfKinds } from './media';
import { offersShownTodayQuery, withPrices } from './offers';
import { demoRoomPhotos } from '@shared/demo-pictures';
import { rooms, type Room } from './tables';

/**
 * Room types as the hotel's data (migration 0065, docs/decisions/073-room-types-as-data.md): the
 * rows of `rooms`, one a type, as every reader sees them, and the statements that write them
 * (the bookings module composes them with the inventory, the standard plan and the audit line
 * in one batch).
 */

/** A row as the API answers it. */
export function roomTypeView(r: Room): RoomTypeView {
  return {
    code: r.roomType,
    nameAr: r.nameAr,
    nameEn: r.name,
    descriptionAr: r.descriptionAr,
    descriptionEn: r.description,
    baseOccupancy: r.baseOccupancy,
    maxAdults: r.maxAdults,
    maxChildren: r.maxChildren,
    maxOccupancy: r.maxGuests,
    extraGuestPriceBaisa: r.extraGuestPriceBaisa,
    extraBeds: r.extraBeds,
    bedTypes: r.bedTypes,
    smokingOptions: r.smokingOptions,
    amenities: r.amenities,
    sizeM2: r.sizeM2,
    priceBaisa: r.pricePerNight,
    originalPriceBaisa: r.originalPrice > r.pricePerNight ? r.originalPrice : null,
    pointsPerStay: r.pointsPerStay,
    freeNightPoints: r.freeNightPoints,
    vipEligible: r.vipEligible,
    sortOrder: r.sortOrder,
    active: r.available,
    roomCount: r.roomCount,
    listedRooms: r.listedRooms,
    lowStock: { red: r.lowStockRed, yellow: r.lowStockYellow },
    imageUrl: r.imageUrl,
  };
}

/** Every type as views (active ones only when asked), in display order. */
export async function listRoomTypes(db: Db, { activeOnly = false } = {}) {
  const rows = await roomTypesQuery(db);
  return rows.filter((r) => !activeOnly || r.available).map(roomTypeView);
}

/** One type by code (active or retired), or undefined. */
export async function findRoomType(db: Db, code: string) {
  const [row] = await roomTypeQuery(db, code);
  return row ? roomTypeView(row) : undefined;
}

/**
 * GET /api/room-types (public): the active types (`all`: retired ones too, for the names of what
 * was booked) with their staff photos (or the demo pictures while a spec type has none) and their
 * lowest price today: the standard night, or a lower offer shown today. One D1 batch.
 */
export async function publicRoomTypes(db: Db, { all = false }: { all?: boolean } = {}, now = new Date()) {
  const [rows, media, offers] = await db.batch([
    db
      .select()
      .from(rooms)
      .where(all ? undefined : eq(rooms.available, true))
      .orderBy(asc(rooms.sortOrder), asc(rooms.id)),
    photosOfKinds(db, ['room_type']),
    offersShownTodayQuery(db, now),
  ]);
  const photos = groupPhotos(media);
  const offerPrices = withPrices(offers);
  return rows.map((r) => {
    const view = roomTypeView(r);
    const offered = offerPrices.filter((o) => o.roomType === r.roomType).map((o) => o.discountedPriceBaisa);
    const roomPhotos = photos.get(`room_type:${r.roomType}`) ?? demoRoomPhotos(r.roomType);
    return { ...view, photos: roomPhotos, lowestPriceBaisa: Math.min(view.priceBaisa, ...offered) };
  });
}

/** The row values of a new type (its sort order after the last one unless given). */
export function newRoomTypeStatement(db: Db, input: CreateRoomTypeInput) {
  return db.insert(rooms).values({
    roomType: input.code,
    name: input.nameEn,
    nameAr: input.nameAr,
    description: input.descriptionEn,
    descriptionAr: input.descriptionAr,
    pricePerNight: input.priceBaisa,
    originalPrice: input.originalPriceBaisa ?? input.priceBaisa,
    maxGuests: input.maxOccupancy,
    baseOccupancy: input.baseOccupancy,
    maxAdults: input.maxAdults,
    maxChildren: input.maxChildren,
    extraGuestPriceBaisa: input.extraGuestPriceBaisa,
    extraBeds: input.extraBeds,
    bedTypes: input.bedTypes,
    smokingOptions: input.smokingOptions,
    amenities: input.amenities,
    sizeM2: input.sizeM2,
    pointsPerStay: input.pointsPerStay,
    freeNightPoints: input.freeNightPoints,
    vipEligible: input.vipEligible,
    roomCount: input.roomCount,
    // No numbered room yet: the database counts them as they are added (migration 0077).
    listedRooms: 0,
    lowStockRed: Math.max(1, Math.ceil(input.roomCount / 4)),
    lowStockYellow: Math.max(2, Math.ceil(input.roomCount / 2)),
    sortOrder: input.sortOrder ?? sql`(select coalesce(max(sort_order), 0) + 1 from rooms)`,
  });
}

/** The statement applying `patch` to type `code` (the caller checked it exists). */
export function updateRoomTypeStatement(db: Db, code: string, patch: UpdateRoomTypeInput) {
  const set: SQLiteUpdateSetSource<typeof rooms> = { updatedAt: new Date() };
  if (patch.nameAr !== undefined) set.nameAr = patch.nameAr;
  if (patch.nameEn !== undefined) set.name = patch.nameEn;
  if (patch.descriptionAr !== undefined) set.descriptionAr = patch.descriptionAr;
  if (patch.descriptionEn !== undefined) set.description = patch.descriptionEn;
  if (patch.baseOccupancy !== undefined) set.baseOccupancy = patch.baseOccupancy;
  if (patch.maxAdults !== undefined) set.maxAdults = patch.maxAdults;
  if (patch.maxChildren !== undefined) set.maxChildren = patch.maxChildren;
  if (patch.maxOccupancy !== undefined) set.maxGuests = patch.maxOccupancy;
  if (patch.extraGuestPriceBaisa !== undefined) set.extraGuestPriceBaisa = patch.extraGuestPriceBaisa;
  if (patch.extraBeds !== undefined) set.extraBeds = patch.extraBeds;
  if (patch.bedTypes !== undefined) set.bedTypes = patch.bedTypes;
  if (patch.smokingOptions !== undefined) set.smokingOptions = patch.smokingOptions;
  if (patch.amenities !== undefined) set.amenities = patch.amenities;
  if (patch.sizeM2 !== undefined) set.sizeM2 = patch.sizeM2;
  if (patch.priceBaisa !== undefined) set.pricePerNight = patch.priceBaisa;
  if (patch.originalPriceBaisa !== undefined || patch.priceBaisa !== undefined) {
    // No original price: the same as the price (nothing struck through).
    set.originalPrice =
      patch.originalPriceBaisa === undefined
        ? sql`max(${rooms.originalPrice}, ${patch.priceBaisa ?? 0})`
        : (patch.originalPriceBaisa ?? patch.priceBaisa ?? sql`${rooms.pricePerNight}`);
  }
  if (patch.pointsPerStay !== undefined) set.pointsPerStay = patch.pointsPerStay;
  if (patch.freeNightPoints !== undefined) set.freeNightPoints = patch.freeNightPoints;
  if (patch.vipEligible !== undefined) set.vipEligible = patch.vipEligible;
  if (patch.sortOrder !== undefined) set.sortOrder = patch.sortOrder;
  if (patch.roomCount !== undefined) set.roomCount = patch.roomCount;
  if (patch.active !== undefined) set.available = patch.active;
  return db.update(rooms).set(set).where(eq(rooms.roomType, code));
}

/**
 * A statement that fails the type's row check (`rooms_price_check`) when `refuse` holds, for the
 * head of a batch: the whole batch is then refused, checked in the same transaction as its writes
 * (the bookings module's retirement of a type with bookings to come).
 */
export function refuseRoomTypeWriteIf(db: Db, code: string, refuse: SQL) {
  return db
    .update(rooms)
    .set({ pricePerNight: -1 })
    .where(and(eq(rooms.roomType, code), refuse));
}
