import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ROOM_STATUSES } from '@shared/constants';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissionsKey } from './upper-keys';

/**
 * The hotel's physical, numbered rooms (migration 0035). `rooms` is the catalogue of
 * room types, so these are `hotel_rooms`; the API calls them rooms (/api/admin/rooms). A retired
 * room keeps its row for the stays that name it and frees its number.
 */
export const hotelRooms = sqliteTable(
  'hotel_rooms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Free text as the hotel writes it ("204"), Latin digits; shown by shared/src/room-number.ts. */
    number: text('number').notNull(),
    roomType: text('room_type').notNull(),
    floor: integer('floor').notNull().default(0),
    status: text('status', { enum: ROOM_STATUSES }).notNull().default('clean'),
    notes: text('notes'),
    statusChangedAt: integer('status_changed_at', { mode: 'timestamp_ms' }),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    retiredAt: integer('retired_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hotel_rooms_active_number_idx')
      .on(t.number)
      .where(sql`${t.retiredAt} is null`),
    index('hotel_rooms_room_type_idx').on(t.roomType, t.number),
    index('hotel_rooms_status_changed_by_idx')
      .on(t.statusChangedBy)
      .where(sql`${t.statusChangedBy} is not null`),
    check('hotel_rooms_status_check', sql`${t.status} in ('clean', 'dirty', 'inspected', 'out_of_order')`),
    check('hotel_rooms_number_check', sql`length(${t.number}) between 1 and 16`),
  ],
);
export type HotelRoom = typeof hotelRooms.$inferSelect;

/** A room out of order from `fromDate` to `toDate` (exclusive), its nights in `room_nights`. */
export const roomBlocks = sqliteTable(
  'room_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomId: integer('room_id')
      .notNull()
      .references(() => hotelRooms.id, { onDelete: 'cascade' }),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('room_blocks_room_id_idx').on(t.roomId, t.fromDate),
    // The rooms list's periods not yet ended (migration 0040).
    index('room_blocks_to_date_idx').on(t.toDate),
    index('room_blocks_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    check('room_blocks_dates_check', sql`${t.toDate} > ${t.fromDate}`),
  ],
);

/**
 * One row per room and night it is taken, by an assigned stay (`bookingId`) or an out-of-order
 * block (`blockId`), never both. The unique (room, night) index refuses two stays in one room on
 * one night (409 room_taken); block nights count against the type's allotment in the
 * no-overbooking trigger (migration 0035).
 */
export const roomNights = sqliteTable(
  'room_nights',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomId: integer('room_id')
      .notNull()
      .references(() => hotelRooms.id, { onDelete: 'cascade' }),
    night: text('night').notNull(),
    /** The room's type, copied so a type's block nights are counted along an index. */
    roomType: text('room_type').notNull(),
    bookingId: integer('booking_id').references(() => bookingSubmissionsKey.id, { onDelete: 'cascade' }),
    blockId: integer('block_id').references(() => roomBlocks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('room_nights_room_night_idx').on(t.roomId, t.night),
    index('room_nights_booking_id_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index('room_nights_block_id_idx')
      .on(t.blockId)
      .where(sql`${t.blockId} is not null`),
    index('room_nights_blocked_type_night_idx')
      .on(t.roomType, t.night)
      .where(sql`${t.blockId} is not null`),
    index('room_nights_night_idx').on(t.night, t.roomId),
    check('room_nights_owner_check', sql`(${t.bookingId} is null) <> (${t.blockId} is null)`),
  ],
);
