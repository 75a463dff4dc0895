import { describe, expect, it } from 'vitest';
import {
  availableChoices,
  bedCounts,
  roomsLeft,
  smokingCounts,
  stockLevel,
  totalRoomsLeft,
} from './availability';
import { roomTypeOptions } from './room-type-options';

const rooms = [
  { roomType: 'silver', availableCount: 3 },
  { roomType: 'gold', availableCount: 16 },
  { roomType: 'diamond', availableCount: 0 },
  { roomType: 'deluxe', availableCount: 2 },
] as const;

describe('stockLevel', () => {
  // The spec's four tiers' marks (their `lowStock`, GET /api/room-types).
  const silver = { red: 3, yellow: 6 };
  const gold = { red: 5, yellow: 15 };
  const diamond = { red: 2, yellow: 4 };
  const deluxe = { red: 1, yellow: 2 };

  it("colours by each tier's own marks (spec section 9)", () => {
    expect(stockLevel(silver, 3)).toBe('red');
    expect(stockLevel(silver, 4)).toBe('yellow');
    expect(stockLevel(silver, 6)).toBe('yellow');
    expect(stockLevel(silver, 7)).toBe('ok');
    expect(stockLevel(gold, 5)).toBe('red');
    expect(stockLevel(gold, 15)).toBe('yellow');
    expect(stockLevel(gold, 16)).toBe('ok');
    expect(stockLevel(diamond, 2)).toBe('red');
    expect(stockLevel(diamond, 4)).toBe('yellow');
    expect(stockLevel(deluxe, 1)).toBe('red');
    expect(stockLevel(deluxe, 2)).toBe('yellow');
    expect(stockLevel(deluxe, 3)).toBe('ok');
    expect(stockLevel(deluxe, 0)).toBe('red');
  });

  it('colours a type the hotel added by its own marks; before they are known, only none left is red', () => {
    const familySuite = { red: 1, yellow: 1 };
    expect(stockLevel(familySuite, 1)).toBe('red');
    expect(stockLevel(familySuite, 2)).toBe('ok');
    expect(stockLevel(undefined, 0)).toBe('red');
    expect(stockLevel(undefined, 1)).toBe('ok');
  });
});

describe('rooms left', () => {
  it('reads one type, and the total that opens quick booking', () => {
    expect(roomsLeft(rooms, 'gold')).toBe(16);
    expect(roomsLeft(undefined, 'gold')).toBeUndefined();
    expect(totalRoomsLeft(rooms)).toBe(21);
    expect(totalRoomsLeft(rooms.map((r) => ({ ...r, availableCount: 0 })))).toBe(0);
    expect(totalRoomsLeft(undefined)).toBeUndefined();
  });
});

describe('bed and smoking choices', () => {
  const beds = [
    { roomType: 'diamond', bedType: 'single', availableCount: 0 },
    { roomType: 'diamond', bedType: 'double', availableCount: 8 },
    { roomType: 'silver', bedType: 'single', availableCount: 1 },
  ] as const;
  const smoking = [
    { roomType: 'deluxe', smokingType: 'smoking', availableCount: 0 },
    { roomType: 'deluxe', smokingType: 'non_smoking', availableCount: 4 },
  ] as const;

  it('counts per kind for one room type, 0 when a row is missing', () => {
    expect(bedCounts(beds, 'diamond')).toEqual({ single: 0, double: 8 });
    expect(bedCounts(beds, 'silver')).toEqual({ single: 1, double: 0 });
    expect(bedCounts(undefined, 'gold')).toEqual({ single: 0, double: 0 });
    expect(smokingCounts(smoking, 'deluxe')).toEqual({ smoking: 0, non_smoking: 4 });
  });

  it('offers only the kinds with a count above 0, with the count', () => {
    expect(availableChoices(bedCounts(beds, 'diamond'))).toEqual([{ value: 'double', count: 8 }]);
    expect(availableChoices(smokingCounts(smoking, 'deluxe'))).toEqual([{ value: 'non_smoking', count: 4 }]);
    expect(availableChoices({ single: 0, double: 0 })).toEqual([]);
  });
});

describe('roomTypeOptions', () => {
  it('offers every bed and smoking option the room type has at all (offline, counts unknown)', () => {
    const both = { bedTypes: ['single', 'double'], smokingOptions: ['smoking', 'non_smoking'] } as const;
    expect(roomTypeOptions(both)).toEqual({
      beds: ['single', 'double'],
      smoking: ['smoking', 'non_smoking'],
    });
    // No single beds in the diamond rooms and the deluxe suites, whatever the counters say.
    expect(roomTypeOptions({ ...both, bedTypes: ['double'] }).beds).toEqual(['double']);
    // In the usual order, whatever the type's own.
    expect(roomTypeOptions({ bedTypes: ['double', 'single'], smokingOptions: ['non_smoking'] })).toEqual({
      beds: ['single', 'double'],
      smoking: ['non_smoking'],
    });
    expect(roomTypeOptions(undefined)).toEqual({ beds: [], smoking: [] });
  });
});
