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

/** One tax on a document's line, with the rule it was computed by (its rate then). */
export type DocumentLineTax = { code: string; amountBaisa: number; rateBp: number; onEarlierTaxes: boolean };

/** A document's line as the document rule reads it: its amount, and its split as posted. */
export type DocumentLineInput = { amountBaisa: number; netBaisa: number; taxes: readonly DocumentLineTax[] };

/** Each tax of a document, per code and rate: its base (the lines' nets, and for a tax on earlier taxes those taxes) and amount. */
export type DocumentTaxTotal = { code: string; rateBp: number; baseBaisa: number; amountBaisa: number };

export type DocumentSplit = {
  /** Each line with its share of the document's taxes; its net takes the remainder. */
  lines: { netBaisa: number; taxes: { code: string; amountBaisa: number }[]; roundingBaisa: number }[];
  /** Levy-type taxes first, then the taxes charged on them (VAT on the levy). */
  totals: DocumentTaxTotal[];
  netBaisa: number;
  taxBaisa: number;
  /**
   * What the guest pays beyond net + taxes (EN 16931 BT-114, the payable rounding amount): 0 but
   * for the totals that no whole-baisa net reaches (a total of 21k + 10 baisa at 5% VAT alone: a
   * net of 20k + 9 gives 21k + 9, one of 20k + 10 gives 21k + 11). Never more than a baisa or two.
   */
  roundingBaisa: number;
};

/**
 * A document's taxes (EN 16931 BR-CO-17, which Peppol PINT follows): each tax, per code and rate,
 * is computed once on the document's base (the sum of its lines' bases) and rounded half up once,
 * so tax = round(base × rate) exactly on every document, not the sum of each line's rounding. The
 * amount each line bears is its exact share, and the difference the one rounding makes is given
 * to the lines with the largest remainders (largest-remainder method), so the lines still add up
 * to the document. What the guest pays never changes: each line's net takes the remainder of its
 * amount (prices include taxes), and the bases are computed again from those nets until they hold
 * still; a total no net reaches keeps its one or two baisa as `roundingBaisa` (on the line with the
 * largest amount). Pure and exact (integers and BigInt fractions).
 */
