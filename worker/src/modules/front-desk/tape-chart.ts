import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, stayNights } from '@shared/dates';
import { roomChartReads } from '../bookings';
import { blockHoldsQuery } from '../groups';
import type { Db } from '../../platform/env';

/**
 * The tape chart: the hotel's rooms by type and number × `nights` nights
 * from `from`, the stays and out-of-order blocks on them, and the approved or confirmed bookings
 * of the window that have no room yet, and the group blocks' holds. One D1 round trip (a batch of
 * the three reads the bookings module offers, `roomChartReads`, and the group blocks' holds
 * modules/groups offers, `blockHoldsQuery`), each bounded by the window.
 */

const byNumber = new Intl.Collator('en', { numeric: true });

/** Rooms of the chart, by type (the catalogue's order, then code) then number ("2" before "10"). */
export function sortRooms<R extends { roomType: string; number: string; typeOrder: number }>(
  rooms: R[],
): R[] {
  return rooms.sort(
    (a, b) =>
      a.typeOrder - b.typeOrder ||
      (a.roomType < b.roomType ? -1 : a.roomType > b.roomType ? 1 : 0) ||
      byNumber.compare(a.number, b.number),
  );
}

export type TapeChartStay = {
  roomId: number;
  bookingId: number;
  reference: string;
  guestName: string;
  status: string;
  roomType: RoomTypeCode;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  /** The first and last night of the stay in this room inside the window. */
  firstNight: string;
  lastNight: string;
  checkedIn: boolean;
  checkedOut: boolean;
};

export type TapeChartBlock = {
  roomId: number;
  blockId: number;
  reason: string;
  /** The block's whole period (to exclusive) and its nights inside the window. */
  fromDate: string;
  toDate: string;
  firstNight: string;
  lastNight: string;
};

export async function tapeChart(db: Db, from: string, nights: number) {
  const to = addDays(from, nights);
  const [rooms, taken, unassigned, groupHolds] = await db.batch([
    ...roomChartReads(db, from, to),
    blockHoldsQuery(db, from, to),
  ]);
  const stays: TapeChartStay[] = [];
  const blocks: TapeChartBlock[] = [];
  // Rows come by room then night: a stay (or block) is a run of consecutive nights of one owner.
  let last: { roomId: number; key: string; night: string; item: TapeChartStay | TapeChartBlock } | undefined;
  for (const row of taken) {
    const key = row.bookingId !== null ? `b${row.bookingId}` : `k${row.blockId}`;
    if (last && last.roomId === row.roomId && last.key === key && addDays(last.night, 1) === row.night) {
      last.item.lastNight = row.night;
      last.night = row.night;
      continue;
    }
    let item: TapeChartStay | TapeChartBlock;
    if (row.bookingId !== null) {
      item = {
        roomId: row.roomId,
        bookingId: row.bookingId,
        reference: row.reference ?? '',
        guestName: row.guestName ?? '',
        status: row.status ?? 'approved',
        roomType: row.roomType ?? '',
        checkInDate: row.checkInDate ?? row.night,
        checkOutDate: row.checkOutDate ?? addDays(row.night, 1),
        numberOfGuests: row.numberOfGuests ?? 1,
        firstNight: row.night,
        lastNight: row.night,
        checkedIn: row.checkedInAt !== null,
        checkedOut: row.checkedOutAt !== null,
      };
      stays.push(item);
    } else {
      item = {
        roomId: row.roomId,
        blockId: row.blockId!,
        reason: row.reason ?? '',
        fromDate: row.blockFrom ?? row.night,
        toDate: row.blockTo ?? addDays(row.night, 1),
        firstNight: row.night,
        lastNight: row.night,
      };
      blocks.push(item);
    }
    last = { roomId: row.roomId, key, night: row.night, item };
  }
  return {
    from,
    nights,
    days: stayNights(from, to),
    rooms: sortRooms(rooms).map(({ typeOrder: _order, ...room }) => room),
    stays,
    blocks,
    unassigned,
    groupHolds,
  };
}

export type TapeChart = Awaited<ReturnType<typeof tapeChart>>;
