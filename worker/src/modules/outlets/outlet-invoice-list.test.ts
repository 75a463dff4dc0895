import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { call } from '@worker-test/helpers';
import { book, json, staffCookie } from '@worker-test/builders';
import { planReads, signInForPlans, through, type Recorded } from '@worker-test/query-plans';
import { check, manager, outletWithItems, type Check } from '@worker-test/outlets';
import { env } from 'cloudflare:workers';
import { OMAN_DEFAULT_TAXES, splitLine, taxesInForce } from '@shared/taxes';

/**
 * The outlets' documents in the staff's invoices list (decision 090, modules/folio/invoice-list.ts):
 * a check paid at an outlet is a tax invoice (series OUT) and its void's credit note (OCN); the
 * hotel's accountant finds them where every other number the hotel issued is, by number, by the
 * outlet's name and by series, a page at a time along the issue-date indexes, and in the CSV.
 */

type Row = {
  id: number;
  kind: string;
  series: string;
  number: string;
  issueDate: string;
  bookingId: number | null;
  totalBaisa: number;
  creditsInvoiceNumber: string | null;
  creditNoteNumber: string | null;
  creditedBaisa: number;
  outletCheckId: number | null;
  outletNameEn: string | null;
};
type Page = { invoices: Row[]; nextCursor: string | null };

const list = async (query: string, cookie: string) => {
  const res = await call(`/api/admin/invoices?${query}`, { cookie, lang: 'en' });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Page>(res);
};

const paid = async (outletId: number, itemId: number, quantity: number, cookie: string) => {
  const res = await check(
    outletId,
    { items: [{ itemId, quantity }], settle: { kind: 'paid', method: 'cash' } },
    cookie,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ check: Check }>(res)).check;
};

