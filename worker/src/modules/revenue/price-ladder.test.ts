import { describe, expect, it } from 'vitest';
import type { Curve } from './booking-curves';
import type { MethodInput, NightData, NightForecast } from './forecast-method';
import { climb, elasticityAt, paceFactor, revenueEffect, weekdayFactors } from './price-ladder';

/**
 * The ladder's rules on plain values (docs/decisions/101): the step cap from the base, the floor and
 * ceiling winning over it, the rounding to the price step kept inside both, the small hotel's pace
 * damped, the weekday learnt from known nights only, and the revenue effect's price response.
 */

const settings = { stepCapPercent: 30, priceStepBaisa: 500 };

describe('climb', () => {
  it('multiplies the factors in turn and rounds to the price step', () => {
    const r = climb(
      20_000,
      [
        { step: 'weekday', factor: 1.05 },
        { step: 'pace', factor: 1.1 },
      ],
      settings,
      null,
    );
    expect(r.steps.map((s) => [s.step, s.priceBaisa])).toEqual([
      ['base', 20_000],
      ['weekday', 21_000],
      ['pace', 23_100],
      ['rounding', 23_000],
    ]);
    expect(r).toMatchObject({ priceBaisa: 23_000, limit: null });
  });

  it('holds the price to the step cap from the base, and rounds toward the base rather than past it', () => {
    const up = climb(20_300, [{ step: 'occupancy', factor: 1.5 }], settings, null);
    // 30 % above 20.300 is 26.390: the step below it, not 26.500.
    expect(up).toMatchObject({ priceBaisa: 26_000, limit: 'step_cap' });
    const down = climb(20_300, [{ step: 'occupancy', factor: 0.5 }], settings, null);
    expect(down).toMatchObject({ priceBaisa: 14_500, limit: 'step_cap' });
  });

  it('keeps to the floor and the ceiling, which win over the step cap', () => {
    const limits = { floorBaisa: 18_200, ceilingBaisa: 21_700 };
    const high = climb(20_000, [{ step: 'pace', factor: 1.2 }], settings, limits);
    expect(high).toMatchObject({ priceBaisa: 21_500, limit: 'ceiling' });
    const low = climb(20_000, [{ step: 'pace', factor: 0.85 }], settings, limits);
    expect(low).toMatchObject({ priceBaisa: 18_500, limit: 'floor' });
    // A floor above the step cap's reach: the floor wins.
    const floorAbove = climb(10_000, [{ step: 'pace', factor: 0.85 }], settings, {
      floorBaisa: 14_000,
      ceilingBaisa: 30_000,
    });
    expect(floorAbove).toMatchObject({ priceBaisa: 14_000, limit: 'floor' });
    // A ceiling that is not on a step and leaves no step inside: the ceiling itself.
    const tight = climb(20_000, [{ step: 'pace', factor: 1.2 }], settings, {
      floorBaisa: 20_100,
      ceilingBaisa: 20_400,
    });
    expect(tight.priceBaisa).toBe(20_400);
  });
});

/** A hotel of 60 rooms with known nights before the as-of day (day 1000, a Friday). */
function hotel(
  finalOf: (day: number) => number | null,
  curves: Record<number, { hotel: Curve; types: Record<string, Curve> }> = {},
): MethodInput {
  const nights = new Map<number, NightData>();
  for (let d = 500; d < 1100; d++) {
    const final = d < 1000 ? finalOf(d) : null;
    const c = curves[d];
    nights.set(d, {
      hotel: c?.hotel ?? [],
      hotelFinal: final,
      types: new Map(Object.entries(c?.types ?? {}).map(([t, curve]) => [t, { curve, final: null }])),
    });
  }
  return {
    asOf: 1000,
    nights,
    eventOf: () => null,
    lastYearEventOf: () => null,
    hotelCapacity: () => 60,
    typeCapacity: () => 10,
  };
}

