import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/env';
import { ratePlans } from './tables';

/**
 * A room type an admin adds is sold on the `standard` plan from its creation, at its own price
 * (no nightly rate yet): the statement adding its code to the plan's room types, for the
 * creating batch (modules/bookings/room-types-admin.ts). Other plans sell it once an admin adds it.
 *
 * @example await db.batch([newRoomTypeStatement(db, input), sellOnStandardPlanStatement(db, input.code)]);
 */
export function sellOnStandardPlanStatement(db: Db, code: string) {
  return db
    .update(ratePlans)
    .set({ roomTypes: sql`json_insert(${ratePlans.roomTypes}, '$[#]', ${code})`, updatedAt: new Date() })
    .where(
      sql`${eq(ratePlans.code, 'standard')} and not exists (select 1 from json_each(${ratePlans.roomTypes}) where value = ${code})`,
    );
}
