import { describe, expect, it } from 'vitest';
import { plannedWidths } from './encode-photo';

describe('plannedWidths', () => {
  it('fills every slot below the photo and puts the photo itself in the next one', () => {
    expect(plannedWidths(4000)).toEqual([
      { slot: 480, width: 480 },
      { slot: 960, width: 960 },
      { slot: 1600, width: 1600 },
    ]);
    expect(plannedWidths(1200)).toEqual([
      { slot: 480, width: 480 },
      { slot: 960, width: 960 },
      { slot: 1600, width: 1200 },
    ]);
    expect(plannedWidths(960)).toEqual([
      { slot: 480, width: 480 },
      { slot: 960, width: 960 },
    ]);
    expect(plannedWidths(300)).toEqual([{ slot: 480, width: 300 }]);
  });
});
