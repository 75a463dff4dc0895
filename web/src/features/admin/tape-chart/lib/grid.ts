import { addDays, stayNights } from '@shared/dates';
import type { ChartBlock, ChartRoom, ChartStay, TapeChart } from '../api/tape-chart';

/** A row's cells: an empty night, or a stay or block spanning `span` nights from `start`. */
export type RowCell =
  | { kind: 'empty'; night: string }
  | { kind: 'stay'; start: number; span: number; stay: ChartStay }
  | { kind: 'block'; start: number; span: number; block: ChartBlock };

/** The cells of one room's row over `days`, in night order (the table lays them out by direction). */
export function rowCells(days: string[], stays: ChartStay[], blocks: ChartBlock[]): RowCell[] {
  const index = new Map(days.map((day, i) => [day, i]));
  const items = [
    ...stays.map((stay) => ({
      first: stay.firstNight,
      last: stay.lastNight,
      cell: { kind: 'stay' as const, stay },
    })),
    ...blocks.map((block) => ({
      first: block.firstNight,
      last: block.lastNight,
      cell: { kind: 'block' as const, block },
    })),
  ].sort((a, b) => a.first.localeCompare(b.first));
  const cells: RowCell[] = [];
  let i = 0;
  for (const item of items) {
    const start = index.get(item.first);
    const end = index.get(item.last);
    if (start === undefined || end === undefined || start < i) continue;
    for (; i < start; i += 1) cells.push({ kind: 'empty', night: days[i]! });
    const span = end - start + 1;
    cells.push({ ...item.cell, start, span } as RowCell);
    i = end + 1;
  }
  for (; i < days.length; i += 1) cells.push({ kind: 'empty', night: days[i]! });
  return cells;
}

/** The nights a stay needs, and the window (≤ 31 nights) to read to know which rooms are free. */
export function stayWindow(stay: { checkInDate: string; checkOutDate: string }) {
  const nights = stayNights(stay.checkInDate, stay.checkOutDate);
  return { from: stay.checkInDate, nights: Math.min(31, Math.max(1, nights.length)) };
}

/**
 * The rooms free on every night of the stay (from a chart covering it): of the stay's type, not
 * out of order, holding no other stay and no block on those nights; the stay's own room left out.
 */
export function freeRooms(
  chart: Pick<TapeChart, 'rooms' | 'stays' | 'blocks'>,
  stay: { bookingId: number; roomType: string; checkInDate: string; checkOutDate: string },
  currentRoomId?: number,
): ChartRoom[] {
  const wanted = new Set(stayNights(stay.checkInDate, stay.checkOutDate));
  const busy = new Set<number>();
  const overlaps = (first: string, last: string) => {
    for (let night = first; night <= last; night = addDays(night, 1)) if (wanted.has(night)) return true;
    return false;
  };
  for (const other of chart.stays)
    if (other.bookingId !== stay.bookingId && overlaps(other.firstNight, other.lastNight))
      busy.add(other.roomId);
  for (const block of chart.blocks) if (overlaps(block.firstNight, block.lastNight)) busy.add(block.roomId);
  return chart.rooms.filter(
    (room) =>
      room.roomType === stay.roomType &&
      room.status !== 'out_of_order' &&
      room.id !== currentRoomId &&
      !busy.has(room.id),
  );
}
