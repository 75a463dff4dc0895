import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../platform/env';
import { bookingSubmissions } from './tables';
import { groupBlocksKey } from './upper-keys';

/**
 * What the folio reads of a group block and its members to bill a master-billed block (decision
 * 076): the group a member's room nights go on, the block's billing row with its holder (first
 * member), and a member's guest name. The folio keeps its own tables (lines, balances).
 *
 * Bookings' read over its stays: the block's row is modules/groups' (above bookings and the
 * folio), named by its SQL name through bookings' stand-in of its key (`groupBlocksKey`,
 * upper-keys.ts) and its other columns by name (docs/decisions/048-worker-modules.md, "The group
 * blocks apart"). In groups it would make folio -> groups -> folio.
 */

/**
 * The master-billed group of booking `bookingId` as an SQL scalar (its block bills the members'
 * rooms to its own folio); null: the stay's nights are its own. Read where the batch reaches it.
 *
 * @example
 * sql`${masterBilledGroupIdSql(7)} is null` // the stay's room nights are its own
 */
/**
 * The name of group block `groupId` (a booking's `group_id`), null for none: a member's card names
 * its group, where source and segment would only say "group" twice. One row by primary key.
 *
 * @example db.select({ groupName: groupNameSql(bookingSubmissions.groupId) })
 */
export const groupNameSql = (groupId: SQL | SQLiteColumn): SQL<string | null> =>
  sql<string | null>`(select gn.name from group_blocks gn where gn.id = ${groupId})`;

export const masterBilledGroupIdSql = (bookingId: number | SQL | SQLiteColumn): SQL =>
  sql`(select g.id from booking_submissions mb join group_blocks g on g.id = mb.group_id
    where mb.id = ${bookingId} and g.billing = 'master')`;

/**
 * The master-billed group of booking `bookingId`: `[{ groupId }]`, or `[]` when its room nights
 * are its own (a query to put in a batch; along the keys).
 *
 * @example
 * const [master] = await db.batch([masterBilledGroupQuery(db, 7)]);
 */
export function masterBilledGroupQuery(db: Db, bookingId: number) {
  return db
    .select({ groupId: groupBlocksKey.id })
    .from(bookingSubmissions)
    .innerJoin(groupBlocksKey, eq(groupBlocksKey.id, bookingSubmissions.groupId))
    .where(and(eq(bookingSubmissions.id, bookingId), sql`"group_blocks"."billing" = 'master'`));
}

/**
 * Group block `groupId`'s billing row: its name, billing, company and holder (its first member,
 * null without members); `[]` for no such block (a query to put in a batch).
 *
 * @example
 * const [[group]] = await db.batch([groupBillingQuery(db, 3)]);
 */
export function groupBillingQuery(db: Db, groupId: number) {
  return db
    .select({
      id: groupBlocksKey.id,
      name: sql<string>`"group_blocks"."name"`,
      billing: sql<'master' | 'individual'>`"group_blocks"."billing"`,
      companyId: sql<number | null>`"group_blocks"."company_id"`,
      // Named in full: a select of one table names its columns bare, and a bare "id" here is h's.
      holderId: sql<number | null>`(select min(h.id) from booking_submissions h
        where h.group_id = group_blocks.id)`,
    })
    .from(groupBlocksKey)
    .where(eq(groupBlocksKey.id, groupId));
}

/** A booking's guest name by its id, as a subquery for a caller's select; null for no such booking. */
export function bookingGuestNameSql(bookingId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select b.full_name from booking_submissions b where b.id = ${bookingId})`;
}
