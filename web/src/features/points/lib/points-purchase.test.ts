import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPointsPurchase,
  POINTS_PURCHASE_KEY,
  purchaseFor,
  readPointsPurchase,
  writePointsPurchase,
} from './points-purchase';

afterEach(() => localStorage.clear());

describe('pointsPurchase record', () => {
  it("stores the spec's shape and reads it back", () => {
    writePointsPurchase(purchaseFor('gold'));
    expect(JSON.parse(localStorage.getItem(POINTS_PURCHASE_KEY)!)).toEqual({
      roomType: 'gold',
      pointsUsed: 160,
      isPointsBooking: true,
    });
    expect(readPointsPurchase()).toEqual({ roomType: 'gold', pointsUsed: 160, isPointsBooking: true });
  });

  it('takes the cost from the tier, not from what was stored', () => {
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify({ roomType: 'deluxe', pointsUsed: 1 }));
    expect(readPointsPurchase()?.pointsUsed).toBe(200);
  });

  it('is null when missing, cleared, broken or of an unknown tier', () => {
    expect(readPointsPurchase()).toBeNull();
    writePointsPurchase(purchaseFor('silver'));
    clearPointsPurchase();
    expect(readPointsPurchase()).toBeNull();
    localStorage.setItem(POINTS_PURCHASE_KEY, '{oops');
    expect(readPointsPurchase()).toBeNull();
    localStorage.setItem(POINTS_PURCHASE_KEY, JSON.stringify({ roomType: 'platinum' }));
    expect(readPointsPurchase()).toBeNull();
  });
});
