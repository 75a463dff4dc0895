import { describe, expect, it } from 'vitest';
import { balanceAfter, canAfford, freeNightCheckOut, signedPoints } from './free-night';

// The spec's tiers' free nights (their `freeNightPoints`, GET /api/room-types).
const silver = { freeNightPoints: 150 };
const gold = { freeNightPoints: 160 };
const diamond = { freeNightPoints: 175 };
const deluxe = { freeNightPoints: 200 };

describe('canAfford', () => {
  it('needs the whole cost of the tier (gold 160)', () => {
    expect(canAfford(159, gold)).toBe(false);
    expect(canAfford(160, gold)).toBe(true);
    expect(canAfford(199, deluxe)).toBe(false);
    expect(canAfford(0, silver)).toBe(false);
  });

  it('never buys a type not sold for points', () => {
    expect(canAfford(1_000_000, { freeNightPoints: null })).toBe(false);
  });
});

describe('balanceAfter', () => {
  it('subtracts the cost, never showing less than 0', () => {
    expect(balanceAfter(200, silver)).toBe(50);
    expect(balanceAfter(175, diamond)).toBe(0);
    expect(balanceAfter(10, deluxe)).toBe(0);
  });
});

describe('freeNightCheckOut', () => {
  it('is the day after check-in, across months and years', () => {
    expect(freeNightCheckOut('2031-01-31')).toBe('2031-02-01');
    expect(freeNightCheckOut('2031-12-31')).toBe('2032-01-01');
    expect(freeNightCheckOut('2032-02-28')).toBe('2032-02-29');
  });
  it('is empty until a whole date is chosen', () => {
    expect(freeNightCheckOut('')).toBe('');
    expect(freeNightCheckOut('2031-1')).toBe('');
  });
});

describe('signedPoints', () => {
  const f = (n: number) => String(n);
  it('signs earnings and spending', () => {
    expect(signedPoints(10, f)).toBe('+10');
    expect(signedPoints(-160, f)).toBe('\u2212160');
    expect(signedPoints(0, f)).toBe('0');
  });
});