describe('the weekday factor', () => {
  it('is learnt from the known nights of the last 13 weeks, damped by half and bounded', () => {
    // Day 0 was a Thursday: (d + 4) % 7 is the weekday (0 = Sunday); Thursdays sell out, the rest half.
    const factors = weekdayFactors(hotel((d) => ((d + 4) % 7 === 4 ? 60 : 30)));
    const thursday = factors[4]!;
    expect(thursday.occupancy).toBe(1);
    // Thursday 100 % against an average of 4/7: half of the 75 % more, held to +15 %.
    expect(thursday.factor).toBe(1.15);
    expect(factors[1]!.factor).toBeCloseTo(1 + 0.5 * (0.5 / (4 / 7) - 1), 6);
    // Nothing known: no factor.
    expect(weekdayFactors(hotel(() => null)).every((f) => f === null)).toBe(true);
  });
});

describe('the pace factor', () => {
  const forecastOf = (nowHotel: number, nowType: number): NightForecast => ({
    day: 1020,
    lead: 20,
    onTheBooks: nowHotel,
    forecast: nowHotel,
    low: nowHotel,
    high: nowHotel,
    capacity: 60,
    constrained: false,
    pickup: {
      pickup: 0,
      spread: 0,
      recent: { pickup: null, nights: 0 },
      lastYear: { pickup: null, night: 1020 - 364, byEvent: false },
      season: 1,
      trend: 1,
    },
    byType: new Map([['gold', { onTheBooks: nowType, forecast: nowType, capacity: 10 }]]),
  });
  const lastYear = (hotelRooms: number, typeRooms: number) =>
    hotel(() => 40, { [1020 - 364]: { hotel: [30, hotelRooms], types: { gold: [30, typeRooms] } } });

  it('is damped for a small hotel: three bookings against one move the price a little', () => {
    const small = paceFactor(lastYear(1, 1), forecastOf(3, 3), 'gold', 10)!;
    expect(small.rooms).toBe(3);
    expect(small.lastYearRooms).toBe(1);
    // The raw ratio is 3 to 1; smoothed, shrunk and damped it is a few percent.
    expect(small.factor).toBeGreaterThan(1);
    expect(small.factor).toBeLessThan(1.08);
    // The same ratio at thirty times the rooms moves it to the bound.
    const large = paceFactor(lastYear(15, 5), forecastOf(45, 10), 'gold', 10)!;
    expect(large.factor).toBeGreaterThan(small.factor);
    expect(large.factor).toBeLessThanOrEqual(1.2);
  });

  it('is none when last year is not known', () => {
    expect(
      paceFactor(
        hotel(() => null),
        forecastOf(3, 3),
        'gold',
        10,
      ),
    ).toBeNull();
  });
});

describe('the revenue effect', () => {
  it('answers the price with an elasticity from -2 on an empty night to -0.5 at the target', () => {
    expect(elasticityAt(0, 0.8)).toBe(-2);
    expect(elasticityAt(0.4, 0.8)).toBe(-1.25);
    expect(elasticityAt(0.9, 0.8)).toBe(-0.5);
    const f = {
      onTheBooks: 30,
      forecast: 40,
      pickup: { pickup: 10 },
      byType: new Map([['gold', { onTheBooks: 4, forecast: 6, capacity: 10 }]]),
    } as unknown as NightForecast;
    // No change, no effect; a cut on a quiet night (60 %, elasticity -0.875) sells more rooms but earns less.
    expect(revenueEffect(f, 'gold', 10, 20_000, 20_000, 0.8).effectBaisa).toBe(0);
    const cut = revenueEffect(f, 'gold', 10, 20_000, 18_000, 0.8);
    expect(cut.elasticity).toBeCloseTo(-0.875, 9);
    expect(cut.effectBaisa).toBe(Math.round(2 * (18 / 20) ** cut.elasticity * 18_000 - 2 * 20_000));
    expect(cut.effectBaisa).toBeLessThan(0);
    // A raise on a night at the target (elasticity -0.5) loses fewer rooms than it gains in price.
    const busy = {
      ...f,
      byType: new Map([['gold', { onTheBooks: 6, forecast: 9, capacity: 10 }]]),
    } as NightForecast;
    expect(revenueEffect(busy, 'gold', 10, 20_000, 22_000, 0.8).effectBaisa).toBeGreaterThan(0);
  });
});
