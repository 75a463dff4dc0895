import { sql } from 'drizzle-orm';
import type { HoldsPort } from '../inventory';

/**
 * The nights stays and group blocks hold, as the inventory counts them against its allotments
 * (modules/inventory `HoldsPort`, installed by the entry): a stay's nights (`booking_nights`, one
 * row a night, with its bed and smoking type; a group member's inside its block) and the rooms
 * a group block holds (`group_block_nights`). SQL of rows `(night, w)` for the inventory's own
 * statement, read along the holds' (room type[, kind], night) indexes.
 */
export const bookingHolds: HoldsPort = {
  stayHoldsSql({ roomType, from, to, kind, generalOnly }) {
    return sql`select bn.night, 1 as w from booking_nights bn
      where bn.room_type = ${roomType}${kind ? sql` and ${sql.raw(`bn.${kind.column}`)} = ${kind.value}` : sql``}${
        generalOnly ? sql` and bn.group_id is null` : sql``
      } and bn.night >= ${from}${to === undefined ? sql`` : sql` and bn.night < ${to}`}`;
  },
  blockHoldsSql({ roomType, from, to }) {
    return sql`select g.night, g.held as w from group_block_nights g
      where g.room_type = ${roomType} and g.night >= ${from}${to === undefined ? sql`` : sql` and g.night < ${to}`}`;
  },
};
