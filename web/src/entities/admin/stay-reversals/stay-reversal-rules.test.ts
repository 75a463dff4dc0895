import { describe, expect, it } from 'vitest';
import { reversalsFor } from './stay-reversal-rules';

/** The moves back the desk offers, by the hotel's day (Asia/Muscat, UTC+4), as the server judges. */
describe('reversalsFor', () => {
  const stay = { checkOutDate: '2026-03-13' };

  it('offers to undo a check-in made on the same business day only', () => {
    // 21:00 UTC on the 10th is 01:00 on the 11th in Muscat.
    const inHouse = { ...stay, status: 'approved', checkedInAt: '2026-03-10T21:00:00Z', checkedOutAt: null };
    expect(reversalsFor(inHouse, '2026-03-11')).toEqual(['undo-check-in']);
    expect(reversalsFor(inHouse, '2026-03-10')).toEqual([]);
    expect(reversalsFor(inHouse, '2026-03-12')).toEqual([]);
  });

  it('offers to undo a check-out made today, never for a stay only completed', () => {
    const departed = {
      ...stay,
      status: 'completed',
      checkedInAt: '2026-03-10T10:00:00Z',
      checkedOutAt: '2026-03-12T06:00:00Z',
    };
    expect(reversalsFor(departed, '2026-03-12')).toEqual(['undo-check-out']);
    expect(reversalsFor(departed, '2026-03-13')).toEqual([]);
    expect(reversalsFor({ ...departed, checkedOutAt: null }, '2026-03-12')).toEqual([]);
  });

  it('offers to reinstate a cancellation while its stay is not over', () => {
    const cancelled = { ...stay, status: 'cancelled', checkedInAt: null, checkedOutAt: null };
    expect(reversalsFor(cancelled, '2026-03-12')).toEqual(['reinstate']);
    expect(reversalsFor(cancelled, '2026-03-13')).toEqual([]);
    expect(reversalsFor({ ...cancelled, status: 'approved' }, '2026-03-12')).toEqual([]);
  });
});
