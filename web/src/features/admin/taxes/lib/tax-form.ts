import type { Language } from '@shared/constants';
import { taxSettingsSchema } from '@shared/tax-schemas';
import type { FolioDepartment } from '@shared/taxes';
import type { TaxSettings, TaxSettingsBody } from '../api/taxes';
import { bpOfTypedPercent, typedPercentOfBp } from './percent';

/** One tax as the form holds it: the rate as typed (a percentage), a key that outlives reordering. */
export type TaxRowValues = {
  key: number;
  code: string;
  nameAr: string;
  nameEn: string;
  rate: string;
  departments: FolioDepartment[];
  onEarlierTaxes: boolean;
  active: boolean;
  effectiveFrom: string;
};

export type TaxFormValues = {
  pricesIncludeTaxes: boolean;
  supplier: TaxSettings['supplier'];
  taxes: TaxRowValues[];
};

let nextKey = 1;
export const newRowKey = () => nextKey++;

/** The saved settings as the form starts from them, rates in the language's digits. */
export function taxFormValues(settings: TaxSettings, language: Language): TaxFormValues {
  return {
    pricesIncludeTaxes: settings.pricesIncludeTaxes,
    supplier: { ...settings.supplier },
    taxes: settings.taxes.map((tax) => ({
      key: newRowKey(),
      code: tax.code,
      nameAr: tax.nameAr,
      nameEn: tax.nameEn,
      rate: typedPercentOfBp(tax.rateBp, language),
      departments: [...tax.departments],
      onEarlierTaxes: tax.onEarlierTaxes,
      active: tax.active,
      effectiveFrom: tax.effectiveFrom,
    })),
  };
}

/**
 * What to send, checked on the device with the server's own schema first. `errors` are keyed as
 * the server keys them (`supplier.vatNumber`, `taxes.2.rateBp`): a code of the shared schemas, or
 * `rate` for a rate that is not a percentage (the screen says that one in its own words).
 */
export function taxSettingsBody(
  values: TaxFormValues,
): { ok: true; body: TaxSettingsBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const body = {
    pricesIncludeTaxes: values.pricesIncludeTaxes,
    supplier: values.supplier,
    taxes: values.taxes.map(({ key: _key, rate, ...tax }, i) => {
      const rateBp = bpOfTypedPercent(rate);
      if (Number.isNaN(rateBp)) errors[`taxes.${i}.rateBp`] = RATE_NOT_PERCENT;
      return { ...tax, rateBp: Number.isNaN(rateBp) ? 0 : rateBp };
    }),
  };
  const checked = taxSettingsSchema.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/** The local mark of a rate that is not a percentage (not an API code: the screen words it). */
export const RATE_NOT_PERCENT = 'rate';
