import { and, eq, sql } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import type { SessionUser } from '@shared/auth-schemas';
import { BED_TYPES, SMOKING_TYPES, type BedType, type SmokingType } from '@shared/constants';
import type { BatchItem } from 'drizzle-orm/batch';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { roomBedInventory, roomInventory, roomSmokingInventory } from './allotment-tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { bedAvailability, roomAvailability, smokingAvailability, windowOrTonight } from './availability';
import { ApiError } from '../../platform/api-error';
import { holds } from './holds-port';

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
  const holding = { roomType, from: today };
  return sql`coalesce((select max(n) from (select sum(w) as n from (
      ${holds().stayHoldsSql({ ...holding, generalOnly: true })}
      union all
      select night, 1 from room_nights where room_type = ${roomType} and block_id is not null and night >= ${today}
      union all
      ${holds().blockHoldsSql(holding)})
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

/**
 * A new room type's allotments, every room of it sellable (`count`), for each bed type and
 * smoking option it offers: statements for the room types admin's batch (modules/bookings).
 *
 * @example db.batch([...newTypeAllotmentStatements(db, 'suite', 4, ['double'], ['non_smoking'])])
 */
export function newTypeAllotmentStatements(
  db: Db,
  code: string,
  count: number,
  bedTypes: readonly BedType[],
  smokingOptions: readonly SmokingType[],
): BatchItem<'sqlite'>[] {
  return [
    db.insert(roomInventory).values({ roomType: code, totalCount: count, maxCapacity: count }),
    ...BED_TYPES.filter((b) => bedTypes.includes(b)).map((bedType) =>
      db.insert(roomBedInventory).values({ roomType: code, bedType, totalCount: count, maxCapacity: count }),
    ),
    ...SMOKING_TYPES.filter((s) => smokingOptions.includes(s)).map((smokingType) =>
      db
        .insert(roomSmokingInventory)
        .values({ roomType: code, smokingType, totalCount: count, maxCapacity: count }),
    ),
  ];
}

/**
 * The allotments follow a type's new room count (`rooms`: the old and the new, or null when it
 * did not change): the allotment's cap becomes it and a fully sold allotment grows with it; never
 * below the rooms held on the busiest night to come (the row's bounds check refuses it: 409
 * `inventory_below_held`). Bed and smoking rows whose cap was the old count follow it too; rows
 * for a bed type or smoking option newly offered are added. Statements for the caller's batch.
 *
 * @example typeAllotmentStatements(db, 'family', { old: 36, next: 38 }, { bedTypes: ['single'] }, today)
 */
export function typeAllotmentStatements(
  db: Db,
  code: string,
  rooms: { old: number; next: number } | null,
  added: { bedTypes?: readonly BedType[]; smokingOptions?: readonly SmokingType[] },
  next: number,
  today: string,
): BatchItem<'sqlite'>[] {
  const statements: BatchItem<'sqlite'>[] = [];
  if (rooms) {
    const { old } = rooms;
    statements.push(
      db
        .update(roomInventory)
        .set({
          maxCapacity: next,
          totalCount: sql`max(case when ${roomInventory.totalCount} >= ${old} then ${next}
            else min(${roomInventory.totalCount}, ${next}) end, ${busiestNight(code, today)})`,
        })
        .where(eq(roomInventory.roomType, code)),
    );
    for (const table of [roomBedInventory, roomSmokingInventory]) {
      statements.push(
        db
          .update(table)
          .set({
            maxCapacity: sql`case when ${table.maxCapacity} = ${old} or ${table.maxCapacity} > ${next} then ${next} else ${table.maxCapacity} end`,
            totalCount: sql`case when ${table.totalCount} >= ${old} then ${next} else min(${table.totalCount}, ${next}) end`,
          })
          .where(eq(table.roomType, code)),
      );
    }
  }
  for (const bedType of added.bedTypes ?? []) {
    statements.push(
      db
        .insert(roomBedInventory)
        .values({ roomType: code, bedType, totalCount: next, maxCapacity: next })
        .onConflictDoNothing(),
    );
  }
  for (const smokingType of added.smokingOptions ?? []) {
    statements.push(
      db
        .insert(roomSmokingInventory)
        .values({ roomType: code, smokingType, totalCount: next, maxCapacity: next })
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/**
 * A type's allotment row rewritten as it is, so that the inventory version moves (its update
 * trigger): a type retired or sold again changes the public counts. A statement for the caller's batch.
 *
 * @example allotmentTouchedStatement(db, 'family')
 */
export function allotmentTouchedStatement(db: Db, code: string) {
  return db
    .update(roomInventory)
    .set({ totalCount: sql`${roomInventory.totalCount}` })
    .where(eq(roomInventory.roomType, code));
}

/**
 * The allotments a stay's alternatives are looked for in: every type's rooms, and the asked
 * type's for the bed type and the smoking preference (three queries for the caller's batch).
 *
 * @example const [types, bed, smoking] = await db.batch(allotmentTotalsQueries(db, 'family', 'double', 'non_smoking'));
 */
export function allotmentTotalsQueries(db: Db, roomType: string, bedType: BedType, smokingType: SmokingType) {
  return [
    db.select({ roomType: roomInventory.roomType, total: roomInventory.totalCount }).from(roomInventory),
    db
      .select({ total: roomBedInventory.totalCount })
      .from(roomBedInventory)
      .where(and(eq(roomBedInventory.roomType, roomType), eq(roomBedInventory.bedType, bedType))),
    db
      .select({ total: roomSmokingInventory.totalCount })
      .from(roomSmokingInventory)
      .where(
        and(eq(roomSmokingInventory.roomType, roomType), eq(roomSmokingInventory.smokingType, smokingType)),
      ),
  ] as const;
}
