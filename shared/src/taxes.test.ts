import { describe, expect, it } from 'vitest';
import { OMAN_DEFAULT_TAXES, splitLine, taxesInForce, type Tax } from './taxes';

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
