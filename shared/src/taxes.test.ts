import { describe, expect, it } from 'vitest';
import {
  OMAN_DEFAULT_TAXES,
  documentTaxes,
  splitLine,
  taxesInForce,
  type DocumentLineInput,
  type FolioDepartment,
  type Tax,
} from './taxes';

const inForce = (department: Parameters<typeof taxesInForce>[1], date = '2026-11-25') =>
  taxesInForce(OMAN_DEFAULT_TAXES, department, date);

describe('taxes in force on a line', () => {
  it('the levy and VAT on a room night, VAT alone on the minibar; the municipality fee off until set', () => {
    expect(inForce('room').map((t) => t.code)).toEqual(['tourism_levy', 'vat']);
    expect(inForce('restaurant').map((t) => t.code)).toEqual(['tourism_levy', 'vat']);
    expect(inForce('minibar').map((t) => t.code)).toEqual(['vat']);
    // Before VAT began in Oman (16 April 2021), only the levy.
    expect(inForce('room', '2021-04-15').map((t) => t.code)).toEqual(['tourism_levy']);
  });

  it('a new rate starts on its date; lines before it keep the old one', () => {
    const taxes: Tax[] = [
      ...OMAN_DEFAULT_TAXES,
      { ...OMAN_DEFAULT_TAXES[2]!, rateBp: 1_000, effectiveFrom: '2027-01-01' },
    ];
    expect(taxesInForce(taxes, 'room', '2026-12-31').find((t) => t.code === 'vat')!.rateBp).toBe(500);
    expect(taxesInForce(taxes, 'room', '2027-01-01').find((t) => t.code === 'vat')!.rateBp).toBe(1_000);
    // Switched on, the municipality fee joins the room's taxes in the settings' order.
    const withFee = OMAN_DEFAULT_TAXES.map((t) =>
      t.code === 'municipality_fee' ? { ...t, rateBp: 200, active: true } : t,
    );
    expect(taxesInForce(withFee, 'room', '2026-11-25').map((t) => t.code)).toEqual([
      'tourism_levy',
      'municipality_fee',
      'vat',
    ]);
  });
});

