import { describe, expect, it } from 'vitest';
import { extraGuestBaisaOf, type SellableRatePlan } from './get-rate-plans';

const plan = (extraGuestBaisa: Record<string, number>) => ({ extraGuestBaisa }) as SellableRatePlan;

describe('what each further guest adds a night on a plan', () => {
  it('is the server’s figure for the plan and type, else the type’s own, else the spec’s 2.000', () => {
    const suite = { code: 'family-suite', extraGuestPriceBaisa: 3_000 };
    expect(extraGuestBaisaOf(plan({ 'family-suite': 4_500 }), suite)).toBe(4_500);
    // A plan that gives every further guest a free stay.
    expect(extraGuestBaisaOf(plan({ 'family-suite': 0 }), suite)).toBe(0);
    // A plan not known on the device (a company's private plan), or not selling the type.
    expect(extraGuestBaisaOf(undefined, suite)).toBe(3_000);
    expect(extraGuestBaisaOf(plan({ gold: 1_000 }), suite)).toBe(3_000);
    expect(extraGuestBaisaOf(undefined, { code: 'gold', extraGuestPriceBaisa: null })).toBe(2_000);
    expect(extraGuestBaisaOf(undefined, undefined)).toBe(2_000);
  });
});
