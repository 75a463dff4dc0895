import { asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { rooms, services, siteSettings, vipCardTypes, type Room } from './tables';

type SiteSettingsRow = typeof siteSettings.$inferSelect;
import { SITE_SETTINGS_ID } from './site-settings';
import type { Db } from '../../platform/env';

/**
 * Reads of the catalogue for other modules (the assistant's facts, the rates' structured data):
 * queries that can go in a D1 batch beside the caller's own, so no other module names the
 * catalogue's tables. Each returns a drizzle query; await it, or put it in `db.batch([...])`.
 */

/**
 * A field of the room type `roomType` names (a column or value of the caller's statement), as a
 * scalar inside the caller's statement, along the type's unique index: null when it names none.
 *
 * @example sql`coalesce(${roomTypeFieldSql('sortOrder', hotelRooms.roomType)}, 1e9)`
 */
export function roomTypeFieldSql<F extends 'name' | 'nameAr' | 'sortOrder' | 'pointsPerStay'>(
  field: F,
  roomType: SQLWrapper | string,
) {
  return sql<Room[F] | null>`(select ${rooms[field]} from ${rooms} where ${rooms.roomType} = ${roomType})`;
}

/**
 * The services shown to guests (active ones), in their display order.
 *
 * @example const rows = await activeServicesQuery(db);
 */
export function activeServicesQuery(db: Db) {
  return db.select().from(services).where(eq(services.isActive, true)).orderBy(asc(services.sortOrder));
}

/**
 * Every VIP card type, in its display order.
 *
 * @example const cards = await vipCardTypesQuery(db);
 */
export function vipCardTypesQuery(db: Db) {
  return db.select().from(vipCardTypes).orderBy(asc(vipCardTypes.sortOrder));
}

/**
 * Each room type's capacity, crossed-out price and whether it is shown, in display order.
 *
 * @example const [rates, rooms] = await db.batch([rateNightsAllTypesQuery(db, from, to), roomCapacitiesQuery(db)]);
 */
export function roomCapacitiesQuery(db: Db) {
  return db
    .select({
      roomType: rooms.roomType,
      original: rooms.originalPrice,
      maxGuests: rooms.maxGuests,
      available: rooms.available,
    })
    .from(rooms)
    .orderBy(asc(rooms.sortOrder));
}

/**
 * Every room type's whole row, in display order (then by id).
 *
 * @example const [roomRows] = await db.batch([roomRowsQuery(db)]);
 */
export function roomRowsQuery(db: Db) {
  return db.select().from(rooms).orderBy(asc(rooms.sortOrder), asc(rooms.id));
}

/**
 * The site settings' one row as stored (an empty list before the seed); `readSiteSettings` reads
 * it with its defaults filled in.
 *
 * @example const [[settings]] = await db.batch([siteSettingsRowQuery(db)]);
 */
export function siteSettingsRowQuery(db: Db) {
  return db.select().from(siteSettings).where(eq(siteSettings.id, SITE_SETTINGS_ID));
}

/**
 * A field of the site settings' one row, as a scalar inside the caller's statement (along its
 * primary key): null before the seed.
 *
 * @example sql`(select ${siteSettingFieldSql('bookingAlertEmail')})`
 */
export function siteSettingFieldSql<F extends 'bookingAlertEmail'>(field: F) {
  return sql<
    SiteSettingsRow[F] | null
  >`(select ${siteSettings[field]} from ${siteSettings} where ${siteSettings.id} = ${SITE_SETTINGS_ID})`;
}

/**
 * Every room type (active or retired), in display order: the hotel's own data (migration 0065).
 * Small (one row a type) and the same for every request; read it in the caller's batch.
 *
 * @example const [types, nights] = await db.batch([roomTypesQuery(db), nightsQuery]);
 */
export function roomTypesQuery(db: Db) {
  return db.select().from(rooms).orderBy(asc(rooms.sortOrder), asc(rooms.id));
}

/**
 * One room type by its code (active or retired), or none.
 *
 * @example const [type] = await roomTypeQuery(db, 'family-suite');
 */
export function roomTypeQuery(db: Db, code: string) {
  return db.select().from(rooms).where(eq(rooms.roomType, code)).limit(1);
}
