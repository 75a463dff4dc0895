import { z } from './zod';
import { calendarDate, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { FOLIO_DEPARTMENTS, type Tax } from './taxes';

/**
 * PUT /api/admin/taxes: whether prices include taxes, the supplier's details for the tax invoices,
 * and the whole list of taxes, each with the date its rate starts (a new rate is a new entry of the
 * same code; the folio takes the rate in force on a line's business date).
 */
export const TAX_RULES = {
  maxTaxes: 30,
  nameMax: 80,
  supplierTextMax: 300,
  maxRateBp: 10_000,
} as const;

const text = (max: number, required?: string, multiline = false) => {
  const error = required ?? 'invalid_setting';
  const base = (multiline ? z.multilineString({ error }) : z.string({ error })).trim();
  return (required ? base.min(1, required) : base).max(max, 'text_too_long');
};

/** An Omani VAT number: OM and ten digits (digits may be typed in Arabic-Indic); empty until registered. */
export const vatNumberSchema = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim().toUpperCase().replace(/\s+/g, '') : v),
  z.string({ error: 'vat_number_invalid' }).regex(/^(OM\d{10})?$/, 'vat_number_invalid'),
);

const commercialRegistration = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
  z
    .string({ error: 'commercial_registration_invalid' })
    .regex(/^\d{0,12}$/, 'commercial_registration_invalid'),
);

export const taxSchema = z.object({
  code: z
    .string({ error: 'tax_code_invalid' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'tax_code_invalid'),
  nameAr: text(TAX_RULES.nameMax, 'tax_name_required'),
  nameEn: text(TAX_RULES.nameMax, 'tax_name_required'),
  rateBp: wholeNumber('tax_rate_invalid').pipe(z.number().max(TAX_RULES.maxRateBp, 'tax_rate_invalid')),
  departments: z
    .array(z.enum(FOLIO_DEPARTMENTS, { error: 'tax_departments_required' }), {
      error: 'tax_departments_required',
    })
    .min(1, 'tax_departments_required')
    .max(FOLIO_DEPARTMENTS.length, 'tax_departments_required')
    .refine((d) => new Set(d).size === d.length, 'tax_departments_required'),
  onEarlierTaxes: z.boolean({ error: 'boolean_required' }),
  active: z.boolean({ error: 'boolean_required' }),
  effectiveFrom: calendarDate(),
}) satisfies z.ZodType<Tax, unknown>;

export const taxSettingsObjectSchema = z.object({
  pricesIncludeTaxes: z.boolean({ error: 'boolean_required' }),
  supplier: z.object({
    nameAr: text(TAX_RULES.supplierTextMax),
    nameEn: text(TAX_RULES.supplierTextMax),
    addressAr: text(TAX_RULES.supplierTextMax, undefined, true),
    addressEn: text(TAX_RULES.supplierTextMax, undefined, true),
    vatNumber: vatNumberSchema,
    commercialRegistration,
  }),
  taxes: z.array(taxSchema, { error: 'too_many_taxes' }).max(TAX_RULES.maxTaxes, 'too_many_taxes'),
});

export const taxSettingsSchema = taxSettingsObjectSchema.superRefine((s, ctx) => {
  const seen = new Set<string>();
  s.taxes.forEach((t, i) => {
    const key = `${t.code}|${t.effectiveFrom}`;
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: ['taxes', i, 'effectiveFrom'], message: 'tax_duplicate' });
    seen.add(key);
  });
});
export type TaxSettingsInput = z.infer<typeof taxSettingsSchema>;
