import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LOST_ITEM_ACTIONS, LOST_ITEM_STATUSES } from '@shared/lost-found-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissions } from '../bookings/tables';
import { hotelRooms } from '../inventory/tables';

/**
 * An item found in the hotel (migration 0090): where and in which room, what it is, its photo (R2),
 * who found it; the stay it is matched to (`bookingId`), the notice to its guest (`notifiedAt`, the
 * address written to in `contactEmail`), and its end: handed back (`contactName`, `returnedAt`) or
 * disposed of once `keepUntil` has passed.
 */
export const lostFoundItems = sqliteTable(
  'lost_found_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    foundOn: text('found_on').notNull(),
    place: text('place').notNull(),
    roomId: integer('room_id').references(() => hotelRooms.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    photoKey: text('photo_key'),
    photoType: text('photo_type'),
    photoBytes: integer('photo_bytes'),
    foundBy: integer('found_by').references(() => users.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id').references(() => bookingSubmissions.id, { onDelete: 'set null' }),
    status: text('status', { enum: LOST_ITEM_STATUSES }).notNull().default('held'),
    keepUntil: text('keep_until').notNull(),
    notifiedAt: integer('notified_at', { mode: 'timestamp_ms' }),
    contactEmail: text('contact_email'),
    contactName: text('contact_name'),
    returnedAt: integer('returned_at', { mode: 'timestamp_ms' }),
    disposedAt: integer('disposed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lost_found_items_status_idx').on(t.status, t.id),
    // The items held past their keeping period.
    index('lost_found_items_keep_until_idx')
      .on(t.keepUntil)
      .where(sql`${t.status} = 'held'`),
    index('lost_found_items_room_id_idx')
      .on(t.roomId, t.id)
      .where(sql`${t.roomId} is not null`),
    index('lost_found_items_booking_id_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index('lost_found_items_found_by_idx')
      .on(t.foundBy)
      .where(sql`${t.foundBy} is not null`),
    check('lost_found_items_status_check', sql`${t.status} in ('held', 'returned', 'disposed')`),
    check('lost_found_items_returned_check', sql`(${t.status} = 'returned') = (${t.returnedAt} is not null)`),
    check('lost_found_items_disposed_check', sql`(${t.status} = 'disposed') = (${t.disposedAt} is not null)`),
  ],
);
export type LostFoundItem = typeof lostFoundItems.$inferSelect;

/** Each step of an item, by whom (migration 0090). */
export const lostFoundLog = sqliteTable(
  'lost_found_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => lostFoundItems.id, { onDelete: 'cascade' }),
    action: text('action', { enum: LOST_ITEM_ACTIONS }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('lost_found_log_item_id_idx').on(t.itemId, t.id),
    index('lost_found_log_actor_id_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
    check(
      'lost_found_log_action_check',
      sql`${t.action} in ('found', 'matched', 'unmatched', 'notified', 'returned', 'disposed')`,
    ),
  ],
);

/** The hotel's keeping period for found items (one row). */
export const lostFoundSettings = sqliteTable(
  'lost_found_settings',
  {
    id: integer('id').primaryKey(),
    keepDays: integer('keep_days').notNull().default(90),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('lost_found_settings_one_row_check', sql`${t.id} = 1`),
    check('lost_found_settings_keep_days_check', sql`${t.keepDays} between 1 and 3650`),
  ],
);
