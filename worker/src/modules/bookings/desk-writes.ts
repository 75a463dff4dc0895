import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@shared/constants';
import { rowExists, newChangeToken } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { bookingNights, bookingSubmissions } from './tables';
import { holdRoomNightsStatement, releaseRoomNightsStatement, type HotelRoom } from '../inventory';

/**
 * The front desk's guarded changes and reads of one booking, as statements and queries for the
 * desk's own batch (docs/decisions/048-worker-modules.md): the desk never names bookings' tables,
 * and each change stays one statement of the caller's ONE batch. A room's own statements and reads
 * (its status, whether it is taken) are modules/inventory's.
 */

/** What a guarded booking change requires of the row as the caller read it. */
export type BookingGuard = {
  /** The status (or one of them) the row must have. */
  status?: BookingStatus | readonly BookingStatus[];
  /** The change token as read (`is`: null matches null): a change meanwhile is looked at again. */
  changeToken?: string | null;
  /** The check-in time as read. */
  checkedInAt?: Date;
  /** The stay is not checked out. */
  notCheckedOut?: true;
  /** The stay still carries a channel flag. */
  channelFlagged?: true;
  /** The stay's dates as read. */
  stay?: { checkInDate: string; checkOutDate: string };
};

type BookingSet = Omit<Partial<typeof bookingSubmissions.$inferInsert>, 'id' | 'changeToken'>;

function guardSql(guard: BookingGuard): SQL[] {
  const conditions: SQL[] = [];
  if (guard.status !== undefined)
    conditions.push(
      typeof guard.status === 'string'
        ? eq(bookingSubmissions.status, guard.status)
        : inArray(bookingSubmissions.status, [...guard.status]),
    );
  if (guard.changeToken !== undefined)
    conditions.push(sql`${bookingSubmissions.changeToken} is ${guard.changeToken}`);
  if (guard.checkedInAt !== undefined) conditions.push(eq(bookingSubmissions.checkedInAt, guard.checkedInAt));
  if (guard.notCheckedOut) conditions.push(isNull(bookingSubmissions.checkedOutAt));
  if (guard.channelFlagged) conditions.push(isNotNull(bookingSubmissions.channelFlag));
  if (guard.stay)
    conditions.push(
      eq(bookingSubmissions.checkInDate, guard.stay.checkInDate),
      eq(bookingSubmissions.checkOutDate, guard.stay.checkOutDate),
    );
  return conditions;
}

/**
 * One request's change of booking `id` (docs/decisions/009-atomic-state-changes.md): `update`
 * is the conditional first statement (it stamps `token` on the row when `guard` holds), `won`
 * the guard of every statement that follows from it.
 *
 * @example const change = bookingChange(db, id); await db.batch([change.update({ channelFlag: null }, { channelFlagged: true }), insertWhere(db, auditLog, entry, change.won)]);
 */
export function bookingChange(db: Db, id: number, token = newChangeToken()) {
  return {
    token,
    won: rowExists(
      bookingSubmissions,
      sql`${bookingSubmissions.id} = ${id} and ${bookingSubmissions.changeToken} = ${token}`,
    ),
    update: (set: BookingSet, guard: BookingGuard) =>
      db
        .update(bookingSubmissions)
        .set({ ...set, changeToken: token })
        .where(and(eq(bookingSubmissions.id, id), ...guardSql(guard))),
  };
}

/**
 * How many nights booking `bookingId` holds in the allotment now (along the holds' booking index).
 *
 * @example const [{ held }] = await heldNightsQuery(db, 12);
 */
export function heldNightsQuery(db: Db, bookingId: number) {
  return db
    .select({ held: sql<number>`count(*)` })
    .from(bookingNights)
    .where(eq(bookingNights.bookingId, bookingId));
}

/**
 * The room types the stays `bookingIds` hold their nights in now (one row per stay and type).
 *
 * @example const holds = await heldTypesQuery(db, [12, 13]);
 */
export function heldTypesQuery(db: Db, bookingIds: number[]) {
  return db
    .selectDistinct({ bookingId: bookingNights.bookingId, roomType: bookingNights.roomType })
    .from(bookingNights)
    .where(inArray(bookingNights.bookingId, bookingIds));
}

/**
 * A stay's room nights moved to `room` for `nights`, following `change` (its `bookingChange`):
 * the old room's nights go, the new ones come, owned by the stay only while it carries the
 * change's token and in a room only while it is in service (else the constraints refuse the
 * row, and the whole batch with it). Two statements for the caller's batch.
 *
 * @example roomNightsStatements(db, change, 12, { id: 3, roomType: 'family' }, nights)
 */
export function roomNightsStatements(
  db: Db,
  change: { token: string; won: SQL },
  bookingId: number,
  room: { id: number; roomType: HotelRoom['roomType'] },
  nights: string[],
) {
  return [
    releaseRoomNightsStatement(db, bookingId, change.won),
    holdRoomNightsStatement(
      db,
      { ...room, inService: true },
      sql`(select ${bookingSubmissions.id} from ${bookingSubmissions}
          where ${bookingSubmissions.id} = ${bookingId} and ${bookingSubmissions.changeToken} = ${change.token})`,
      nights,
      sql`1`,
    ),
  ] as const;
}
