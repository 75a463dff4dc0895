import { describe, expect, it } from 'vitest';
import { plausibleFirstNight } from './calendar';

describe('the rate calendar’s first night as typed', () => {
  const today = '2026-11-26';
  it('is asked for only once whole, real and within two years of today', () => {
    // 2027 typed into the year segment passes through these: none is asked for.
    for (const typed of ['0002-12-01', '0020-12-01', '0202-12-01', '1999-12-01', '2029-12-01'])
      expect(plausibleFirstNight(typed, today), typed).toBe(false);
    for (const bad of ['', '2027-02-30', '2027-13-01', '2027-1-01', 'abcd-ef-gh'])
      expect(plausibleFirstNight(bad, today), bad).toBe(false);
    for (const good of ['2027-12-01', today, '2024-11-26', '2028-11-26'])
      expect(plausibleFirstNight(good, today), good).toBe(true);
  });
});
