import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { call } from '@worker-test/helpers';
import { json } from '@worker-test/builders';
import { check, manager, outletWithItems, type Check } from '@worker-test/outlets';

/**
 * The outlets in the day's figures (decision 090): the day report and its CSV give each outlet's
 * sales, taxes and payments of the business date, so they balance with the outlets' checks; and a
 * check paid at the outlet counts the taxes of its tax invoice (each computed once on the
 * document's base), in the check itself, the day report and the month's tax report alike. The
 * amounts are chosen to round: two coffees (1.500) and a date cake (2.300) are 447 baisa of taxes
 * line by line but 446 on one document; two cakes 387 against 388.
 */

type TaxTotal = { code: string; amountBaisa: number };
type Figures = {
  outletId: number;
  checks: number;
  revenueBaisa: number;
  taxesBaisa: Record<string, number>;
  toRoomsBaisa: number;
  paidBaisa: number;
  paymentsBaisa: Record<string, number>;
  voidedBaisa: number;
};

const month = () => hotelToday().slice(0, 7);

async function taxReport(cookie: string): Promise<Record<string, number>> {
  const res = await call(`/api/admin/tax-report?from=${month()}&to=${month()}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const { rows } = await json<{ rows: { code: string; amountBaisa: number }[] }>(res);
  return Object.fromEntries(rows.map((r) => [r.code, r.amountBaisa]));
}

const paid = async (
  outletId: number,
  items: { itemId: number; quantity: number }[],
  method: string,
  cookie: string,
) => {
  const res = await check(
    outletId,
    { items, settle: { kind: 'paid', method, ...(method === 'card' ? { approvalCode: '123456' } : {}) } },
    cookie,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ check: Check }>(res)).check;
};

describe('the outlets in the day’s figures', () => {
  it('a paid check’s taxes are its invoice’s, and the day report, its CSV and the tax report agree to the baisa', async () => {
    const cookie = await manager();
    const before = await taxReport(cookie);
    const cafe = await outletWithItems({ nameEn: 'Round Café', nameAr: 'مقهى التقريب' });
    const cash = await paid(
      cafe.id,
      [
        { itemId: cafe.coffee.id, quantity: 2 },
        { itemId: cafe.cake.id, quantity: 1 },
      ],
      'cash',
      cookie,
    );
    const card = await paid(cafe.id, [{ itemId: cafe.cake.id, quantity: 2 }], 'card', cookie);
    const taxesOf = async (c: Check) =>
      (await json<{ taxTotals: TaxTotal[] }>(await call(`/api/outlets/checks/${c.id}/invoice`, { cookie })))
        .taxTotals;
    const cashTaxes = await taxesOf(cash);
    const cardTaxes = await taxesOf(card);
    const sum = (totals: TaxTotal[]) => totals.reduce((a, t) => a + t.amountBaisa, 0);
    // The check says what its invoice says (446, not its lines' 447; 388, not 387).
    expect([cash.taxBaisa, card.taxBaisa]).toEqual([sum(cashTaxes), sum(cardTaxes)]);
    expect([cash.taxBaisa, card.taxBaisa]).toEqual([446, 388]);

    // The day report: the outlet's taxes are the invoices', and its figures balance with its checks.
    const report = await json<{ outlets: Figures[] }>(
      await call(`/api/admin/day-close/${hotelToday()}`, { cookie }),
    );
    const mine = report.outlets.find((o) => o.outletId === cafe.id)!;
    const byCode: Record<string, number> = {};
    for (const t of [...cashTaxes, ...cardTaxes]) byCode[t.code] = (byCode[t.code] ?? 0) + t.amountBaisa;
    expect(mine).toMatchObject({
      checks: 2,
      taxesBaisa: byCode,
      toRoomsBaisa: 0,
      paidBaisa: cash.totalBaisa + card.totalBaisa,
      paymentsBaisa: { cash: cash.totalBaisa, card: card.totalBaisa },
      revenueBaisa: cash.netBaisa + card.netBaisa,
    });
    expect(
      mine.revenueBaisa +
        sum(Object.entries(mine.taxesBaisa).map(([code, amountBaisa]) => ({ code, amountBaisa }))),
    ).toBe(mine.toRoomsBaisa + mine.paidBaisa);

    // The month's tax report moved by exactly the day report's outlet taxes.
    const after = await taxReport(cookie);
    for (const [code, amount] of Object.entries(byCode))
      expect((after[code] ?? 0) - (before[code] ?? 0)).toBe(amount);

    // The CSV has the outlet's rows: its checks, revenue, each tax, rooms, paid by method, voided.
    const csv = await call(`/api/admin/day-close.csv?date=${hotelToday()}`, { cookie });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split(/\r?\n/);
    const omr = (baisa: number) => (baisa / 1000).toFixed(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        'outletChecks,Round Café,2',
        `outletRevenueOmr,Round Café,${omr(mine.revenueBaisa)}`,
        `outletTaxesOmr,Round Café: vat,${omr(byCode.vat!)}`,
        `outletTaxesOmr,Round Café: tourism_levy,${omr(byCode.tourism_levy!)}`,
        'outletToRoomsOmr,Round Café,0.000',
        `outletPaidOmr,Round Café,${omr(cash.totalBaisa + card.totalBaisa)}`,
        `outletPaymentsOmr,Round Café: cash,${omr(cash.totalBaisa)}`,
        `outletPaymentsOmr,Round Café: card,${omr(card.totalBaisa)}`,
        'outletVoidedOmr,Round Café,0.000',
      ]),
    );
  });
});
