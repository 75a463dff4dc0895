import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { stayNights } from '@shared/dates';
import { hotelRooms, roomBlocks, roomNights } from './tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { roomRefusal } from './hotel-rooms';

/**
 * A room out of order for another module's batch (modules/work-orders: a fault that takes its room
 * out of order): the same `room_blocks` period and `room_nights` rows the rooms screen writes
 * (hotel-rooms.ts), so the nights leave the type's allotment in the database's trigger, the channel
 * hears of them by its outbox triggers, and the desk, the tape chart and the reports see them as
 * any other period. Ending one deletes its nights from today on (the past ones stay, as history)
 * in the caller's batch. The stays a period would meet, whom a refusal names, are bookings'
 * (`roomStaysQuery`).
 */

type Period = {
  roomId: number;
  roomType: RoomTypeCode;
  /** First night out of order. */
  from: string;
  /** The morning the room is back (exclusive). */
  to: string;
  reason: string;
  actorId: number;
  today: string;
  now: Date;
};

/** The block a period's statements have just made: the room's newest (the batch holds the write lock). */
const newestBlockOf = (roomId: number) => sql`(select max(id) from room_blocks where room_id = ${roomId})`;

export const roomOutOfOrder = {
  /** An active room, for the caller's batch: its number, type and housekeeping status. */
  roomQuery(db: Db, roomId: number) {
    return db
      .select({
        id: hotelRooms.id,
        number: hotelRooms.number,
        roomType: hotelRooms.roomType,
        status: hotelRooms.status,
      })
      .from(hotelRooms)
      .where(and(eq(hotelRooms.id, roomId), isNull(hotelRooms.retiredAt)));
  },

  /** The SQL of the block `open` makes, for a row of the same batch that keeps its id. */
  newestBlockOf,

  /**
   * The statements taking the room out of order for the period: the block, its nights (refused
   * by the database for a night the room is taken, 409 room_taken, or past the type's allotment,
   * 409 out_of_order_below_held: `refusal`), and the room's status when the period holds tonight.
   */
  open(db: Db, p: Period): BatchItem<'sqlite'>[] {
    const statements: BatchItem<'sqlite'>[] = [
      db
        .insert(roomBlocks)
        .values({ roomId: p.roomId, fromDate: p.from, toDate: p.to, reason: p.reason, createdBy: p.actorId }),
      insertWhere(
        db,
        roomNights,
        {
          roomId: p.roomId,
          night: sql`nights.value`,
          roomType: p.roomType,
          blockId: newestBlockOf(p.roomId),
        },
        sql`1`,
        sql`json_each(${JSON.stringify(stayNights(p.from, p.to))}) as nights`,
      ),
    ];
    if (p.from <= p.today && p.today < p.to)
      statements.push(
        db
          .update(hotelRooms)
          .set({
            status: 'out_of_order',
            statusChangedAt: p.now,
            statusChangedBy: p.actorId,
            updatedAt: p.now,
          })
          .where(eq(hotelRooms.id, p.roomId)),
      );
    return statements;
  },

  /**
   * The statements giving the room back from `today`: the block's nights from today go, the block
   * ends today (or goes, if it had not begun), and a room out of order tonight with no other
   * period holding it is to be cleaned. Each statement runs under `guard` (the caller's change
   * having been made in the same batch).
   */
  end(db: Db, e: { blockId: number; roomId: number; today: string; now: Date; actorId: number; guard: SQL }) {
    return [
      db
        .delete(roomNights)
        .where(and(eq(roomNights.blockId, e.blockId), gte(roomNights.night, e.today), e.guard)),
      db
        .delete(roomBlocks)
        .where(and(eq(roomBlocks.id, e.blockId), gte(roomBlocks.fromDate, e.today), e.guard)),
      db
        .update(roomBlocks)
        .set({ toDate: e.today, updatedAt: e.now })
        .where(and(eq(roomBlocks.id, e.blockId), sql`${roomBlocks.toDate} > ${e.today}`, e.guard)),
      db
        .update(hotelRooms)
        .set({ status: 'dirty', statusChangedAt: e.now, statusChangedBy: e.actorId, updatedAt: e.now })
        .where(
          and(
            eq(hotelRooms.id, e.roomId),
            eq(hotelRooms.status, 'out_of_order'),
            sql`not exists (select 1 from room_nights rn where rn.room_id = ${e.roomId} and rn.night = ${e.today})`,
            e.guard,
          ),
        ),
    ] satisfies BatchItem<'sqlite'>[];
  },

  /** What a refusal of the database means for these statements (null: not one of ours). */
  refusal: roomRefusal,
};