/** A desk invoice of a stay (a charge on its folio, invoiced). */
async function deskInvoice(cookie: string) {
  const booking = await book({ fullName: 'Salma Al Rawahi' });
  const date = hotelToday();
  const split = splitLine(12_600, taxesInForce(OMAN_DEFAULT_TAXES, 'room', date));
  await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date)
     values (?, 'charge', 'room', '', 12600, ?, ?, ?)`,
  )
    .bind(booking.id, split.netBaisa, JSON.stringify(split.taxes), date)
    .run();
  const res = await call(`/api/booking-submissions/${booking.id}/invoices`, {
    method: 'POST',
    json: {},
    cookie,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ invoice: { id: number; number: string } }>(res)).invoice;
}

describe('the outlets’ documents in the staff’s invoices list', () => {
  it('lists a paid check’s invoice (OUT) and its void’s credit note (OCN) beside the desk’s, found by number, outlet and series', async () => {
    const boss = await manager();
    const desk = await staffCookie();
    const cafe = await outletWithItems({ nameEn: 'Ledger Café', nameAr: 'مقهى الدفتر' });
    const kept = await paid(cafe.id, cafe.coffee.id, 2, boss);
    const voided = await paid(cafe.id, cafe.cake.id, 1, boss);
    const res = await call(`/api/outlets/checks/${voided.id}/void`, {
      method: 'POST',
      cookie: boss,
      json: { reason: 'Rang up on the wrong table' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const credit = (await json<{ check: Check }>(res)).check.voided!.creditNoteNumber!;
    expect(credit).toMatch(/^OCN-\d{4}-\d{6}$/);
    const invoice = await deskInvoice(desk);

    // The front desk's list, newest first: the desk's invoice and the outlet's documents together.
    const all = await list('limit=100', desk);
    const numbers = all.invoices.map((r) => r.number);
    expect(numbers).toEqual(
      expect.arrayContaining([invoice.number, kept.invoiceNumber, voided.invoiceNumber, credit]),
    );
    const out = all.invoices.find((r) => r.number === kept.invoiceNumber)!;
    expect(out).toMatchObject({
      kind: 'invoice',
      series: 'OUT',
      issueDate: hotelToday(),
      bookingId: null,
      totalBaisa: kept.totalBaisa,
      outletCheckId: kept.id,
      outletNameEn: 'Ledger Café',
      creditNoteNumber: null,
      creditedBaisa: 0,
    });
    expect(all.invoices.find((r) => r.number === voided.invoiceNumber)).toMatchObject({
      creditNoteNumber: credit,
      creditedBaisa: voided.totalBaisa,
    });
    expect(all.invoices.find((r) => r.number === credit)).toMatchObject({
      kind: 'credit_note',
      series: 'OCN',
      totalBaisa: voided.totalBaisa,
      creditsInvoiceNumber: voided.invoiceNumber,
      outletCheckId: voided.id,
    });

    // By its whole number, by its sequence (Arabic-Indic digits too), by the outlet's name, by series.
    expect((await list(`number=${kept.invoiceNumber}`, desk)).invoices.map((r) => r.number)).toEqual([
      kept.invoiceNumber,
    ]);
    const sequence = String(Number(credit.slice(-6))).replace(/\d/g, (d) =>
      String.fromCharCode(0x0660 + Number(d)),
    );
    expect(
      (await list(`number=${encodeURIComponent(sequence)}`, desk)).invoices.map((r) => r.number),
    ).toContain(credit);
    const byOutlet = await list(`guest=${encodeURIComponent('الدفتر')}`, desk);
    expect(byOutlet.invoices.map((r) => r.number).sort()).toEqual(
      [kept.invoiceNumber, voided.invoiceNumber, credit].sort(),
    );
    const outs = await list('series=OUT', desk);
    expect(outs.invoices.length).toBeGreaterThanOrEqual(2);
    expect(outs.invoices.every((r) => r.series === 'OUT')).toBe(true);
    expect((await list('series=INV', desk)).invoices.map((r) => r.number)).toContain(invoice.number);
    expect((await list('series=INV', desk)).invoices.every((r) => r.series === 'INV')).toBe(true);
    expect((await list(`series=OCN&number=${kept.invoiceNumber}`, desk)).invoices).toEqual([]);

    // A page at a time: every document once, in the one order, across the three tables.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`, desk);
      seen.push(...page.invoices.map((r) => r.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(numbers);

    // The desk opens the outlet's document (JSON) as it opens its own.
    const opened = await call(`/api/outlets/checks/${kept.id}/invoice`, { cookie: desk });
    expect(opened.status).toBe(200);
    expect((await json<{ number: string }>(opened)).number).toBe(kept.invoiceNumber);

    // The CSV holds them too, with the outlet named.
    const csv = await (await call(`/api/admin/invoices.csv?series=OCN`, { cookie: desk })).text();
    expect(csv).toContain(`${credit},credit_note,${hotelToday()},,,,`);
    expect(csv).toContain('Ledger Café');
  });

  it('refuses a series it does not know, in the reader’s language', async () => {
    const desk = await staffCookie();
    for (const [lang, words] of [
      ['en', /[A-Za-z]/],
      ['ar', /[\u0600-\u06FF]/],
    ] as const) {
      const res = await call('/api/admin/invoices?series=XYZ', { cookie: desk, lang });
      expect(res.status).toBe(400);
      const body = await json<{ error: { code: string; message: string; fields: Record<string, string> } }>(
        res,
      );
      expect(body.error.code, JSON.stringify(body)).toBe('validation_failed');
      expect(body.error.message).toMatch(words);
      expect(body.error.fields.series).toMatch(words);
    }
  });

  it('reads each table along its issue-date index, a page at a time', async () => {
    await signInForPlans();
    const log: Recorded[] = [];
    const res = await through(
      `/api/admin/invoices?limit=10&cursor=${hotelToday()}_1_999999`,
      'staff',
      {},
      log,
    );
    expect(res.status).toBe(200);
    const statement = log.find((s) => /outlet_checks/.test(s.sql) && /invoices i/.test(s.sql))!;
    const reads = await planReads(statement, /SCAN|SEARCH/);
    expect(reads).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SEARCH i USING INDEX invoices_issue_date_idx/),
        expect.stringMatching(/^SEARCH c USING INDEX outlet_checks_invoice_date_idx/),
        expect.stringMatching(/^SEARCH v USING INDEX outlet_check_voids_credit_note_date_idx/),
      ]),
    );
    expect(reads.filter((r) => /^SCAN (i|c|v|b)\b/.test(r))).toEqual([]);
  });
});
