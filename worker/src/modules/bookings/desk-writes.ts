import { and, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus, RoomStatus } from '@shared/constants';
import { insertWhere, rowExists, newChangeToken } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { bookingNights, bookingSubmissions, hotelRooms, roomNights, type HotelRoom } from './tables';

/**
 * The front desk's guarded changes and reads of one booking and one room, as statements and
 * queries for the desk's own batch (docs/decisions/048-worker-modules.md): the desk never names
 * bookings' tables, and each change stays one statement of the caller's ONE batch.
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
 * A numbered room's service state, and how many of `nights` (a stay's, in order) another holder
 * (a stay but `exceptBookingId`, a block) takes: two queries for one batch.
 *
 * @example const [room, taken] = await db.batch(roomTakenQueries(db, 3, ['2027-03-13', '2027-03-14'], 12));
 */
export function roomTakenQueries(db: Db, roomId: number, nights: readonly string[], exceptBookingId: number) {
  return [
    db
      .select({ retiredAt: hotelRooms.retiredAt, status: hotelRooms.status })
      .from(hotelRooms)
      .where(eq(hotelRooms.id, roomId)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(roomNights)
      .where(
        and(
          eq(roomNights.roomId, roomId),
          sql`${roomNights.night} >= ${nights[0]} and ${roomNights.night} <= ${nights[nights.length - 1]}`,
          sql`coalesce(${roomNights.bookingId}, 0) <> ${exceptBookingId}`,
        ),
      ),
  ] as const;
}

/**
 * Sets room `roomId`'s housekeeping status, only while it has `from.status` (or one of them) set
 * at `from.changedAt` (not touched since; left out: whenever it was set) and `when` holds: a
 * statement for the caller's batch. A housekeeping task done passes the statuses it may change
 * (a departure clean makes a dirty room clean; never a room out of order).
 *
 * @example roomStatusStatement(db, 3, { status: 'clean', by: user.id, now }, { status: 'dirty', changedAt, when: won })
 */
export function roomStatusStatement(
  db: Db,
  roomId: number,
  to: { status: RoomStatus; by: number; now: Date },
  from: { status: RoomStatus | readonly RoomStatus[]; changedAt?: Date; when: SQL },
) {
  const statuses = typeof from.status === 'string' ? [from.status] : [...from.status];
  return db
    .update(hotelRooms)
    .set({ status: to.status, statusChangedAt: to.now, statusChangedBy: to.by, updatedAt: to.now })
    .where(
      and(
        eq(hotelRooms.id, roomId),
        inArray(hotelRooms.status, statuses),
        from.changedAt === undefined ? undefined : eq(hotelRooms.statusChangedAt, from.changedAt),
        from.when,
      ),
    );
}

/**
 * The numbered rooms `ids` as stored (retired ones too), along the primary key.
 *
 * @example const rooms = await hotelRoomsQuery(db, [3, 4]);
 */
export function hotelRoomsQuery(db: Db, ids: number[]) {
  return db.select().from(hotelRooms).where(inArray(hotelRooms.id, ids));
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
 * The room nights held in rooms `roomIds` on the nights [first, last), with their holder.
 *
 * @example const taken = await roomNightsOfRoomsQuery(db, [3], '2027-03-13', '2027-03-15');
 */
export function roomNightsOfRoomsQuery(db: Db, roomIds: number[], first: string, last: string) {
  return db
    .select({ roomId: roomNights.roomId, night: roomNights.night, bookingId: roomNights.bookingId })
    .from(roomNights)
    .where(
      and(gte(roomNights.night, first), lt(roomNights.night, last), inArray(roomNights.roomId, roomIds)),
    );
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
    db.delete(roomNights).where(and(eq(roomNights.bookingId, bookingId), change.won)),
    insertWhere(
      db,
      roomNights,
      {
        roomId: sql`(select ${hotelRooms.id} from ${hotelRooms}
            where ${hotelRooms.id} = ${room.id} and ${hotelRooms.retiredAt} is null
              and ${hotelRooms.status} <> 'out_of_order')`,
        night: sql`value`,
        roomType: room.roomType,
        bookingId: sql`(select ${bookingSubmissions.id} from ${bookingSubmissions}
            where ${bookingSubmissions.id} = ${bookingId} and ${bookingSubmissions.changeToken} = ${change.token})`,
      },
      sql`1`,
      sql`json_each(${JSON.stringify(nights)})`,
    ),
  ] as const;
}
