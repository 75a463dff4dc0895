import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';

/**
 * The fake channel manager's own books (migration 0068, development only; providers/fake/). The
 * app never reads them but through the fake's HTTP API (`/dev/channex/api/v1`), as it would a
 * real channel manager's; its test controls (`/api/dev/channel`) read and write them directly.
 */

const REVISION_STATUSES = ['new', 'modified', 'cancelled'] as const;

/** Rooms for sale per channel room type and night. */
export const fakeChannexAvailability = sqliteTable(
  'fake_channex_availability',
  {
    roomTypeId: text('room_type_id').notNull(),
    date: text('date').notNull(),
    availability: integer('availability').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [primaryKey({ columns: [t.roomTypeId, t.date] })],
);

/** Price (baisa) and restrictions per channel room type, rate plan and night; null: never sent. */
export const fakeChannexRestrictions = sqliteTable(
  'fake_channex_restrictions',
  {
    roomTypeId: text('room_type_id').notNull(),
    ratePlanId: text('rate_plan_id').notNull(),
    date: text('date').notNull(),
    rateBaisa: integer('rate_baisa'),
    minStay: integer('min_stay'),
    maxStay: integer('max_stay'),
    stopSell: integer('stop_sell', { mode: 'boolean' }),
    closedToArrival: integer('closed_to_arrival', { mode: 'boolean' }),
    closedToDeparture: integer('closed_to_departure', { mode: 'boolean' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [primaryKey({ columns: [t.roomTypeId, t.ratePlanId, t.date] })],
);

/** A booking an "OTA" made at the fake: its latest details (JSON, the test control's fields). */
export const fakeChannexBookings = sqliteTable(
  'fake_channex_bookings',
  {
    id: text('id').primaryKey(),
    status: text('status', { enum: REVISION_STATUSES }).notNull(),
    details: text('details').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [check('fake_channex_bookings_status_check', sql`${t.status} IN ('new', 'modified', 'cancelled')`)],
);

/** One booking revision as the feed answers it (`body`: its attributes, JSON); unacked while `ackedAt` is null. */
export const fakeChannexRevisions = sqliteTable(
  'fake_channex_revisions',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => fakeChannexBookings.id),
    status: text('status', { enum: REVISION_STATUSES }).notNull(),
    body: text('body').notNull(),
    ackedAt: integer('acked_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    check('fake_channex_revisions_status_check', sql`${t.status} IN ('new', 'modified', 'cancelled')`),
    uniqueIndex('fake_channex_revisions_id_unique').on(t.id),
    index('fake_channex_revisions_unacked_idx')
      .on(t.seq)
      .where(sql`${t.ackedAt} IS NULL`),
  ],
);

/** The ARI calls of the last minute (the fake's rate limit). */
export const fakeChannexCalls = sqliteTable(
  'fake_channex_calls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['availability', 'restrictions'] }).notNull(),
    at: integer('at').notNull(),
  },
  (t) => [
    check('fake_channex_calls_kind_check', sql`${t.kind} IN ('availability', 'restrictions')`),
    index('fake_channex_calls_kind_at_idx').on(t.kind, t.at),
  ],
);

/** The faults a test asked for: the next `remaining` API calls answer `status` (one row, id 1). */
export const fakeChannexFaults = sqliteTable(
  'fake_channex_faults',
  {
    id: integer('id').primaryKey(),
    status: integer('status').notNull(),
    remaining: integer('remaining').notNull(),
    /** The next `warnings` pushes each have their first value ignored with a warning (migration 0080). */
    warnings: integer('warnings').notNull().default(0),
  },
  (t) => [check('fake_channex_faults_one_row', sql`${t.id} = 1`)],
);

/**
 * The fake's own room types (migration 0080), made through its `POST /room_types` as Channex's are.
 * Beside them the fake knows the hotel's own types under their codes (providers/fake/catalogue.ts).
 */
export const fakeChannexRoomTypes = sqliteTable('fake_channex_room_types', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  countOfRooms: integer('count_of_rooms').notNull().default(0),
  occupancy: integer('occupancy').notNull().default(2),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

/** The fake's own rate plans, each of one room type (Channex's rate plans belong to one room type). */
export const fakeChannexRatePlans = sqliteTable('fake_channex_rate_plans', {
  id: text('id').primaryKey(),
  /** One of the fake's own types, or one of the hotel's under its code (so no foreign key). */
  roomTypeId: text('room_type_id').notNull(),
  title: text('title').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});
/** Whether the fake holds its webhooks back (migration 0083; one row, id 1): a test delivers them on demand. */
export const fakeChannexWebhookHold = sqliteTable(
  'fake_channex_webhook_hold',
  {
    id: integer('id').primaryKey(),
    holding: integer('holding', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [check('fake_channex_webhook_hold_one_row', sql`${t.id} = 1`)],
);
