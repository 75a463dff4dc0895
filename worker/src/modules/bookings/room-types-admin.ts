import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { hotelToday } from '@shared/dates';
import type { SessionUser } from '@shared/auth-schemas';
import {
  occupancyAfter,
  type CreateRoomTypeInput,
  type RoomTypeView,
  type UpdateRoomTypeInput,
} from '@shared/room-type-schemas';
import {
  listRoomTypes,
  newRoomTypeStatement,
  refuseRoomTypeWriteIf,
  roomTypeView,
  roomTypeQuery,
  updateRoomTypeStatement,
} from '../catalog';
import { sellOnStandardPlanStatement } from '../rates';
import { bookingSubmissions } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { allotmentTouchedStatement, newTypeAllotmentStatements, typeAllotmentStatements } from '../inventory';

/**
 * The room types admin (GET/POST /api/admin/room-types, PATCH /api/admin/room-types/:code):
 * room types are the hotel's data (docs/decisions/073-room-types-as-data.md). Adding one writes,
 * in one batch, its row, its inventory (every room of it sellable, for each bed type and smoking
 * option it offers), its place on the standard plan and the audit line; retiring one is refused
 * while bookings of it are still to come, in the same statement as the retirement.
 */

/** Statuses of a booking that still holds rooms. */
const HOLDING = ['pending', 'approved', 'confirmed'] as const;

/** Bookings of `code` not yet over (their check-out after today). */
function toCome(code: SQL | string, today: string) {
  return sql`(select count(*) from ${bookingSubmissions} where ${inArray(bookingSubmissions.status, [...HOLDING])}
    and ${bookingSubmissions.roomType} = ${code} and ${bookingSubmissions.checkOutDate} > ${today})`;
}

export type AdminRoomType = RoomTypeView & { upcomingBookings: number };

/** Every type, retired ones too, each with its bookings still to come (two reads in one batch). */
export async function adminRoomTypes(db: Db, now = new Date()): Promise<AdminRoomType[]> {
  const today = hotelToday(now);
  const [types, counts] = await Promise.all([
    listRoomTypes(db),
    db
      .select({ roomType: bookingSubmissions.roomType, n: sql<number>`count(*)` })
      .from(bookingSubmissions)
      .where(
        and(
          inArray(bookingSubmissions.status, [...HOLDING]),
          sql`${bookingSubmissions.checkOutDate} > ${today}`,
        ),
      )
      .groupBy(bookingSubmissions.roomType),
  ]);
  const upcoming = new Map(counts.map((c) => [c.roomType as string, Number(c.n)]));
  return types.map((t) => ({ ...t, upcomingBookings: upcoming.get(t.code) ?? 0 }));
}

/** How many of a type's bookings to come are named before retiring it (the rest counted). */
export const UPCOMING_LISTED = 20;

/**
 * The bookings of type `code` still to come (holding rooms, their check-out after today), the
 * next UPCOMING_LISTED by arrival with their guest, and how many there are in all: what an admin
 * sees before retiring the type. 404 `room_type_not_found` for a code the hotel has no type of.
 * One batch of three reads (the type, the first bookings, the count).
 */
export async function upcomingBookingsOf(db: Db, code: string, now = new Date()) {
  const today = hotelToday(now);
  const toComeWhere = and(
    eq(bookingSubmissions.roomType, code),
    inArray(bookingSubmissions.status, [...HOLDING]),
    sql`${bookingSubmissions.checkOutDate} > ${today}`,
  );
  const [type, bookings, [count]] = await db.batch([
    roomTypeQuery(db, code),
    db
      .select({
        id: bookingSubmissions.id,
        reference: bookingSubmissions.reference,
        fullName: bookingSubmissions.fullName,
        checkInDate: bookingSubmissions.checkInDate,
        checkOutDate: bookingSubmissions.checkOutDate,
        status: bookingSubmissions.status,
      })
      .from(bookingSubmissions)
      .where(toComeWhere)
      .orderBy(bookingSubmissions.checkInDate, bookingSubmissions.id)
      .limit(UPCOMING_LISTED),
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookingSubmissions)
      .where(toComeWhere),
  ]);
  if (type.length === 0) throw new ApiError(404, 'room_type_not_found');
  const total = Number(count?.n ?? 0);
  return { total, bookings, more: Math.max(0, total - bookings.length) };
}

