import { and, eq, sql } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import type { SessionUser } from '@shared/auth-schemas';
import type { BedType, SmokingType } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { roomBedInventory, roomInventory, roomSmokingInventory } from './allotment-tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { bedAvailability, roomAvailability, smokingAvailability, windowOrTonight } from './availability';
import { ApiError } from '../../platform/api-error';

/**
 * The admin counters: staff set the sellable allotment per room type,
 * bed type and smoking type, refused below 0 (the schema) or above the row's cap; each change
 * and its audit line are one batch. Each answers the row as tonight's availability shows it.
 */
function checkBounds(value: number, row: { maxCapacity: number } | undefined) {
  if (!row) throw new ApiError(404, 'inventory_not_found');
  if (value > row.maxCapacity)
    throw new ApiError(400, 'validation_failed', { availableCount: 'inventory_above_cap' });
}

/**
 * The rooms of a type taken on its busiest night from tonight on: the bookings held plus the
 * rooms out of order. The allotment never goes below it: the trigger refuses new holds
 * beyond the allotment, but lowering it would leave the nights already held oversold.
 */
export function busiestNight(roomType: string, today: string) {
  // Group members' nights are inside their blocks' holds (migration 0072), counted whole.
  return sql`coalesce((select max(n) from (select sum(w) as n from (
      select night, 1 as w from booking_nights where room_type = ${roomType} and night >= ${today} and group_id is null
      union all
      select night, 1 from room_nights where room_type = ${roomType} and block_id is not null and night >= ${today}
      union all
      select night, held from group_block_nights where room_type = ${roomType} and night >= ${today})
    group by night)), 0)`;
}

export async function setRoomAllotment(
  db: Db,
  user: SessionUser,
  roomType: RoomTypeCode,
  value: number,
  now = new Date(),
) {
  const before = await db.select().from(roomInventory).where(eq(roomInventory.roomType, roomType)).get();
  checkBounds(value, before);
  const [updated] = await db.batch([
    // Guarded in the statement itself, so a booking made meanwhile is counted.
    db
      .update(roomInventory)
      .set({ totalCount: value })
      .where(
        and(
          eq(roomInventory.roomType, roomType),
          sql`${value} >= ${busiestNight(roomType, hotelToday(now))}`,
        ),
      )
      .returning({ roomType: roomInventory.roomType }),
    insertWhere(
      db,
      auditLog,
      auditEntry(user, 'inventory.rooms', 'room_inventory', roomType, before, { totalCount: value }),
      sql`exists (select 1 from room_inventory where room_type = ${roomType} and total_count = ${value})`,
    ),
  ]);
  if (updated.length === 0) throw new ApiError(409, 'inventory_below_held');
  const rows = await roomAvailability(db, windowOrTonight({}));
  return rows.find((r) => r.roomType === roomType)!;
}

export async function setBedAllotment(
  db: Db,
  user: SessionUser,
  roomType: RoomTypeCode,
  bedType: BedType,
  value: number,
) {
  const where = and(eq(roomBedInventory.roomType, roomType), eq(roomBedInventory.bedType, bedType));
  const before = await db.select().from(roomBedInventory).where(where).get();
  checkBounds(value, before);
  await db.batch([
    db.update(roomBedInventory).set({ totalCount: value }).where(where),
    db.insert(auditLog).values(
      auditEntry(user, 'inventory.beds', 'room_bed_inventory', `${roomType}/${bedType}`, before, {
        totalCount: value,
      }),
    ),
  ]);
  const rows = await bedAvailability(db, windowOrTonight({}));
  return rows.find((r) => r.roomType === roomType && r.bedType === bedType)!;
}

export async function setSmokingAllotment(
  db: Db,
  user: SessionUser,
  roomType: RoomTypeCode,
  smokingType: SmokingType,
  value: number,
) {
  const where = and(
    eq(roomSmokingInventory.roomType, roomType),
    eq(roomSmokingInventory.smokingType, smokingType),
  );
  const before = await db.select().from(roomSmokingInventory).where(where).get();
  checkBounds(value, before);
  await db.batch([
    db.update(roomSmokingInventory).set({ totalCount: value }).where(where),
    db
      .insert(auditLog)
      .values(
        auditEntry(
          user,
          'inventory.smoking',
          'room_smoking_inventory',
          `${roomType}/${smokingType}`,
          before,
          { totalCount: value },
        ),
      ),
  ]);
  const rows = await smokingAvailability(db, windowOrTonight({}));
  return rows.find((r) => r.roomType === roomType && r.smokingType === smokingType)!;
}
