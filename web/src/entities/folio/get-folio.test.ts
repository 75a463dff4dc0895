import { describe, expect, it } from 'vitest';
import { correctedLineIds, type FolioLine, lineTaxBaisa, refundableBaisa } from './get-folio';

const line = (id: number, kind: FolioLine['kind'], amountBaisa: number, extra: Partial<FolioLine> = {}) =>
  ({
    id,
    kind,
    amountBaisa,
    department: null,
    method: null,
    description: '',
    quantity: 1,
    netBaisa: null,
    taxes: [],
    businessDate: '2026-11-25',
    invoiceId: null,
    correctsLineId: null,
    refundsLineId: null,
    reason: null,
    createdAt: '2026-11-25T10:00:00Z',
    ...extra,
  }) as unknown as FolioLine;

describe("a folio's lines as the desk reads them", () => {
  const lines = [
    line(1, 'charge', 12_600, {
      taxes: [
        { code: 'tourism_levy', amountBaisa: 462 },
        { code: 'vat', amountBaisa: 600 },
      ],
    }),
    line(2, 'charge', 3_000),
    line(3, 'correction', -3_000, { correctsLineId: 2 }),
    line(4, 'payment', 20_000),
    line(5, 'refund', 5_000, { refundsLineId: 4 }),
    line(6, 'refund', 1_500, { refundsLineId: 4 }),
    line(7, 'payment', 1_000),
  ];

  it('knows which charges are corrected already', () => {
    expect([...correctedLineIds(lines)]).toEqual([2]);
  });

  it('a charge corrected in part (a partial credit note) may still be corrected, until nothing is left', () => {
    const partly = [...lines, line(8, 'correction', -2_600, { correctsLineId: 1 })];
    expect([...correctedLineIds(partly)]).toEqual([2]);
    const whole = [...partly, line(9, 'correction', -10_000, { correctsLineId: 1 })];
    expect([...correctedLineIds(whole)].sort()).toEqual([1, 2]);
  });

  it('refunds of a payment leave what remains of it, counting only that payment', () => {
    expect(refundableBaisa(lines, lines[3]!)).toBe(13_500);
    expect(refundableBaisa(lines, lines[6]!)).toBe(1_000);
  });

  it("adds a line's taxes", () => {
    expect(lineTaxBaisa(lines[0]!)).toBe(1_062);
    expect(lineTaxBaisa(lines[3]!)).toBe(0);
  });
});
