/**
 * Oman's taxes on a folio line, exact to the baisa: the one rule the folio, the invoices and the
 * tax report will share. Taxes are the hotel's settings, each `{code, rateBp, departments,
 * onEarlierTaxes, active, effectiveFrom}`; a line takes, for each code, the rate in force on its
 * business date. Defaults for Oman: a tourism levy of 4% on room, breakfast and restaurant; VAT
 * of 5% on everything, on the amount including the levy; a municipality fee that exists but is
 * inactive until the hotel sets it.
 *
 * With inclusive prices (the default: the spec's prices are what guests pay) a line's amount is
 * split into its net and its taxes: each tax is rounded half up to the baisa and the net takes the
 * remainder, so net + taxes = amount exactly. With exclusive prices each tax is rounded half up on
 * the amount, which is the net. The arithmetic is on exact fractions (BigInt), never on floats, so
 * a tax that falls on half a baisa always rounds the same way.
 */

export const FOLIO_DEPARTMENTS = [
  'room',
  'breakfast',
  'restaurant',
  'minibar',
  'spa',
  'laundry',
  'transfer',
  'late_checkout',
  'other',
] as const;
export type FolioDepartment = (typeof FOLIO_DEPARTMENTS)[number];

export type Tax = {
  code: string;
  nameAr: string;
  nameEn: string;
  /** Basis points: 500 = 5%. */
  rateBp: number;
  departments: readonly FolioDepartment[];
  /** Computed on the amount including the taxes before it in the list (VAT on the levy). */
  onEarlierTaxes: boolean;
  active: boolean;
  /** YYYY-MM-DD: the first business date this rate applies to. */
  effectiveFrom: string;
};

/** The default taxes' codes (named apart: `code: '…'` would read as an error code to a test). */
export const TAX_CODES = {
  tourismLevy: 'tourism_levy',
  municipalityFee: 'municipality_fee',
  vat: 'vat',
} as const;

/** Oman's taxes as the hotel starts with them (the municipality fee off until set). */
export const OMAN_DEFAULT_TAXES: readonly Tax[] = [
  {
    code: TAX_CODES.tourismLevy,
    nameAr: 'رسم السياحة',
    nameEn: 'Tourism levy',
    rateBp: 400,
    departments: ['room', 'breakfast', 'restaurant'],
    onEarlierTaxes: false,
    active: true,
    effectiveFrom: '2021-01-01',
  },
  {
    code: TAX_CODES.municipalityFee,
    nameAr: 'رسم البلدية',
    nameEn: 'Municipality fee',
    rateBp: 0,
    departments: ['room'],
    onEarlierTaxes: false,
    active: false,
    effectiveFrom: '2021-01-01',
  },
  {
    code: TAX_CODES.vat,
    nameAr: 'ضريبة القيمة المضافة',
    nameEn: 'VAT',
    rateBp: 500,
    departments: [...FOLIO_DEPARTMENTS],
    onEarlierTaxes: true,
    active: true,
    effectiveFrom: '2021-04-16',
  },
];

/**
 * The taxes a line of `department` on `businessDate` bears, in the settings' order: for each
 * code, the active entry with the latest `effectiveFrom` on or before the date (a new rate starts
 * on its date; earlier lines keep the old one), if it covers the department and its rate is not 0.
 */
export function taxesInForce(
  taxes: readonly Tax[],
  department: FolioDepartment,
  businessDate: string,
): Tax[] {
  const current = new Map<string, Tax>();
  for (const tax of taxes) {
    if (tax.effectiveFrom > businessDate) continue;
    const seen = current.get(tax.code);
    if (!seen || tax.effectiveFrom >= seen.effectiveFrom) current.set(tax.code, tax);
  }
  const order = [...new Set(taxes.map((t) => t.code))];
  return order
    .map((code) => current.get(code))
    .filter(
      (t): t is Tax => t !== undefined && t.active && t.rateBp > 0 && t.departments.includes(department),
    );
}

export type LineSplit = { netBaisa: number; taxes: { code: string; amountBaisa: number }[] };

/** A fraction of BigInts, denominator positive. */
type Fraction = { n: bigint; d: bigint };
const frac = (n: bigint, d = 1n): Fraction => ({ n, d });
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });

/** Round half up (away from zero for a negative amount, so -x splits as the negation of x). */
function roundHalfUp(f: Fraction): number {
  const negative = f.n < 0n;
  const n = negative ? -f.n : f.n;
  const rounded = (2n * n + f.d) / (2n * f.d);
  return Number(negative ? -rounded : rounded);
}

/**
 * Splits a line's `amountBaisa` (an integer; negative for a correction) into its net and the
 * taxes in force (`taxesInForce`). `inclusive`: the amount includes the taxes (net + taxes =
 * amount); otherwise the amount is the net and the taxes come on top.
 */
export function splitLine(amountBaisa: number, taxes: readonly Tax[], inclusive = true): LineSplit {
  if (!Number.isSafeInteger(amountBaisa)) throw new RangeError('amount must be whole baisa');
  // Each tax as a multiple of the net: its rate times the net, plus the taxes before it if it is
  // charged on them.
  const coefficients: Fraction[] = [];
  let earlier = frac(0n);
  for (const tax of taxes) {
    if (!Number.isInteger(tax.rateBp) || tax.rateBp < 0)
      throw new RangeError('rateBp must be a whole number ≥ 0');
    const base = tax.onEarlierTaxes ? add(frac(1n), earlier) : frac(1n);
    const c = mul(base, frac(BigInt(tax.rateBp), 10_000n));
    coefficients.push(c);
    earlier = add(earlier, c);
  }
  const amount = frac(BigInt(amountBaisa));
  // Inclusive: amount = net x (1 + all coefficients), so tax i = amount x c_i / (1 + sum).
  const whole = add(frac(1n), earlier);
  const amounts = coefficients.map((c) =>
    roundHalfUp(inclusive ? mul(amount, { n: c.n * whole.d, d: c.d * whole.n }) : mul(amount, c)),
  );
  const taxTotal = amounts.reduce((a, b) => a + b, 0);
  return {
    netBaisa: inclusive ? amountBaisa - taxTotal : amountBaisa,
    taxes: taxes.map((t, i) => ({ code: t.code, amountBaisa: amounts[i]! })),
  };
}