describe('a line split into net and taxes', () => {
  it('inclusive: a room night at 12.600 is 11.538 net, 0.462 levy and 0.600 VAT (on net and levy)', () => {
    expect(splitLine(12_600, inForce('room'))).toEqual({
      netBaisa: 11_538,
      taxes: [
        { code: 'tourism_levy', amountBaisa: 462 },
        { code: 'vat', amountBaisa: 600 },
      ],
    });
    // VAT alone: 1.000 of minibar holds 0.048 of VAT (1000 x 5 / 105 = 47.6).
    expect(splitLine(1_000, inForce('minibar'))).toEqual({
      netBaisa: 952,
      taxes: [{ code: 'vat', amountBaisa: 48 }],
    });
  });

  it('exclusive: the amount is the net and the taxes come on top, VAT on the levy too', () => {
    expect(splitLine(10_000, inForce('room'), false)).toEqual({
      netBaisa: 10_000,
      taxes: [
        { code: 'tourism_levy', amountBaisa: 400 },
        { code: 'vat', amountBaisa: 520 },
      ],
    });
  });

  it('rounds half a baisa up, exactly (no float error), and a correction is the exact negation', () => {
    const vat = inForce('minibar');
    expect(splitLine(10, vat, false).taxes[0]!.amountBaisa).toBe(1);
    expect(splitLine(30, vat, false).taxes[0]!.amountBaisa).toBe(2);
    expect(splitLine(29, vat, false).taxes[0]!.amountBaisa).toBe(1);
    const line = splitLine(12_600, inForce('room'));
    const correction = splitLine(-12_600, inForce('room'));
    expect(correction.netBaisa).toBe(-line.netBaisa);
    expect(correction.taxes.map((t) => t.amountBaisa)).toEqual(line.taxes.map((t) => -t.amountBaisa));
  });

  it('net + taxes = the amount for every amount, each tax within half a baisa of its exact share', () => {
    const taxes = inForce('room');
    for (let amount = 0; amount <= 30_000; amount += 7) {
      const { netBaisa, taxes: split } = splitLine(amount, taxes);
      expect(netBaisa + split.reduce((s, t) => s + t.amountBaisa, 0)).toBe(amount);
      const net = amount / 1.092;
      expect(Math.abs(split[0]!.amountBaisa - net * 0.04)).toBeLessThanOrEqual(0.5 + 1e-9);
      expect(Math.abs(split[1]!.amountBaisa - net * 1.04 * 0.05)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it('refuses a fraction of a baisa and a negative rate', () => {
    expect(() => splitLine(1.5, inForce('room'))).toThrow(RangeError);
    expect(() => splitLine(100, [{ ...OMAN_DEFAULT_TAXES[2]!, rateBp: -5 }])).toThrow(RangeError);
  });
});

/** A line as posted (split on its own), ready for the document rule. */
const posted = (department: FolioDepartment, amountBaisa: number): DocumentLineInput => {
  const rules = inForce(department);
  const split = splitLine(amountBaisa, rules);
  return {
    amountBaisa,
    netBaisa: split.netBaisa,
    taxes: split.taxes.map((t, i) => ({
      ...t,
      rateBp: rules[i]!.rateBp,
      onEarlierTaxes: rules[i]!.onEarlierTaxes,
    })),
  };
};
const roundedTax = (base: number, rateBp: number) => Math.floor((base * rateBp + 5_000) / 10_000);

describe('a document’s taxes, rounded once on its base (EN 16931 BR-CO-17)', () => {
  it('four minibar lines whose VAT each rounds up: 66.880 net bore VAT 3.346; the document’s is 3.344', () => {
    const lines = [17_546, 17_546, 17_567, 17_567].map((a) => posted('minibar', a));
    // Each line on its own: VAT rounded up by half a baisa, four times.
    expect(lines.reduce((a, l) => a + l.netBaisa, 0)).toBe(66_880);
    expect(lines.reduce((a, l) => a + l.taxes[0]!.amountBaisa, 0)).toBe(3_346);
    const doc = documentTaxes(lines);
    // The guest pays the same 70.226; the net takes the remainder.
    expect(doc.netBaisa + doc.taxBaisa + doc.roundingBaisa).toBe(70_226);
    expect(doc.totals).toEqual([{ code: 'vat', rateBp: 500, baseBaisa: 66_882, amountBaisa: 3_344 }]);
    expect(roundedTax(66_882, 500)).toBe(3_344);
    expect(doc.roundingBaisa).toBe(0);
    // The lines add up to the document, each within a baisa of its exact share.
    expect(doc.lines.reduce((a, l) => a + l.taxes[0]!.amountBaisa, 0)).toBe(3_344);
    expect(doc.lines.reduce((a, l) => a + l.netBaisa, 0)).toBe(66_882);
    doc.lines.forEach((l, i) => {
      expect(l.netBaisa + l.taxes[0]!.amountBaisa).toBe(lines[i]!.amountBaisa);
      expect(Math.abs(l.taxes[0]!.amountBaisa - (l.netBaisa * 500) / 10_000)).toBeLessThanOrEqual(1);
    });
  });

  it('the levy first, VAT on the net and the levy: each total is round(base × rate) on every document', () => {
    let seed = 55;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const departments: FolioDepartment[] = ['room', 'minibar', 'restaurant', 'spa', 'laundry'];
    let withRounding = 0;
    for (let k = 0; k < 3_000; k++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        posted(departments[Math.floor(next() * departments.length)]!, 1 + Math.floor(next() * 80_000)),
      );
      const total = lines.reduce((a, l) => a + l.amountBaisa, 0);
      const doc = documentTaxes(lines);
      expect(doc.netBaisa + doc.taxBaisa + doc.roundingBaisa).toBe(total);
      expect(Math.abs(doc.roundingBaisa)).toBeLessThanOrEqual(1);
      if (doc.roundingBaisa !== 0) withRounding++;
      const levy = doc.totals.find((t) => t.code === 'tourism_levy');
      const vat = doc.totals.find((t) => t.code === 'vat')!;
      if (levy) expect(doc.totals.indexOf(levy)).toBeLessThan(doc.totals.indexOf(vat));
      for (const t of doc.totals) expect(t.amountBaisa).toBe(roundedTax(t.baseBaisa, t.rateBp));
      expect(vat.baseBaisa).toBe(doc.netBaisa + (levy?.amountBaisa ?? 0));
      for (const t of doc.totals)
        expect(
          doc.lines.reduce((a, l) => a + (l.taxes.find((x) => x.code === t.code)?.amountBaisa ?? 0), 0),
        ).toBe(t.amountBaisa);
      // Each line adds up to its amount; only the largest may keep the document's rounding.
      doc.lines.forEach((l, i) =>
        expect(l.netBaisa + l.taxes.reduce((a, t) => a + t.amountBaisa, 0) + l.roundingBaisa).toBe(
          lines[i]!.amountBaisa,
        ),
      );
      expect(doc.lines.filter((l) => l.roundingBaisa !== 0).length).toBeLessThanOrEqual(1);
    }
    // A total no net reaches is rare, and only ever a baisa.
    expect(withRounding).toBeLessThan(300);
  });

  it('a total no whole-baisa net reaches keeps a baisa of rounding (VAT alone, 21k + 10 baisa)', () => {
    const doc = documentTaxes([posted('spa', 31)]);
    // A net of 30 bears VAT round(1.5) = 2 (32), one of 29 bears 1 (30): 31 keeps a baisa either way.
    expect(doc.netBaisa + doc.taxBaisa + doc.roundingBaisa).toBe(31);
    expect(Math.abs(doc.roundingBaisa)).toBe(1);
    expect(doc.totals[0]!.amountBaisa).toBe(roundedTax(doc.totals[0]!.baseBaisa, 500));
  });

  it('a credit (negative lines) is the exact negation; nothing is nothing', () => {
    const lines = [posted('room', 12_600), posted('laundry', 3_000)];
    const negated = lines.map((l) => ({
      amountBaisa: -l.amountBaisa,
      netBaisa: -l.netBaisa,
      taxes: l.taxes.map((t) => ({ ...t, amountBaisa: -t.amountBaisa })),
    }));
    const doc = documentTaxes(lines);
    const neg = documentTaxes(negated);
    expect(neg.totals.map((t) => -t.amountBaisa)).toEqual(doc.totals.map((t) => t.amountBaisa));
    expect(neg.netBaisa).toBe(-doc.netBaisa);
    expect(documentTaxes([])).toEqual({ lines: [], totals: [], netBaisa: 0, taxBaisa: 0, roundingBaisa: 0 });
  });
});
