import { describe, expect, it } from 'vitest';
import { initialRateForm, rateEditOf } from './rate-form';

const own = {
  priceBaisa: 18_000,
  singlePriceBaisa: null,
  extraGuestPriceBaisa: null,
  minStay: 2,
  maxStay: null,
  closed: null,
  closedToArrival: true,
  closedToDeparture: null,
};

describe('rateEditOf', () => {
  it('bulk: an empty field is left out, a typed one sent in baisa, a cleared one null', () => {
    const initial = initialRateForm(null);
    const values = {
      ...initial,
      priceBaisa: { text: '١٨٫٥', clear: false },
      minStay: { text: '٢', clear: false },
      maxStay: { text: '', clear: true },
      closed: 'no' as const,
    };
    expect(rateEditOf(values, initial)).toEqual({
      edit: { priceBaisa: 18_500, minStay: 2, maxStay: null, closed: false },
      invalid: { money: [], stays: [] },
    });
  });

  it("a night: only what changed from the night's own values is sent; emptied is cleared", () => {
    const initial = initialRateForm(own);
    expect(initial.priceBaisa.text).toBe('18.000');
    expect(initial.closed).toBe('unset');
    const values = {
      ...initial,
      priceBaisa: { text: '18', clear: false },
      minStay: { text: '', clear: false },
      closedToArrival: 'unset' as const,
    };
    expect(rateEditOf(values, initial).edit).toEqual({
      priceBaisa: 18_000,
      minStay: null,
      closedToArrival: null,
    });
    expect(rateEditOf(initial, initial).edit).toEqual({});
  });

  it("shows a night's values in Arabic-Indic digits in Arabic, and reads them back", () => {
    const initial = initialRateForm({ ...own, priceBaisa: 1_018_500 }, 'ar');
    expect(initial.priceBaisa.text).toBe('١٬٠١٨٫٥٠٠');
    expect(initial.minStay.text).toBe('٢');
    const values = { ...initial, closed: 'yes' as const };
    expect(rateEditOf(values, initial).edit).toEqual({ closed: true });
    const typed = { ...initial, priceBaisa: { text: '١٬٠١٨٫٦', clear: false } };
    expect(rateEditOf(typed, initial).edit).toEqual({ priceBaisa: 1_018_600 });
  });

  it('names the fields that are not amounts or whole numbers', () => {
    const initial = initialRateForm(null);
    const values = {
      ...initial,
      priceBaisa: { text: '18.0001', clear: false },
      minStay: { text: '2.5', clear: false },
    };
    expect(rateEditOf(values, initial).invalid).toEqual({ money: ['priceBaisa'], stays: ['minStay'] });
  });
});
