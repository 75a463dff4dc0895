import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { call } from '@worker-test/helpers';
import { json, one } from '@worker-test/builders';
import { check, inHouse, manager, outletWithItems, toRoom, type Check } from '@worker-test/outlets';

/**
 * A check paid at an outlet in the month's tax report (decision 090, modules/folio/tax-report.ts):
 * it is on no folio, so its tax invoice's totals (series OUT) count on its business date, and its
 * void's credit note (series OCN) takes them back; a check to a room counts once, by its folio lines.
 */

type Row = { month: string; code: string; baseBaisa: number; amountBaisa: number };
type TaxTotal = { code: string; baseBaisa: number; amountBaisa: number };

const month = () => hotelToday().slice(0, 7);

/** This month's report, by tax code. */
async function report(cookie: string): Promise<Record<string, { base: number; amount: number }>> {
  const res = await call(`/api/admin/tax-report?from=${month()}&to=${month()}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const { rows } = await json<{ rows: Row[] }>(res);
  // A tax whose month nets to nothing is as if absent.
  return Object.fromEntries(
    rows
      .filter((r) => r.baseBaisa !== 0 || r.amountBaisa !== 0)
      .map((r) => [r.code, { base: r.baseBaisa, amount: r.amountBaisa }]),
  );
}

const plus = (
  before: Record<string, { base: number; amount: number }>,
  totals: TaxTotal[],
): Record<string, { base: number; amount: number }> => {
  const after = structuredClone(before);
  for (const t of totals) {
    const e = (after[t.code] ??= { base: 0, amount: 0 });
    e.base += t.baseBaisa;
    e.amount += t.amountBaisa;
  }
  return after;
};

describe('the tax report and the outlets', () => {
  it('counts a paid check’s tax invoice (VAT and the tourism levy), and its void nets it out', async () => {
    const cookie = await manager();
    const cafe = await outletWithItems({ nameEn: 'Tax Café', nameAr: 'مقهى الضريبة' });
    const before = await report(cookie);

    const res = await check(
      cafe.id,
      { items: [{ itemId: cafe.cake.id, quantity: 3 }], settle: { kind: 'paid', method: 'cash' } },
      cookie,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const paid = (await json<{ check: Check }>(res)).check;
    const invoice = await json<{ number: string; taxTotals: TaxTotal[] }>(
      await call(`/api/outlets/checks/${paid.id}/invoice`, { cookie }),
    );
    expect(invoice.number).toBe(paid.invoiceNumber);
    // A café's item bears the levy and VAT (on the net and the levy).
    expect(invoice.taxTotals.map((t) => t.code).sort()).toEqual(['tourism_levy', 'vat']);
    expect(invoice.taxTotals.every((t) => t.amountBaisa > 0)).toBe(true);
    const withPaid = await report(cookie);
    expect(withPaid).toEqual(plus(before, invoice.taxTotals));
    // The document's taxes are the check's: what the guest paid, less the net.
    const taxes = invoice.taxTotals.reduce((a, t) => a + t.amountBaisa, 0);
    expect(taxes).toBe(paid.taxBaisa);

    // Voided the same day: its credit note takes the invoice's taxes back.
    const voided = await call(`/api/outlets/checks/${paid.id}/void`, {
      method: 'POST',
      cookie,
      json: { reason: 'Rang up twice' },
    });
    expect(voided.status, await voided.clone().text()).toBe(200);
    const credit = await json<{ number: string; taxTotals: TaxTotal[] }>(
      await call(`/api/outlets/checks/${paid.id}/invoice?credit=1`, { cookie }),
    );
    expect(credit.number).toMatch(/^OCN-/);
    expect(await report(cookie)).toEqual(before);

    // A check to a room counts once: by its folio lines, not as a document of its own.
    const booking = await inHouse('310', 'Hamad Saadi');
    const room = await check(cafe.id, toRoom(cafe.coffee.id, 2, '310', 'Saadi'), cookie);
    expect(room.status, await room.clone().text()).toBe(201);
    const lines = (await one<{ vat: number; levy: number }>(
      `select sum(case when json_extract(t.value, '$.code') = 'vat' then json_extract(t.value, '$.amountBaisa') end) as vat,
              sum(case when json_extract(t.value, '$.code') = 'tourism_levy' then json_extract(t.value, '$.amountBaisa') end) as levy
       from folio_lines l, json_each(l.taxes) t where l.booking_id = ?`,
      booking,
    ))!;
    const after = await report(cookie);
    expect((after.vat?.amount ?? 0) - (before.vat?.amount ?? 0)).toBe(lines.vat);
    expect((after.tourism_levy?.amount ?? 0) - (before.tourism_levy?.amount ?? 0)).toBe(lines.levy);
  });
});
