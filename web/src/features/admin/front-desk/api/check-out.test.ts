import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { balanceDueOf, invoiceIdOf } from './check-out';

describe("the check-out's answers", () => {
  it('reads the balance a balance_due refusal names, and nothing from any other refusal', () => {
    const due = ApiRequestError.of(409, {
      error: { code: 'balance_due', message: 'الرصيد غير مسدد', balanceBaisa: 13_200 },
    });
    expect(balanceDueOf(due)).toBe(13_200);
    // A guest in credit: the balance is negative, still the step's to show.
    const credit = ApiRequestError.of(409, {
      error: { code: 'balance_due', message: '', balanceBaisa: -500 },
    });
    expect(balanceDueOf(credit)).toBe(-500);
    const other = ApiRequestError.of(409, {
      error: { code: 'credit_limit_exceeded', message: '', balanceBaisa: 13_200 },
    });
    expect(balanceDueOf(other)).toBeNull();
    expect(balanceDueOf(new Error('offline'))).toBeNull();
  });

  it('finds the invoice the check-out issued, by either name', () => {
    expect(invoiceIdOf({ message: 'ok', invoiceId: 7 })).toBe(7);
    expect(invoiceIdOf({ message: 'ok', invoice: { id: 8 } })).toBe(8);
    expect(invoiceIdOf({ message: 'ok', invoiceId: null })).toBeNull();
    expect(invoiceIdOf({ message: 'ok' })).toBeNull();
  });
});