export function documentTaxes(lines: readonly DocumentLineInput[]): DocumentSplit {
  const keyOf = (t: DocumentLineTax) => `${t.code}|${t.rateBp}`;
  // The document's taxes in the order the lines bear them, each before any tax charged on it.
  const seen = new Map<string, DocumentLineTax>();
  for (const line of lines) for (const t of line.taxes) if (!seen.has(keyOf(t))) seen.set(keyOf(t), t);
  const keys = [...seen.values()]
    .map((t, i) => ({ t, i }))
    .sort((a, b) => Number(a.t.onEarlierTaxes) - Number(b.t.onEarlierTaxes) || a.i - b.i)
    .map(({ t }) => t);
  const total = lines.reduce((a, l) => a + l.amountBaisa, 0);
  let largestLine = 0;
  lines.forEach((l, i) => {
    if (Math.abs(l.amountBaisa) > Math.abs(lines[largestLine]!.amountBaisa)) largestLine = i;
  });

  const taxesOn = (nets: readonly number[]) => {
    const shares = lines.map((l) => l.taxes.map(() => 0));
    const totals: DocumentTaxTotal[] = [];
    for (const rule of keys) {
      const members: { i: number; j: number; exact: bigint; share: number; base: number }[] = [];
      lines.forEach((line, i) =>
        line.taxes.forEach((t, j) => {
          if (keyOf(t) !== keyOf(rule)) return;
          let base = nets[i]!;
          if (t.onEarlierTaxes) for (let e = 0; e < j; e++) base += shares[i]![e]!;
          // exact share × 10,000 (rates are basis points)
          const exact = BigInt(base) * BigInt(t.rateBp);
          members.push({ i, j, exact, share: roundHalfUp(frac(exact, 10_000n)), base });
        }),
      );
      const base = members.reduce((a, m) => a + m.base, 0);
      const amount = roundHalfUp(frac(BigInt(base) * BigInt(rule.rateBp), 10_000n));
      let diff = amount - members.reduce((a, m) => a + m.share, 0);
      while (diff !== 0) {
        const step = diff > 0 ? 1 : -1;
        // The member whose share is furthest from its exact value in the direction of the step.
        let pick = members[0]!;
        let pickRest = -Infinity;
        for (const m of members) {
          const rest = step * Number(m.exact - BigInt(m.share) * 10_000n);
          if (rest > pickRest || (rest === pickRest && Math.abs(m.base) > Math.abs(pick.base))) {
            pick = m;
            pickRest = rest;
          }
        }
        pick.share += step;
        diff -= step;
      }
      for (const m of members) shares[m.i]![m.j] = m.share;
      totals.push({ code: rule.code, rateBp: rule.rateBp, baseBaisa: base, amountBaisa: amount });
    }
    return { shares, totals };
  };

  type Candidate = { nets: number[]; shares: number[][]; totals: DocumentTaxTotal[]; rests: number[] };
  const measure = (c: Candidate) => [
    Math.abs(c.rests.reduce((a, r) => a + r, 0)),
    c.rests.reduce((a, r) => a + Math.abs(r), 0),
  ];
  let best: Candidate | null = null;
  let nets = lines.map((l) => l.netBaisa);
  const tried = new Set<string>();
  for (let round = 0; round < 8; round++) {
    tried.add(nets.join(','));
    const { shares, totals } = taxesOn(nets);
    const rests = lines.map((l, i) => l.amountBaisa - nets[i]! - shares[i]!.reduce((a, s) => a + s, 0));
    const candidate = { nets, shares, totals, rests };
    const [m0, m1] = measure(candidate);
    const [b0, b1] = best ? measure(best) : [Infinity, Infinity];
    if (m0! < b0! || (m0 === b0 && m1! < b1!)) best = candidate;
    if (m1 === 0) break;
    const next = lines.map((l, i) => l.amountBaisa - shares[i]!.reduce((a, s) => a + s, 0));
    if (tried.has(next.join(','))) break;
    nets = next;
  }
  // A total the nets did not reach yet: the largest line's net a baisa or three either way.
  for (let d = 1; d <= 3 && best!.rests.reduce((a, r) => a + r, 0) !== 0; d++) {
    for (const step of [d, -d]) {
      const tryNets = [...best!.nets];
      tryNets[largestLine] = tryNets[largestLine]! + step;
      const { shares, totals } = taxesOn(tryNets);
      const rests = lines.map((l, i) => l.amountBaisa - tryNets[i]! - shares[i]!.reduce((a, s) => a + s, 0));
      const candidate = { nets: tryNets, shares, totals, rests };
      if (measure(candidate)[0]! < measure(best!)[0]!) best = candidate;
    }
  }
  const chosen = best!;
  // What no net reaches stays on the line with the largest amount: another line's rest moves
  // there as a baisa of a tax both bear (the document's totals and bases stay as they are).
  const shares = chosen.shares.map((s) => [...s]);
  const rests = [...chosen.rests];
  const largest = largestLine;
  rests.forEach((rest, i) => {
    if (rest === 0 || i === largest) return;
    const target = lines[largest]!.taxes;
    for (let j = lines[i]!.taxes.length - 1; j >= 0; j--) {
      const k = target.findIndex((t) => keyOf(t) === keyOf(lines[i]!.taxes[j]!));
      if (k < 0) continue;
      shares[i]![j]! += rest;
      shares[largest]![k]! -= rest;
      rests[largest]! += rest;
      rests[i] = 0;
      return;
    }
  });
  return finish(chosen.nets, shares, chosen.totals, rests);

  function finish(
    ns: number[],
    shares: number[][],
    totals: DocumentTaxTotal[],
    rests: number[],
  ): DocumentSplit {
    const taxBaisa = totals.reduce((a, t) => a + t.amountBaisa, 0);
    const netBaisa = ns.reduce((a, n) => a + n, 0);
    return {
      lines: lines.map((l, i) => ({
        netBaisa: ns[i]!,
        taxes: l.taxes.map((t, j) => ({ code: t.code, amountBaisa: shares[i]![j]! })),
        roundingBaisa: rests[i]!,
      })),
      totals,
      netBaisa,
      taxBaisa,
      roundingBaisa: total - netBaisa - taxBaisa,
    };
  }
}
