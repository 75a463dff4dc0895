import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';

/**
 * The books on hand each day close stored (migration 0076): per night ahead, room type, segment,
 * source and company (0: none), the rooms and net room revenue on the books, each kind apart:
 * definite (approved and confirmed bookings, definite blocks' unpicked holds), tentative
 * (tentative blocks' unpicked holds) and pending (requests awaiting the hotel's answer, migration
 * 0081); only the combinations with something on the books.
 */
export const booksOnHand = sqliteTable(
  'books_on_hand',
  {
    closeDate: text('close_date').notNull(),
    night: text('night').notNull(),
    roomType: text('room_type').notNull(),
    segment: text('segment').notNull(),
    source: text('source').notNull(),
    companyId: integer('company_id').notNull().default(0),
    definiteRooms: integer('definite_rooms').notNull().default(0),
    definiteRevenueBaisa: integer('definite_revenue_baisa').notNull().default(0),
    tentativeRooms: integer('tentative_rooms').notNull().default(0),
    tentativeRevenueBaisa: integer('tentative_revenue_baisa').notNull().default(0),
    pendingRooms: integer('pending_rooms').notNull().default(0),
    pendingRevenueBaisa: integer('pending_revenue_baisa').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.closeDate, t.night, t.roomType, t.segment, t.source, t.companyId] }),
    check('books_on_hand_counts_check', sql`${t.definiteRooms} >= 0 AND ${t.tentativeRooms} >= 0`),
  ],
);

/** Every night a close stored, its rooms and revenue counted without the grouping (the integrity check's measure). */
export const booksOnHandNights = sqliteTable(
  'books_on_hand_nights',
  {
    closeDate: text('close_date').notNull(),
    night: text('night').notNull(),
    rooms: integer('rooms').notNull(),
    revenueBaisa: integer('revenue_baisa').notNull(),
  },
  (t) => [primaryKey({ columns: [t.closeDate, t.night] })],
);

/**
 * The guest nights each day close stored per stay (migration 0091, docs/decisions/093): the
 * guest's nationality ('' unknown) and the stay's segment as they were at the close, its room
 * nights posted that day (their sum is the close's rooms sold), those nights times its guests,
 * and its guests when its first night is among them. The monthly tourism return reads these.
 */
export const dayCloseGuestNights = sqliteTable(
  'day_close_guest_nights',
  {
    closeDate: text('close_date').notNull(),
    bookingId: integer('booking_id').notNull(),
    nationality: text('nationality').notNull().default(''),
    segment: text('segment').notNull().default(''),
    rooms: integer('rooms').notNull(),
    guestNights: integer('guest_nights').notNull(),
    arrivals: integer('arrivals').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.closeDate, t.bookingId] }),
    index('day_close_guest_nights_booking_idx').on(t.bookingId),
    check(
      'day_close_guest_nights_counts_check',
      sql`${t.rooms} >= 0 AND ${t.guestNights} >= 0 AND ${t.arrivals} >= 0`,
    ),
  ],
);

/**
 * The guest nights of the companions each day close stored (migration 0092, docs/decisions/093):
 * per stay and companion nationality ('' unknown) as it was at the close, the stay's room nights
 * posted that day times those companions, and those companions when its first night is among
 * them. The stay's own row (day_close_guest_nights) holds its other guests.
 */
export const dayCloseCompanionNights = sqliteTable(
  'day_close_companion_nights',
  {
    closeDate: text('close_date').notNull(),
    bookingId: integer('booking_id').notNull(),
    nationality: text('nationality').notNull().default(''),
    guestNights: integer('guest_nights').notNull(),
    arrivals: integer('arrivals').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.closeDate, t.bookingId, t.nationality] }),
    index('day_close_companion_nights_booking_idx').on(t.bookingId),
    check('day_close_companion_nights_counts_check', sql`${t.guestNights} >= 0 AND ${t.arrivals} >= 0`),
  ],
);
