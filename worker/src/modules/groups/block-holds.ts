import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/env';
import { groupStays, type BlockNightsPort } from '../bookings';
import type { HoldsPort } from '../inventory';
import { groupBlockNights } from './tables';

/**
 * What the blocks hold, as the modules below read it (docs/decisions/048-worker-modules.md, "The
 * group blocks apart"): the rooms of a type a block holds on a night (`group_block_nights`), for
 * the inventory's availability and allotment guard (its `HoldsPort`, `blockHoldsSql`) and
 * bookings' alternatives (its `BlockNightsPort`, `blockNightsSql`), both installed by the entry;
 * and the tape chart's holds (the front desk's `blockHoldsQuery`).
 */
export const groupHolds: Pick<HoldsPort, 'blockHoldsSql'> & BlockNightsPort = {
  blockHoldsSql({ roomType, from, to }) {
    return sql`select g.night, g.held as w from group_block_nights g
      where g.room_type = ${roomType} and g.night >= ${from}${to === undefined ? sql`` : sql` and g.night < ${to}`}`;
  },
  blockNightsSql(from, to) {
    return sql`select g.room_type, g.night, g.held from group_block_nights g
      where g.night >= ${from} and g.night < ${to}`;
  },
};

/**
 * The rooms group blocks hold of each type on the nights [from, to) (out of general sale) and how
 * many their members took, along the holds' (room type, night) index: the tape chart's fourth read.
 *
 * @example const [[hold]] = await db.batch([blockHoldsQuery(db, from, to)]);
 */
export function blockHoldsQuery(db: Db, from: string, to: string) {
  return db
    .select({
      groupId: groupBlockNights.groupId,
      roomType: groupBlockNights.roomType,
      night: groupBlockNights.night,
      held: groupBlockNights.held,
      pickedUp: groupStays
        .pickedUpSql(groupBlockNights.groupId, groupBlockNights.roomType, groupBlockNights.night)
        .mapWith(Number),
    })
    .from(groupBlockNights)
    .where(
      and(
        gte(groupBlockNights.night, from),
        lt(groupBlockNights.night, to),
        sql`${groupBlockNights.held} > 0`,
      ),
    )
    .orderBy(asc(groupBlockNights.roomType), asc(groupBlockNights.night));
}
