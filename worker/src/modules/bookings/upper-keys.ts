import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * The tables of the modules above bookings that its tables reference, named by their SQL name and
 * their key alone (docs/decisions/048-worker-modules.md, "The inventory apart" and "The group
 * blocks apart"): a foreign key from a lower module's table to an upper one's imports nothing of
 * the upper module. Never written: a stand-in for the reference, and the key by which bookings'
 * reads of a block (group-billing-reads.ts) join it, its other columns named by SQL name. Not a `*tables.ts` file, so the schema test compares `group_blocks`
 * as modules/groups declares it, and this key through the foreign keys of
 * `booking_submissions.group_id` and `booking_nights.group_id` that name it.
 */
export const groupBlocksKey = sqliteTable('group_blocks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
});
