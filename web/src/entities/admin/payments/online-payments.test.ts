import { describe, expect, it } from 'vitest';
import type { PaymentListRow } from '@shared/payment-admin-schemas';
import { paymentOfLine } from './online-payments';

const row = (sessionId: number, paymentLineId: number | null) =>
  ({ sessionId, paymentLineId }) as PaymentListRow;

describe("an online folio line's checkout", () => {
  it('is the session whose payment line it is, or none', () => {
    const payments = [row(1, null), row(2, 41), row(3, 57)];
    expect(paymentOfLine(payments, 57)?.sessionId).toBe(3);
    expect(paymentOfLine(payments, 41)?.sessionId).toBe(2);
    expect(paymentOfLine(payments, 99)).toBeNull();
  });
});
