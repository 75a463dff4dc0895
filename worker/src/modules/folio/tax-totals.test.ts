import { env } from 'cloudflare:workers';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { call } from '@worker-test/helpers';
import { adminCookie, approvedBooking, json, staffAccount, staffCookie } from '@worker-test/builders';

/**
 * a document's taxes are computed once on its base (EN 16931 BR-CO-17, which
 * Peppol PINT follows), not summed from each line's own rounding. The probe's case: four minibar
 * lines whose VAT each rounds up by half a baisa bore VAT 3.346 on a net of 66.880 (5% of it is
 * 3.344). The JSON, the printable page, the UBL, the credit note and the tax report agree, and
 * the guest pays the same.
 */
type Doc = {
  id: number;
  number: string;
  lines: {
    folioLineId: number;
    amountBaisa: number;
    netBaisa: number;
    taxes: { code: string; amountBaisa: number }[];
    roundingBaisa?: number;
  }[];
  taxTotals: { code: string; rateBp: number; baseBaisa: number; amountBaisa: number }[];
  netBaisa: number;
  taxBaisa: number;
  roundingBaisa: number;
  totalBaisa: number;
};

const roundedTax = (base: number, rateBp: number) => Math.floor((base * rateBp + 5_000) / 10_000);

async function postCharge(bookingId: number, department: string, amountBaisa: number) {
  const res = await call(`/api/booking-submissions/${bookingId}/folio/charges`, {
    method: 'POST',
    cookie: await staffCookie(),
    json: { department, description: department, amountBaisa },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function issue(bookingId: number): Promise<Doc> {
  const res = await call(`/api/booking-submissions/${bookingId}/invoices`, {
    method: 'POST',
    json: {},
    cookie: await staffCookie(),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ invoice: Doc }>(res)).invoice;
}

type Node = { name: string; text: string; children: Node[] };
function parseXml(xml: string): Node {
  const parser = new SaxesParser({ xmlns: false });
  const root: Node = { name: '#document', text: '', children: [] };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.name, text: '', children: [] };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (t) => void (stack.at(-1)!.text += t));
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}
const child = (node: Node, name: string) => node.children.find((c) => c.name === name);
const children = (node: Node, name: string) => node.children.filter((c) => c.name === name);
const baisa = (node: Node | undefined) => Math.round(Number(node!.text) * 1000);

/** The document's lines add up to it, and each tax is round(base × rate). */
function expectConsistent(doc: Doc) {
  for (const t of doc.taxTotals) expect(t.amountBaisa).toBe(roundedTax(t.baseBaisa, t.rateBp));
  expect(doc.netBaisa + doc.taxBaisa + doc.roundingBaisa).toBe(doc.totalBaisa);
  expect(doc.lines.reduce((a, l) => a + l.netBaisa, 0)).toBe(doc.netBaisa);
  expect(doc.lines.reduce((a, l) => a + l.amountBaisa, 0)).toBe(doc.totalBaisa);
  for (const t of doc.taxTotals)
    expect(
      doc.lines.reduce((a, l) => a + (l.taxes.find((x) => x.code === t.code)?.amountBaisa ?? 0), 0),
    ).toBe(t.amountBaisa);
  for (const l of doc.lines)
    expect(l.netBaisa + l.taxes.reduce((a, t) => a + t.amountBaisa, 0) + (l.roundingBaisa ?? 0)).toBe(
      l.amountBaisa,
    );
}

/** The UBL's VAT subtotals and totals: BR-CO-17 exactly, and the payable what the guest pays. */
async function expectUbl(doc: Doc) {
  const res = await call(`/api/invoices/${doc.id}/ubl`, { cookie: await staffCookie() });
  expect(res.status).toBe(200);
  const root = parseXml(await res.text());
  const taxTotal = child(root, 'cac:TaxTotal')!;
  for (const sub of children(taxTotal, 'cac:TaxSubtotal')) {
    const percent = Number(child(child(sub, 'cac:TaxCategory')!, 'cbc:Percent')?.text ?? '0');
    expect(baisa(child(sub, 'cbc:TaxAmount'))).toBe(
      roundedTax(baisa(child(sub, 'cbc:TaxableAmount')), percent * 100),
    );
  }
  for (const charge of children(root, 'cac:AllowanceCharge'))
    expect(baisa(child(charge, 'cbc:Amount'))).toBe(
      roundedTax(
        baisa(child(charge, 'cbc:BaseAmount')),
        Number(child(charge, 'cbc:MultiplierFactorNumeric')!.text) * 100,
      ),
    );
  const totals = child(root, 'cac:LegalMonetaryTotal')!;
  const inclusive = baisa(child(totals, 'cbc:TaxInclusiveAmount'));
  const rounding = child(totals, 'cbc:PayableRoundingAmount');
  expect(inclusive + (rounding ? baisa(rounding) : 0)).toBe(baisa(child(totals, 'cbc:PayableAmount')));
  expect(baisa(child(totals, 'cbc:PayableAmount'))).toBe(doc.totalBaisa);
  const lineNets = [...children(root, 'cac:InvoiceLine'), ...children(root, 'cac:CreditNoteLine')].reduce(
    (a, l) => a + baisa(child(l, 'cbc:LineExtensionAmount')),
    0,
  );
  expect(lineNets).toBe(baisa(child(totals, 'cbc:LineExtensionAmount')));
  return { rounding: rounding ? baisa(rounding) : 0, vat: baisa(child(taxTotal, 'cbc:TaxAmount')) };
}

describe('a document’s taxes, computed once on its base', () => {
  it('VAT 3.346 on 66.880 by lines becomes 3.344 (round(66.882 × 5%)); JSON, page, UBL, credit note and tax report agree', async () => {
    const booking = await approvedBooking();
    for (const amount of [17_546, 17_546, 17_567, 17_567]) await postCharge(booking.id, 'minibar', amount);
    // The folio keeps each line's own split: net 66.880 and VAT 3.346 (each line rounded up).
    const posted = await env.DB.prepare(
      `select sum(net_baisa) as net, sum(amount_baisa) as total,
        (select sum(json_extract(t.value, '$.amountBaisa')) from folio_lines l, json_each(l.taxes) t
          where l.booking_id = ?1 and l.kind = 'charge') as vat
       from folio_lines where booking_id = ?1 and kind = 'charge'`,
    )
      .bind(booking.id)
      .first<{ net: number; total: number; vat: number }>();
    expect(posted).toEqual({ net: 66_880, total: 70_226, vat: 3_346 });

    const invoice = await issue(booking.id);
    expect(invoice.totalBaisa).toBe(70_226);
    expect(invoice.taxTotals).toEqual([
      expect.objectContaining({ code: 'vat', rateBp: 500, baseBaisa: 66_882, amountBaisa: 3_344 }),
    ]);
    expect(invoice.taxBaisa).toBe(3_344);
    expect(invoice.netBaisa).toBe(66_882);
    expect(invoice.roundingBaisa).toBe(0);
    expectConsistent(invoice);

    // GET answers the same document; the page prints 3.344, never 3.346.
    const read = await json<Doc>(await call(`/api/invoices/${invoice.id}`, { cookie: await staffCookie() }));
    expect(read).toMatchObject({ taxBaisa: 3_344, netBaisa: 66_882, roundingBaisa: 0, totalBaisa: 70_226 });
    const page = await (await call(`/invoices/${invoice.id}`, { cookie: await staffCookie() })).text();
    expect(page).toContain('3.344');
    expect(page).not.toContain('3.346');
    expect(page).toContain('66.882');
    expect((await expectUbl(invoice)).vat).toBe(3_344);

    // The tax report sums the document: VAT 3.344 on 66.882 for this booking's month.
    const manager = (await staffAccount({ role: 'manager' })).cookie;
    const month = hotelToday().slice(0, 7);
    const report = await json<{
      rows: { month: string; code: string; baseBaisa: number; amountBaisa: number }[];
    }>(await call(`/api/admin/tax-report?from=${month}&to=${month}`, { cookie: manager }));
    const others = await env.DB.prepare(
      `select coalesce(sum(json_extract(t.value, '$.amountBaisa')), 0) as vat
       from folio_lines l, json_each(l.taxes) t
       where l.booking_id <> ? and l.kind in ('charge', 'correction') and substr(l.business_date, 1, 7) = ?
         and json_extract(t.value, '$.code') = 'vat'`,
    )
      .bind(booking.id, month)
      .first<{ vat: number }>();
    expect(report.rows.find((r) => r.month === month && r.code === 'vat')!.amountBaisa).toBe(
      others!.vat + 3_344,
    );

    // The credit note credits the same taxes, to the baisa; the report's month nets to the others'.
    const res = await call(`/api/admin/invoices/${invoice.id}/credit-notes`, {
      method: 'POST',
      json: { reason: 'Charged twice' },
      cookie: manager,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const credit = (await json<{ creditNote: Doc }>(res)).creditNote;
    expect(credit.taxTotals.map((t) => [t.code, t.baseBaisa, t.amountBaisa])).toEqual([
      ['vat', 66_882, 3_344],
    ]);
    expect(credit.totalBaisa).toBe(70_226);
    expectConsistent(credit);
    await expectUbl(credit);
    const after = await json<{ rows: { month: string; code: string; amountBaisa: number }[] }>(
      await call(`/api/admin/tax-report?from=${month}&to=${month}`, { cookie: manager }),
    );
    expect(after.rows.find((r) => r.month === month && r.code === 'vat')!.amountBaisa).toBe(others!.vat);
    // The integrity check finds every document equal to its lines and the folio's balances right.
    const run = await call('/api/admin/integrity/run', { method: 'POST', cookie: await adminCookie() });
    expect(run.status).toBe(200);
    const { violations } = (await json<{ report: { violations: { check: string }[] } }>(run)).report;
    expect(violations.filter((v) => /invoice|folio|balance|day_close/.test(v.check))).toEqual([]);
  });

  it('restaurant, breakfast and laundry: the levy first and VAT on it: each total round(base × rate), the levy a charge VAT is on', async () => {
    const booking = await approvedBooking();
    for (const amount of [13_200, 13_200, 13_200, 5_250, 6_300, 2_100]) {
      await postCharge(
        booking.id,
        amount === 5_250 ? 'breakfast' : amount === 2_100 ? 'laundry' : 'restaurant',
        amount,
      );
    }
    const invoice = await issue(booking.id);
    expect(invoice.taxTotals.map((t) => t.code)).toEqual(['tourism_levy', 'vat']);
    const [levy, vat] = invoice.taxTotals;
    expect(vat!.baseBaisa).toBe(invoice.netBaisa + levy!.amountBaisa);
    expect(invoice.totalBaisa).toBe(53_250);
    expectConsistent(invoice);
    await expectUbl(invoice);
  });

  it('a total no whole-baisa net reaches (10.510 of VAT alone) keeps a baisa as the UBL’s payable rounding', async () => {
    const booking = await approvedBooking();
    await postCharge(booking.id, 'spa', 10_510);
    const invoice = await issue(booking.id);
    expect(invoice.totalBaisa).toBe(10_510);
    expect(Math.abs(invoice.roundingBaisa)).toBe(1);
    expectConsistent(invoice);
    expect((await expectUbl(invoice)).rounding).toBe(invoice.roundingBaisa);
    const page = await (await call(`/invoices/${invoice.id}`, { cookie: await staffCookie() })).text();
    expect(page).toContain('Rounding');
  });
});
