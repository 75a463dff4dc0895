import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/env';

/**
 * The rooms for sale as the day close and the manager reports count them: the allotment (the room
 * types' totals, as they are now) less the rooms out of order on a night (`room_blocks` periods,
 * each from its first night to the morning the room is back). Offered as scalars of the caller's
 * statement and one read of the periods, so the folio's day report and the reports keep one
 * statement each and name none of these tables.
 */

/**
 * The hotel's allotment, every room type's total (an SQL scalar).
 *
 * @example db.get(sql`select ${roomsAllottedSql()} as rooms`)
 */
export const roomsAllottedSql = (): SQL => sql`(select coalesce(sum(total_count), 0) from room_inventory)`;

/**
 * The rooms out of order the night of `date` (an SQL scalar).
 *
 * @example sql`select ${roomsOutOfOrderSql('2027-03-14')} as outOfOrder`
 */
export const roomsOutOfOrderSql = (date: string): SQL =>
  sql`(select count(*) from room_blocks where from_date <= ${date} and to_date > ${date})`;

/**
 * The out-of-order periods that meet the nights `from`..`to` (`to`: the morning the room is back,
 * exclusive; `from` inclusive, both nights).
 *
 * @example const periods = await outOfOrderPeriodsQuery(db, '2027-03-01', '2027-03-31');
 */
export function outOfOrderPeriodsQuery(db: Db, from: string, to: string) {
  return db.all<{ from: string; to: string }>(
    sql`select from_date as "from", to_date as "to" from room_blocks where from_date <= ${to} and to_date > ${from}`,
  );
}

/**
 * Each room type's allotment, as it is now (the revenue forecast's rooms for sale by type).
 *
 * @example const types = await roomTypeAllotmentsQuery(db);
 */
export function roomTypeAllotmentsQuery(db: Db) {
  return db.all<{ roomType: string; rooms: number }>(
    sql`select room_type as roomType, total_count as rooms from room_inventory`,
  );
}
