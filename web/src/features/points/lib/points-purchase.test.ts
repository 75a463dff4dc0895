import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPointsPurchase,
  POINTS_PURCHASE_KEY,
  purchaseFor,
  readPointsPurchase,
  writePointsPurchase,
} from './points-purchase';

afterEach(() => localStorage.clear());

// The hotel's room types as GET /api/room-types gives them (only what the record needs).
const types = [
  { code: 'silver', freeNightPoints: 150 },
  { code: 'gold', freeNightPoints: 160 },
  { code: 'diamond', freeNightPoints: 175 },
  { code: 'deluxe', freeNightPoints: 200 },
  { code: 'family-suite', freeNightPoints: 300 },
  { code: 'day-room', freeNightPoints: null },
];
const typeOf = (code: string) => {
  const type = types.find((t) => t.code === code)!;
  return { code: type.code, freeNightPoints: type.freeNightPoints! };
};

describe('pointsPurchase record', () => {
  it("stores the spec's shape and reads it back", () => {
    writePointsPurchase(purchaseFor(typeOf('gold')));
    expect(JSON.parse(localStorage.getItem(POINTS_PURCHASE_KEY)!)).toEqual({
      roomType: 'gold',
      pointsUsed: 160,
      isPointsBooking: true,
    });
    expect(readPointsPurchase(types)).toEqual({ roomType: 'gold', pointsUsed: 160, isPointsBooking: true });
  });

  it('takes the cost from the tier, not from what was stored', () => {
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify({ roomType: 'deluxe', pointsUsed: 1 }));
    expect(readPointsPurchase(types)?.pointsUsed).toBe(200);
  });

  it('is null when missing, cleared, broken or of an unknown tier', () => {
    expect(readPointsPurchase(types)).toBeNull();
    writePointsPurchase(purchaseFor(typeOf('silver')));
    clearPointsPurchase();
    expect(readPointsPurchase(types)).toBeNull();
    localStorage.setItem(POINTS_PURCHASE_KEY, '{oops');
    expect(readPointsPurchase(types)).toBeNull();
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify({ roomType: 'platinum' }));
    expect(readPointsPurchase(types)).toBeNull();
  });

  it('takes a type the hotel added at its own points price, and refuses one not sold for points', () => {
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify({ roomType: 'family-suite', pointsUsed: 1 }));
    expect(readPointsPurchase(types)).toEqual({
      roomType: 'family-suite',
      pointsUsed: 300,
      isPointsBooking: true,
    });
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify({ roomType: 'day-room', pointsUsed: 1 }));
    expect(readPointsPurchase(types)).toBeNull();
  });
});
