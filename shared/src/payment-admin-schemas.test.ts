import { describe, expect, it } from 'vitest';
import { paymentListQuerySchema, refundableBaisa } from './payment-admin-schemas';

describe('what an online payment can still give back', () => {
  it('is what was paid less what is refunded and on its way, and nothing unless paid', () => {
    const paid = { status: 'paid' as const, amountBaisa: 30_000, refundedBaisa: 0, refundPendingBaisa: 0 };
    expect(refundableBaisa(paid)).toBe(30_000);
    expect(refundableBaisa({ ...paid, refundedBaisa: 10_000, refundPendingBaisa: 5_000 })).toBe(15_000);
    expect(refundableBaisa({ ...paid, refundedBaisa: 30_000 })).toBe(0);
    expect(refundableBaisa({ ...paid, refundedBaisa: 20_000, refundPendingBaisa: 20_000 })).toBe(0);
    expect(refundableBaisa({ ...paid, status: 'open' })).toBe(0);
  });
});

describe("the staff list's filters", () => {
  it('read hotel days and a search typed in Arabic-Indic digits', () => {
    const query = paymentListQuerySchema.parse({ from: '٢٠٢٦-١١-٠١', to: '2026-11-02', q: ' ١٢٣ ' });
    expect(query).toMatchObject({ from: '2026-11-01', to: '2026-11-02', q: '123' });
  });

  it('refuse an end before the start, an unknown state and a cursor of another shape', () => {
    expect(paymentListQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(paymentListQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(paymentListQuerySchema.safeParse({ cursor: '2026-11-01_3' }).success).toBe(false);
  });
});