/** What the database's refusal of a room types write means (null: not one of ours). */
function refusal(err: unknown): ApiError | null {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('rooms.room_type')) return new ApiError(409, 'room_type_taken');
  if (text.includes('room_inventory_bounds_check') || text.includes('inventory_bounds_check')) {
    return new ApiError(409, 'inventory_below_held');
  }
  if (text.includes('rooms_price_check')) return new ApiError(409, 'room_type_in_use');
  if (text.includes('room_type_invalid')) return new ApiError(422, 'room_type_invalid');
  return null;
}

async function run(db: Db, statements: BatchItem<'sqlite'>[]) {
  try {
    return await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    throw refusal(err) ?? err;
  }
}

/** POST: a new type, sellable at once on the standard plan. 409 `room_type_taken` on a used code. */
export async function createRoomType(
  db: Db,
  actor: SessionUser,
  input: CreateRoomTypeInput,
  now = new Date(),
) {
  const count = input.roomCount;
  await run(db, [
    newRoomTypeStatement(db, input),
    ...newTypeAllotmentStatements(db, input.code, count, input.bedTypes, input.smokingOptions),
    sellOnStandardPlanStatement(db, input.code),
    db.insert(auditLog).values(auditEntry(actor, 'room_type.create', 'room_type', input.code, null, input)),
  ]);
  const created = (await adminRoomTypes(db, now)).find((t) => t.code === input.code);
  return created!;
}

/**
 * The inventory follows a new room count: the allotment's cap becomes it and a fully sold
 * allotment grows with it; never below the rooms held on the busiest night to come (the row's
 * bounds check refuses it: 409 `inventory_below_held`). Bed and smoking rows whose cap was the
 * old count follow it too; rows for a bed type or smoking option newly offered are added.
 */
function inventoryStatements(db: Db, before: RoomTypeView, patch: UpdateRoomTypeInput, today: string) {
  const next = patch.roomCount ?? before.roomCount;
  const resized = patch.roomCount !== undefined && patch.roomCount !== before.roomCount;
  return typeAllotmentStatements(
    db,
    before.code,
    resized ? { old: before.roomCount, next } : null,
    { bedTypes: patch.bedTypes, smokingOptions: patch.smokingOptions },
    next,
    today,
  );
}

/**
 * PATCH: any field; `active: false` retires the type (409 `room_type_in_use` while bookings of it
 * are to come, checked in the retiring statement itself, so a booking made meanwhile counts).
 */
export async function updateRoomType(
  db: Db,
  actor: SessionUser,
  code: string,
  patch: UpdateRoomTypeInput,
  now = new Date(),
) {
  const [row] = await roomTypeQuery(db, code);
  if (!row) throw new ApiError(404, 'room_type_not_found');
  const before = roomTypeView(row);
  if (!occupancyAfter(before, patch)) {
    throw new ApiError(400, 'validation_failed', { maxOccupancy: 'room_type_occupancy_invalid' });
  }
  const today = hotelToday(now);
  const retiring = patch.active === false && before.active;
  await run(db, [
    // Retiring with bookings to come: this statement breaks its row's price check, so the whole
    // batch is refused (409 room_type_in_use), a booking made a moment before counted.
    ...(retiring ? [refuseRoomTypeWriteIf(db, code, sql`${toCome(code, today)} > 0`)] : []),
    updateRoomTypeStatement(db, code, patch),
    ...inventoryStatements(db, before, patch, today),
    // Retired or sold again: the public inventory counts (which leave a retired type's rows out,
    // polled on the inventory version) change too, so the version moves with it (the row's own
    // update trigger).
    ...(patch.active !== undefined && patch.active !== before.active
      ? [allotmentTouchedStatement(db, code)]
      : []),
    db.insert(auditLog).values(auditEntry(actor, 'room_type.update', 'room_type', code, before, patch)),
  ]);
  return (await adminRoomTypes(db, now)).find((t) => t.code === code)!;
}
