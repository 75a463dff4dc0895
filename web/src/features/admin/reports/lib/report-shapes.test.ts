import { describe, expect, it } from 'vitest';
import type { OnTheBooksRow } from '../api/reports';
import { MOST_KEYS, nightsByKey } from './report-shapes';

const row = (
  date: string,
  key: string,
  rooms: number,
  occupancy: number | null = rooms / 32,
): OnTheBooksRow => ({
  date,
  key,
  label: key,
  rooms,
  revenueBaisa: rooms * 10_000,
  occupancy,
  tentativeRooms: 0,
  tentativeRevenueBaisa: 0,
  pendingRooms: 0,
  pendingRevenueBaisa: 0,
});

describe('the books ahead as one row per night', () => {
  it('puts the keys with most rooms first and sums the occupancy shares of a night', () => {
    const table = nightsByKey(
      [row('2026-12-02', 'a', 1), row('2026-12-01', 'b', 4), row('2026-12-01', 'a', 2)],
      (r) => r.key.toUpperCase(),
      'Others',
    );
    expect(table.keys).toEqual([
      { key: 'b', label: 'B' },
      { key: 'a', label: 'A' },
    ]);
    expect(table.nights).toEqual([
      {
        date: '2026-12-01',
        rooms: [4, 2],
        totalRooms: 6,
        revenueBaisa: 60_000,
        pendingRooms: 0,
        tentativeRooms: 0,
        occupancy: 0.1875,
      },
      {
        date: '2026-12-02',
        rooms: [0, 1],
        totalRooms: 1,
        revenueBaisa: 10_000,
        pendingRooms: 0,
        tentativeRooms: 0,
        occupancy: 0.03125,
      },
    ]);
  });

  it(`sums the keys after the ${MOST_KEYS - 1} largest as one "Others" column`, () => {
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'];
    const table = nightsByKey(
      keys.map((key, i) => row('2026-12-01', key, 10 - i)),
      (r) => r.key,
      'Others',
    );
    expect(table.keys.map((k) => k.label)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'Others']);
    expect(table.nights[0]!.rooms).toEqual([10, 9, 8, 7, 6, 5 + 4]);
    expect(table.nights[0]!.totalRooms).toBe(49);
  });

  it('leaves the occupancy unknown when no rooms were for sale', () => {
    expect(
      nightsByKey([row('2026-12-01', 'a', 0, null)], (r) => r.key, 'Others').nights[0]!.occupancy,
    ).toBeNull();
  });
});

describe('every night of the window', () => {
  it('has its row, a night with nothing booked too, in date order; requests and tentative holds apart', () => {
    const table = nightsByKey(
      [
        { ...row('2026-12-10', 'a', 1), pendingRooms: 1 },
        { ...row('2026-12-13', 'group', 0, 0), tentativeRooms: 2 },
      ],
      (r) => r.key,
      'Others',
      [
        { date: '2026-11-29', roomsForSale: 32 },
        { date: '2026-12-10', roomsForSale: 32 },
        { date: '2026-12-11', roomsForSale: 0 },
        { date: '2026-12-13', roomsForSale: 32 },
      ],
    );
    expect(
      table.nights.map((n) => [n.date, n.totalRooms, n.pendingRooms, n.tentativeRooms, n.occupancy]),
    ).toEqual([
      ['2026-11-29', 0, 0, 0, 0],
      ['2026-12-10', 1, 1, 0, 1 / 32],
      ['2026-12-11', 0, 0, 0, null],
      ['2026-12-13', 0, 0, 2, 0],
    ]);
  });
});
