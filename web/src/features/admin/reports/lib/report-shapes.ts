import type { OnTheBooksRow } from '../api/reports';

/** At most this many keys get a colour of their own; the rest are summed as "Others". */
export const MOST_KEYS = 6;

export type NightsByKey = {
  keys: { key: string; label: string }[];
  nights: {
    date: string;
    /** Rooms per key, in the order of `keys`. */
    rooms: number[];
    totalRooms: number;
    revenueBaisa: number;
    /** Rooms of requests the hotel has not answered yet (apart from the booked ones). */
    pendingRooms: number;
    /** Rooms held by tentative group blocks and not picked up (apart from the booked ones). */
    tentativeRooms: number;
    /** The hotel's occupancy that night: the keys' shares summed (null when none is known). */
    occupancy: number | null;
  }[];
};

/**
 * The on-the-books rows (one per night and key) as one row per night with a column per key:
 * the keys with the most rooms first, those after the sixth summed as `others`. Every night of
 * `window` (the report's nights, with the rooms for sale) has its row, an empty one too: a night
 * with nothing booked is 0 and its occupancy 0 %, never left out of the axis.
 */
export function nightsByKey(
  rows: readonly OnTheBooksRow[],
  label: (row: OnTheBooksRow) => string,
  others: string,
  window: readonly { date: string; roomsForSale: number }[] = [],
): NightsByKey {
  const totals = new Map<string, { label: string; rooms: number }>();
  for (const row of rows) {
    const seen = totals.get(row.key) ?? { label: label(row), rooms: 0 };
    seen.rooms += row.rooms;
    totals.set(row.key, seen);
  }
  const ranked = [...totals.entries()].sort(
    (a, b) => b[1].rooms - a[1].rooms || a[1].label.localeCompare(b[1].label),
  );
  const kept = ranked.length > MOST_KEYS ? ranked.slice(0, MOST_KEYS - 1) : ranked;
  const keys = kept.map(([key, v]) => ({ key, label: v.label }));
  if (ranked.length > kept.length) keys.push({ key: '\u0000others', label: others });
  const column = new Map(keys.map((k, i) => [k.key, i]));
  const nights = new Map<string, NightsByKey['nights'][number]>();
  const empty = (date: string, occupancy: number | null): NightsByKey['nights'][number] => ({
    date,
    rooms: keys.map(() => 0),
    totalRooms: 0,
    revenueBaisa: 0,
    pendingRooms: 0,
    tentativeRooms: 0,
    occupancy,
  });
  for (const night of window) nights.set(night.date, empty(night.date, night.roomsForSale > 0 ? 0 : null));
  for (const row of [...rows].sort((a, b) => a.date.localeCompare(b.date))) {
    const night = nights.get(row.date) ?? empty(row.date, null);
    const k = column.get(row.key) ?? keys.length - 1;
    night.rooms[k] = (night.rooms[k] ?? 0) + row.rooms;
    night.totalRooms += row.rooms;
    night.revenueBaisa += row.revenueBaisa;
    night.pendingRooms += row.pendingRooms;
    night.tentativeRooms += row.tentativeRooms;
    if (row.occupancy !== null) night.occupancy = (night.occupancy ?? 0) + row.occupancy;
    nights.set(row.date, night);
  }
  return { keys, nights: [...nights.values()].sort((a, b) => a.date.localeCompare(b.date)) };
}
