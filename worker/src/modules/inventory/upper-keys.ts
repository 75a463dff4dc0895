import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * The tables of the modules above the inventory that its tables reference, named by their SQL name
 * and their key alone (docs/decisions/048-worker-modules.md, "The inventory apart"): a foreign key
 * from a lower module's table to an upper one's imports nothing of the upper module. Never
 * selected from or written here: a stand-in for the reference only. Not a `*tables.ts` file, so
 * the schema test compares `booking_submissions` as its own module declares it, and this key
 * through the foreign key of `room_nights.booking_id` that names it.
 */
export const bookingSubmissionsKey = sqliteTable('booking_submissions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
});
