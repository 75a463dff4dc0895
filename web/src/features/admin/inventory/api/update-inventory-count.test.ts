import { describe, expect, it } from 'vitest';
import { isTargetRow, withTotal } from './update-inventory-count';

describe('the optimistic counter', () => {
  it("moves the allotment and keeps tonight's holds", () => {
    const row = { roomType: 'gold' as const, totalCount: 36, availableCount: 34, maxCapacity: 36 };
    expect(withTotal(row, 35)).toMatchObject({ totalCount: 35, availableCount: 33 });
    expect(withTotal(row, 1)).toMatchObject({ totalCount: 1, availableCount: 0 });
  });

  it('finds the row of a bed or smoking counter', () => {
    const bed = {
      roomType: 'gold' as const,
      bedType: 'single' as const,
      totalCount: 7,
      availableCount: 7,
      maxCapacity: 7,
    };
    expect(isTargetRow({ kind: 'beds', roomType: 'gold', bedType: 'single' }, bed)).toBe(true);
    expect(isTargetRow({ kind: 'beds', roomType: 'gold', bedType: 'double' }, bed)).toBe(false);
    expect(isTargetRow({ kind: 'smoking', roomType: 'gold', smokingType: 'smoking' }, bed)).toBe(false);
  });
});
