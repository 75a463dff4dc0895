import { sql } from 'drizzle-orm';
import type { HoldsPort } from '../inventory';

/**
 * The nights stays hold, as the inventory counts them against its allotments (modules/inventory
 * `HoldsPort`, installed by the entry with the group blocks' part, `blockHoldsSql`, which
 * modules/groups fills): a stay's nights (`booking_nights`, one row a night, with its bed and
 * smoking type; a group member's inside its block). SQL of rows `(night, w)` for the inventory's
 * own statement, read along the holds' (room type[, kind], night) index.
 */
export const bookingHolds: Pick<HoldsPort, 'stayHoldsSql'> = {
  stayHoldsSql({ roomType, from, to, kind, generalOnly }) {
    return sql`select bn.night, 1 as w from booking_nights bn
      where bn.room_type = ${roomType}${kind ? sql` and ${sql.raw(`bn.${kind.column}`)} = ${kind.value}` : sql``}${
        generalOnly ? sql` and bn.group_id is null` : sql``
      } and bn.night >= ${from}${to === undefined ? sql`` : sql` and bn.night < ${to}`}`;
  },
};
