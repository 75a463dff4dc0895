import { describe, expect, it } from 'vitest';
import { OMAN_DEFAULT_TAXES } from '@shared/taxes';
import { RATE_NOT_PERCENT, taxFormValues, taxSettingsBody } from './tax-form';

const settings = {
  pricesIncludeTaxes: true,
  supplier: {
    nameAr: '',
    nameEn: '',
    addressAr: '',
    addressEn: '',
    vatNumber: '',
    commercialRegistration: '',
  },
  taxes: OMAN_DEFAULT_TAXES.map((t) => ({ ...t, departments: [...t.departments] })),
};

describe('the tax settings form', () => {
  it('sends back what it was given, the rates typed in Arabic-Indic digits as basis points', () => {
    const values = taxFormValues(settings, 'ar');
    expect(values.taxes.map((t) => t.rate)).toEqual(['٤', '٠', '٥']);
    const sent = taxSettingsBody(values);
    expect(sent).toEqual({ ok: true, body: settings });
  });

  it('names each refusal by the field the server would name', () => {
    const values = taxFormValues(settings, 'en');
    values.taxes[0]!.rate = '4.555';
    values.taxes[2]!.departments = [];
    values.taxes[1]!.effectiveFrom = '2021-01-01';
    values.taxes[1]!.code = 'vat';
    values.taxes[2]!.effectiveFrom = '2021-01-01';
    values.supplier.vatNumber = 'OM12';
    const sent = taxSettingsBody(values);
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.errors).toEqual({
      'taxes.0.rateBp': RATE_NOT_PERCENT,
      'taxes.2.departments': 'tax_departments_required',
      'taxes.2.effectiveFrom': 'tax_duplicate',
      'supplier.vatNumber': 'vat_number_invalid',
    });
  });
});
