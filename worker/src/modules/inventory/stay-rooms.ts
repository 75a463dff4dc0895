import { and, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RoomStatus } from '@shared/constants';
import type { Db } from '../../platform/env';
import { insertWhere, rowExists } from '../../platform/atomic';
import { hotelRooms, roomNights, type HotelRoom } from './tables';

/**
 * What a stay's room asks of the rooms (modules/bookings: the assignment, the check-in and out, the
 * staff's edit, a status move, a channel's change): a room's row, its fields inside the caller's
 * statement, the free rooms of a type, and the statements that take, give back and leave a room's
 * nights, each for the caller's batch under the caller's guard (the booking row's change).
 */

/** The nights as rows (`value`) for an INSERT ... SELECT: one statement, one bound value. */
const eachOf = (nights: readonly string[]): SQL => sql`json_each(${JSON.stringify(nights)})`;

/**
 * Numbered room `roomId` as stored (retired or not), along the primary key.
 *
 * @example const room = await roomQuery(db, 3).get();
 */
export function roomQuery(db: Db, roomId: number) {
  return db.select().from(hotelRooms).where(eq(hotelRooms.id, roomId));
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
 * A field of the room `roomId` names (a column or value of the caller's statement), as a scalar
 * inside the caller's select: null when it names none.
 *
 * @example db.select({ roomNumber: roomFieldSql('number', bookingSubmissions.roomId) }).from(bookingSubmissions)
 */
export function roomFieldSql<F extends 'number' | 'status' | 'roomType'>(
  field: F,
  roomId: SQLWrapper | number | null,
) {
  return sql<
    HotelRoom[F] | null
  >`(select ${hotelRooms[field]} from ${hotelRooms} where ${hotelRooms.id} = ${roomId})`;
}

/**
 * Whether room `roomId` is ready for a guest (clean or inspected), as a condition of the caller's
 * guarded statement.
 *
 * @example and(eq(bookingSubmissions.id, id), roomReadySql(3))
 */
export function roomReadySql(roomId: number): SQL {
  return rowExists(
    hotelRooms,
    sql`${hotelRooms.id} = ${roomId} and ${hotelRooms.status} in ('clean', 'inspected')`,
  );
}

/**
 * Whether the stay `bookingId` (its id as SQL or a number) holds a night in room `roomId`, or (no
 * room given) in any room, as a condition of the caller's statement.
 *
 * @example sql`not ${holdsRoomNightSql(bookingSubmissions.id)}`
 */
export function holdsRoomNightSql(bookingId: SQLWrapper | number, roomId?: number): SQL {
  return sql`exists (select 1 from ${roomNights} where ${roomNights.bookingId} = ${bookingId}${
    roomId === undefined ? sql`` : sql` and ${roomNights.roomId} = ${roomId}`
  })`;
}

/**
 * Room `roomId` to be cleaned (a guest left it), unless out of order, under `guard`: a statement
 * for the caller's batch.
 *
 * @example roomToCleanStatement(db, 3, user.id, now, won)
 */
export function roomToCleanStatement(db: Db, roomId: number, by: number, now: Date, guard: SQL) {
  return db
    .update(hotelRooms)
    .set({ status: 'dirty', statusChangedAt: now, statusChangedBy: by, updatedAt: now })
    .where(and(eq(hotelRooms.id, roomId), sql`${hotelRooms.status} <> 'out_of_order'`, guard));
}

/**
 * Stay `bookingId`'s room nights given up (from night `from` on, or all of them), under `guard`: a
 * statement for the caller's batch.
 *
 * @example releaseRoomNightsStatement(db, 12, won, today)
 */
export function releaseRoomNightsStatement(db: Db, bookingId: number, guard: SQL, from?: string) {
  return db
    .delete(roomNights)
    .where(
      and(
        eq(roomNights.bookingId, bookingId),
        from === undefined ? undefined : gte(roomNights.night, from),
        guard,
      ),
    );
}

/**
 * Stay `bookingId`'s `nights` in room `room.id`, written only where `guard` holds (the unique
 * room-night index refuses a night the room is taken: the whole batch with it). The room's type is
 * `room.roomType`, or read from the room when not given; with `inService` the room must be active
 * and not out of order (else the row, and the batch, is refused). A statement for the caller's batch.
 *
 * @example holdRoomNightsStatement(db, { id: 3, roomType: 'family' }, 12, ['2027-03-13'], won)
 */
export function holdRoomNightsStatement(
  db: Db,
  room: { id: number; roomType?: string; inService?: boolean },
  bookingId: number | SQL,
  nights: readonly string[],
  guard: SQL,
) {
  return insertWhere(
    db,
    roomNights,
    {
      roomId: room.inService
        ? sql`(select ${hotelRooms.id} from ${hotelRooms}
            where ${hotelRooms.id} = ${room.id} and ${hotelRooms.retiredAt} is null
              and ${hotelRooms.status} <> 'out_of_order')`
        : room.id,
      night: sql`value`,
      roomType:
        room.roomType ??
        sql`(select ${hotelRooms.roomType} from ${hotelRooms} where ${hotelRooms.id} = ${room.id})`,
      bookingId,
      blockId: null,
    },
    guard,
    eachOf(nights),
  );
}

/**
 * The rooms of `roomType` in service (active, not out of order, and not `outOfService`: a caller's
 * condition on a room's id, the work orders'), free on every night of [from, to) but for the stay
 * `exceptBookingId`'s own; clean or inspected ones first, then by floor and number. A select the
 * caller limits.
 *
 * @example const room = await freeRoomsQuery(db, { roomType: 'family', from, to }).limit(1).get();
 */
export function freeRoomsQuery(
  db: Db,
  w: {
    roomType: string;
    from: string;
    to: string;
    exceptBookingId?: number;
    outOfService?: (roomId: SQL) => SQL;
  },
) {
  return db
    .select()
    .from(hotelRooms)
    .where(
      and(
        eq(hotelRooms.roomType, w.roomType),
        isNull(hotelRooms.retiredAt),
        sql`${hotelRooms.status} <> 'out_of_order'`,
        // A room out of service (a work order says so) is sold, never given by the desk's choice.
        w.outOfService ? sql`not ${w.outOfService(sql`${hotelRooms.id}`)}` : undefined,
        sql`not exists (select 1 from ${roomNights} rn where rn.room_id = ${hotelRooms.id}
          and rn.night >= ${w.from} and rn.night < ${w.to}${
            w.exceptBookingId === undefined
              ? sql``
              : sql`
          and (rn.booking_id is null or rn.booking_id <> ${w.exceptBookingId})`
          })`,
      ),
    )
    .orderBy(
      sql`case when ${hotelRooms.status} in ('clean', 'inspected') then 0 else 1 end`,
      hotelRooms.floor,
      sql`length(${hotelRooms.number})`,
      hotelRooms.number,
    );
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
 * The rooms out of order of each type (or of `roomType` alone) on each night of [from, to) (block
 * nights, along their (type, night) index).
 *
 * @example const blocked = await blockedNightsQuery(db, '2027-03-13', '2027-03-20');
 */
export function blockedNightsQuery(db: Db, from: string, to: string, roomType?: string) {
  return db
    .select({ roomType: roomNights.roomType, night: roomNights.night, rooms: sql<number>`count(*)` })
    .from(roomNights)
    .where(
      and(
        roomType === undefined ? undefined : eq(roomNights.roomType, roomType),
        isNotNull(roomNights.blockId),
        gte(roomNights.night, from),
        lt(roomNights.night, to),
      ),
    )
    .groupBy(roomNights.roomType, roomNights.night);
}
