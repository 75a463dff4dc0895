import { describe, expect, it } from 'vitest';
import { NO_FILTERS, paymentQuery } from './payment-filters';

describe('the payments list filters as a query', () => {
  it('leaves out what is empty and trims the search', () => {
    expect(paymentQuery(NO_FILTERS)).toEqual({});
    expect(paymentQuery({ from: '2026-11-01', to: '', status: 'paid', q: '  K7M-Q4PX ' })).toEqual({
      from: '2026-11-01',
      status: 'paid',
      q: 'K7M-Q4PX',
    });
    expect(paymentQuery({ ...NO_FILTERS, q: '   ' })).toEqual({});
  });

  it('never sends a state the API does not know', () => {
    expect(paymentQuery({ ...NO_FILTERS, status: 'lost' as never })).toEqual({});
  });
});
