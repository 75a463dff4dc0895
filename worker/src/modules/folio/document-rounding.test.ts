import { env } from 'cloudflare:workers';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { OMAN_DEFAULT_TAXES, splitLine, taxesInForce, type FolioDepartment } from '@shared/taxes';
import { call } from '@worker-test/helpers';
import { adminCookie, book, closedDay, json, staffAccount, staffCookie } from '@worker-test/builders';

/**
 * One truth for the folio, its documents, the day close and the tax report (decisions
 * 067-069): a document copies its folio lines as they are (net and each tax to the baisa), and the
 * one rounding of each tax on the document's base (EN 16931 BR-CO-17) is a line of its own, on the
 * document and on the folio, dated the day the document is issued. So an invoice's line is its folio
 * line, a credit note credits a line exactly as its invoice had it, and the day close and the tax
 * report (which sum the folio's lines and roundings) sum to the documents.
 *
 * The figures: two room nights of 13.800 and a minibar of 1.750. Each line's own split puts the levy
 * at 0.505 + 0.505 = 1.010 and the minibar at 1.667 + VAT 0.083; the levy on the document's base
 * (25.274 × 4% = 1.01096) is 1.011. Before: the invoice's minibar line said 1.666 + 0.084 and its
 * levy 1.011 while the folio and the day close said 1.010, and a credit note of the minibar
 * credited 1.667 against the invoice's 1.666.
 */

type Tax = { code: string; amountBaisa: number };
type DocLine = {
  folioLineId: number;
  department: string;
  amountBaisa: number;
  netBaisa: number;
  taxes: Tax[];
  roundingBaisa?: number;
  rounding?: boolean;
};
type Doc = {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  lines: DocLine[];
  taxTotals: { code: string; rateBp: number; baseBaisa: number; amountBaisa: number }[];
  netBaisa: number;
  taxBaisa: number;
  roundingBaisa: number;
  totalBaisa: number;
};
type FolioLine = {
  id: number;
  kind: string;
  department: string | null;
  amountBaisa: number;
  netBaisa: number | null;
  taxes: Tax[];
  invoiceId: number | null;
  businessDate: string;
};
type DayReport = {
  revenueBaisa: Record<string, number>;
  taxesBaisa: Record<string, number>;
  roundingBaisa?: number;
};
type TaxRow = { month: string; code: string; baseBaisa: number; amountBaisa: number };

const TODAY = hotelToday();
const MONTH = TODAY.slice(0, 7);

/** A charge on the folio, split as the folio splits it (Oman's default taxes), written in SQL. */
async function charge(bookingId: number, department: FolioDepartment, amountBaisa: number) {
  const split = splitLine(amountBaisa, taxesInForce(OMAN_DEFAULT_TAXES, department, TODAY));
  const row = await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date)
     values (?, 'charge', ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(bookingId, department, department, amountBaisa, split.netBaisa, JSON.stringify(split.taxes), TODAY)
    .first<{ id: number }>();
  return row!.id;
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

async function credit(invoiceId: number, body: Record<string, unknown>, cookie: string): Promise<Doc> {
  const res = await call(`/api/admin/invoices/${invoiceId}/credit-notes`, {
    method: 'POST',
    json: { reason: 'Not taken', ...body },
    cookie,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ creditNote: Doc }>(res)).creditNote;
}

const folioOf = async (bookingId: number) =>
  json<{ lines: FolioLine[] }>(
    await call(`/api/booking-submissions/${bookingId}/folio`, { cookie: await staffCookie() }),
  );

const taxOf = (taxes: readonly Tax[], code: string) => taxes.find((t) => t.code === code)?.amountBaisa ?? 0;
const total = (taxes: readonly Tax[]) => taxes.reduce((a, t) => a + t.amountBaisa, 0);
const sumOf = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((a, i) => a + pick(i), 0);

/** A document's figures as the books keep them: net per department, each tax, and its rounding (a credit note's negated). */
function figuresOf(doc: Doc) {
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  const net: Record<string, number> = {};
  const taxes: Record<string, number> = {};
  const bases: Record<string, number> = {};
  for (const line of doc.lines) {
    net[line.department] = (net[line.department] ?? 0) + sign * line.netBaisa;
    for (const t of line.taxes) taxes[t.code] = (taxes[t.code] ?? 0) + sign * t.amountBaisa;
  }
  for (const t of doc.taxTotals) bases[t.code] = (bases[t.code] ?? 0) + sign * t.baseBaisa;
  return { net, taxes, bases, rounding: sign * doc.roundingBaisa };
}

const dayReport = async (cookie: string) =>
  json<DayReport>(await call(`/api/admin/day-close/${TODAY}`, { cookie }));
const taxReport = async (cookie: string) =>
  (
    await json<{ rows: TaxRow[] }>(await call(`/api/admin/tax-report?from=${MONTH}&to=${MONTH}`, { cookie }))
  ).rows.filter((r) => r.month === MONTH);

const production = async (cookie: string) =>
  (
    await json<{ total: { revenueBaisa: number } }>(
      await call(`/api/admin/reports/production?from=${TODAY}&to=${TODAY}&by=roomType`, { cookie }),
    )
  ).total.revenueBaisa;

type Violation = { check: string; detail: Record<string, unknown> };
async function integrity(): Promise<Violation[]> {
  const res = await call('/api/admin/integrity/run', { method: 'POST', cookie: await adminCookie() });
  expect(res.status).toBe(200);
  return (await json<{ report: { violations: Violation[] } }>(res)).report.violations.filter((v) =>
    /invoice|document|credit|folio|balance|day_close/.test(v.check),
  );
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
const child = (node: Node, name: string) => node.children.find((c) => c.name === name)!;
const baisa = (node: Node) => Math.round(Number(node.text) * 1000);

describe('a document and its folio: one truth', () => {
  it('an invoice’s lines are its folio lines to the baisa; the rounding of its taxes is a line on both', async () => {
    const booking = await book({ fullName: 'Rounding Guest' });
    const nights = [await charge(booking.id, 'room', 13_800), await charge(booking.id, 'room', 13_800)];
    const minibar = await charge(booking.id, 'minibar', 1_750);
    const before = await folioOf(booking.id);
    const posted = new Map(before.lines.map((l) => [l.id, l]));
    // Each line's own split: the levy 0.505 a night (1.010), the minibar 1.667 + VAT 0.083.
    expect(sumOf(before.lines, (l) => taxOf(l.taxes, 'tourism_levy'))).toBe(1_010);
    expect(posted.get(minibar)).toMatchObject({ netBaisa: 1_667, taxes: [{ code: 'vat', amountBaisa: 83 }] });

    const invoice = await issue(booking.id);
    // The document's levy is computed once on its base: round(25.274 × 4%) = 1.011.
    const levy = invoice.taxTotals.find((t) => t.code === 'tourism_levy')!;
    expect(levy.amountBaisa).toBe(Math.floor((levy.baseBaisa * 400 + 5_000) / 10_000));
    expect(levy.amountBaisa).toBe(1_011);
    expect(invoice.totalBaisa).toBe(13_800 * 2 + 1_750);

    // Each charge's line on the invoice is its folio line: net, each tax and amount.
    for (const id of [...nights, minibar]) {
      const line = invoice.lines.find((l) => l.folioLineId === id)!;
      const folio = posted.get(id)!;
      expect({ net: line.netBaisa, taxes: line.taxes, amount: line.amountBaisa }).toEqual({
        net: folio.netBaisa,
        taxes: folio.taxes,
        amount: folio.amountBaisa,
      });
    }
    // The rounding is a line of its own on the invoice (no folio charge, nothing to pay) ...
    const rounding = invoice.lines.filter((l) => l.rounding);
    expect(rounding.length).toBeGreaterThan(0);
    for (const line of rounding) {
      expect(line.amountBaisa).toBe(0);
      expect(line.netBaisa + total(line.taxes) + (line.roundingBaisa ?? 0)).toBe(0);
    }
    expect(sumOf(rounding, (l) => taxOf(l.taxes, 'tourism_levy'))).toBe(1);
    // ... and on the folio, tied to the invoice, dated the day it was issued, moving no balance.
    const after = await folioOf(booking.id);
    const booked = after.lines.filter((l) => l.kind === 'rounding');
    expect(booked.map((l) => ({ net: l.netBaisa, taxes: l.taxes, amount: l.amountBaisa }))).toEqual(
      rounding.map((l) => ({
        net: l.netBaisa,
        taxes: l.taxes.map(({ code, amountBaisa }) => ({ code, amountBaisa })),
        amount: 0,
      })),
    );
    for (const line of booked) expect(line).toMatchObject({ invoiceId: invoice.id, businessDate: TODAY });
    // The guest's bill (the folio) and the invoice now say the same: each tax, the net, the total.
    const billed = after.lines.filter((l) => l.kind === 'charge' || l.kind === 'rounding');
    for (const t of invoice.taxTotals)
      expect(
        sumOf(billed, (l) => taxOf(l.taxes, t.code)),
        t.code,
      ).toBe(t.amountBaisa);
    expect(sumOf(billed, (l) => l.netBaisa ?? 0)).toBe(invoice.netBaisa);
    expect(sumOf(billed, (l) => l.amountBaisa)).toBe(invoice.totalBaisa);

    // The printed page shows the folio's figures and the rounding line, in both languages.
    const page = await (await call(`/invoices/${invoice.id}`, { cookie: await staffCookie() })).text();
    expect(page).toContain('1.667');
    expect(page).toContain('0.083');
    expect(page).not.toContain('1.666');
    expect(page).toContain('Tax rounding');
    expect(page).toContain('تقريب الضريبة');
    // The UBL: its lines' nets are the folio's and the rounding's, its levy the document's.
    const ubl = parseXml(
      await (await call(`/api/invoices/${invoice.id}/ubl`, { cookie: await staffCookie() })).text(),
    );
    const ublLines = ubl.children.filter((c) => c.name === 'cac:InvoiceLine');
    expect(ublLines.map((l) => baisa(child(l, 'cbc:LineExtensionAmount')))).toEqual(
      invoice.lines.map((l) => l.netBaisa),
    );
    const levyCharge = ubl.children.find((c) => c.name === 'cac:AllowanceCharge')!;
    expect(baisa(child(levyCharge, 'cbc:Amount'))).toBe(1_011);
    expect(baisa(child(child(ubl, 'cac:LegalMonetaryTotal'), 'cbc:PayableAmount'))).toBe(invoice.totalBaisa);
  });

  it('a credit note credits a line exactly as its invoice had it, and the rest to the baisa', async () => {
    const manager = (await staffAccount({ role: 'manager' })).cookie;
    const booking = await book({ fullName: 'Credited Guest' });
    const nights = [await charge(booking.id, 'room', 13_800), await charge(booking.id, 'room', 13_800)];
    const minibar = await charge(booking.id, 'minibar', 1_750);
    const invoice = await issue(booking.id);
    const invoiced = (id: number) => invoice.lines.find((l) => l.folioLineId === id)!;

    // The minibar alone: 1.667 + VAT 0.083, as the invoice said (not 1.666 + 0.084, nor the other way round).
    const first = await credit(invoice.id, { lineIds: [minibar] }, manager);
    const creditedMinibar = first.lines.filter((l) => l.folioLineId === minibar);
    expect(creditedMinibar).toHaveLength(1);
    expect({ net: creditedMinibar[0]!.netBaisa, taxes: creditedMinibar[0]!.taxes }).toEqual({
      net: invoiced(minibar).netBaisa,
      taxes: invoiced(minibar).taxes,
    });
    // A part of a night, then what is left of the invoice: each night credited in all is the invoice's night.
    await credit(invoice.id, { lineIds: [nights[0]], amountBaisa: 5_000 }, manager);
    const rest = await credit(invoice.id, {}, manager);
    expect(rest.lines.filter((l) => !l.rounding).map((l) => l.folioLineId)).toEqual(nights);
    const notes = (
      await json<{ creditNotes: { id: number }[] }>(
        await call(`/api/invoices/${invoice.id}`, { cookie: manager }),
      )
    ).creditNotes;
    const credited = await Promise.all(
      notes.map(async (n) => json<Doc>(await call(`/api/invoices/${n.id}`, { cookie: manager }))),
    );
    for (const id of [...nights, minibar]) {
      const parts = credited.flatMap((d) => d.lines.filter((l) => !l.rounding && l.folioLineId === id));
      const line = invoiced(id);
      expect(
        sumOf(parts, (l) => l.amountBaisa),
        `line ${id}`,
      ).toBe(line.amountBaisa);
      expect(
        sumOf(parts, (l) => l.netBaisa),
        `line ${id}`,
      ).toBe(line.netBaisa);
      for (const t of line.taxes)
        expect(
          sumOf(parts, (l) => taxOf(l.taxes, t.code)),
          `line ${id} ${t.code}`,
        ).toBe(t.amountBaisa);
    }
    // Each credit note's own rounding is on the folio too: the folio sums to the documents.
    const folio = await folioOf(booking.id);
    const docs = [invoice, ...credited].map(figuresOf);
    const books = folio.lines.filter((l) => ['charge', 'correction', 'rounding'].includes(l.kind));
    for (const code of ['tourism_levy', 'vat'])
      expect(
        sumOf(books, (l) => taxOf(l.taxes, code)),
        code,
      ).toBe(sumOf(docs, (d) => d.taxes[code] ?? 0));
    expect(sumOf(books, (l) => l.netBaisa ?? 0)).toBe(
      sumOf(docs, (d) => sumOf(Object.values(d.net), (v) => v)),
    );
    expect(await integrity()).toEqual([]);
  });

  it('the day close and the tax report sum to the documents, to the baisa', async () => {
    const manager = (await staffAccount({ role: 'manager' })).cookie;
    const dayBefore = await dayReport(manager);
    const taxBefore = await taxReport(manager);
    const productionBefore = await production(manager);

    const booking = await book({ fullName: 'Audited Guest' });
    await charge(booking.id, 'room', 13_800);
    await charge(booking.id, 'room', 13_800);
    const minibar = await charge(booking.id, 'minibar', 1_750);
    const invoice = await issue(booking.id);
    const note = await credit(invoice.id, { lineIds: [minibar] }, manager);
    const docs = [invoice, note].map(figuresOf);

    const dayAfter = await dayReport(manager);
    const taxAfter = await taxReport(manager);
    const delta = (after: Record<string, number>, before: Record<string, number>, key: string) =>
      (after[key] ?? 0) - (before[key] ?? 0);
    for (const code of ['tourism_levy', 'vat']) {
      const documents = sumOf(docs, (d) => d.taxes[code] ?? 0);
      expect(delta(dayAfter.taxesBaisa, dayBefore.taxesBaisa, code), `day close ${code}`).toBe(documents);
      const row = (rows: TaxRow[]) => rows.find((r) => r.code === code)?.amountBaisa ?? 0;
      expect(row(taxAfter) - row(taxBefore), `tax report ${code}`).toBe(documents);
      const base = (rows: TaxRow[]) => rows.find((r) => r.code === code)?.baseBaisa ?? 0;
      expect(base(taxAfter) - base(taxBefore), `tax report base ${code}`).toBe(
        sumOf(docs, (d) => d.bases[code] ?? 0),
      );
    }
    for (const department of ['room', 'minibar'])
      expect(
        delta(dayAfter.revenueBaisa, dayBefore.revenueBaisa, department),
        `day close revenue ${department}`,
      ).toBe(sumOf(docs, (d) => d.net[department] ?? 0));
    // The production report's room revenue is the close's (decision 079), roundings included.
    expect((await production(manager)) - productionBefore).toBe(sumOf(docs, (d) => d.net.room ?? 0));
    // The documents' payable rounding is the day's too.
    expect((dayAfter.roundingBaisa ?? 0) - (dayBefore.roundingBaisa ?? 0)).toBe(
      sumOf(docs, (d) => d.rounding),
    );
    expect(await integrity()).toEqual([]);
  });

  it('the integrity check reports a document its folio does not sum to, and a credit note off its invoice', async () => {
    expect(await integrity()).toEqual([]);
    const booking = await book({ fullName: 'Old Document' });
    const minibar = await charge(booking.id, 'minibar', 1_750);
    // An invoice as the code before wrote it: its line re-split (1.666 + 0.084), the folio's 1.667 + 0.083.
    const line = (net: number, vat: number) =>
      JSON.stringify([
        {
          folioLineId: minibar,
          department: 'minibar',
          description: 'minibar',
          quantity: 1,
          businessDate: TODAY,
          netBaisa: net,
          taxes: [{ code: 'vat', amountBaisa: vat }],
          amountBaisa: 1_750,
        },
      ]);
    const written = await env.DB.prepare(
      `insert into invoices (kind, number, year, sequence, booking_id, credits_invoice_id, reason, issue_date, supplier,
         customer, lines, tax_totals, net_baisa, tax_baisa, total_baisa)
       values ('invoice', 'INV-2001-000001', 2001, 1, ?, null, null, ?, '{}', '{}', ?, '[]', 1666, 84, 1750) returning id`,
    )
      .bind(booking.id, TODAY, line(1_666, 84))
      .first<{ id: number }>();
    await env.DB.prepare('insert into invoice_lines (folio_line_id, invoice_id) values (?, ?)')
      .bind(minibar, written!.id)
      .run();
    const found = await integrity();
    expect(found.map((v) => v.check)).toEqual(['document_not_folio', 'document_not_folio']);
    expect(found.map((v) => v.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invoiceId: written!.id, figure: 'net:minibar', differenceBaisa: -1 }),
        expect.objectContaining({ invoiceId: written!.id, figure: 'tax:vat', differenceBaisa: 1 }),
      ]),
    );

    // The migration books such a document's rounding on the open day: it then sums to its folio.
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0078_'))!;
    expect(migration).toBeDefined();
    const backfill = migration.queries.filter((q) => /insert\s+into\s+`?folio_roundings/i.test(q));
    expect(backfill).toHaveLength(1);
    await env.DB.prepare(backfill[0]!).run();
    expect(await integrity()).toEqual([]);
    const folio = await folioOf(booking.id);
    expect(folio.lines.filter((l) => l.kind === 'rounding')).toEqual([
      expect.objectContaining({
        invoiceId: written!.id,
        department: 'minibar',
        netBaisa: -1,
        amountBaisa: 0,
      }),
    ]);

    // A credit note that credits the minibar at 1.667 + 0.083 against the invoice's 1.666 + 0.084.
    const correction = await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes,
         business_date, corrects_line_id, reason)
       values (?, 'correction', 'minibar', 'minibar', -1750, -1667, '[{"code":"vat","amountBaisa":-83}]', ?, ?, 'x')
       returning id`,
    )
      .bind(booking.id, TODAY, minibar)
      .first<{ id: number }>();
    const note = await env.DB.prepare(
      `insert into invoices (kind, number, year, sequence, booking_id, credits_invoice_id, reason, issue_date, supplier,
         customer, lines, tax_totals, net_baisa, tax_baisa, total_baisa)
       values ('credit_note', 'CN-2001-000001', 2001, 1, ?, ?, 'x', ?, '{}', '{}', ?, '[]', 1667, 83, 1750) returning id`,
    )
      .bind(booking.id, written!.id, TODAY, line(1_667, 83))
      .first<{ id: number }>();
    await env.DB.prepare('insert into invoice_lines (folio_line_id, invoice_id) values (?, ?)')
      .bind(correction!.id, note!.id)
      .run();
    const off = await integrity();
    expect(off.map((v) => v.check)).toEqual(['credit_note_not_invoice', 'credit_note_not_invoice']);
    expect(off.map((v) => v.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          invoiceId: written!.id,
          folioLineId: minibar,
          figure: 'net',
          invoicedBaisa: 1_666,
          creditedBaisa: 1_667,
        }),
        expect.objectContaining({
          invoiceId: written!.id,
          folioLineId: minibar,
          figure: 'tax:vat',
          invoicedBaisa: 84,
          creditedBaisa: 83,
        }),
      ]),
    );
  });

  it('the day close stores the roundings of the documents issued that day, and the check finds it right', async () => {
    const manager = (await staffAccount({ role: 'manager' })).cookie;
    const booked = await env.DB.prepare(
      `select coalesce(sum(rounding_baisa), 0) as rounding, count(*) as count from folio_roundings where business_date = ?`,
    )
      .bind(TODAY)
      .first<{ rounding: number; count: number }>();
    expect(booked!.count).toBeGreaterThan(0);
    const stored = await closedDay<DayReport & { closed: boolean }>(TODAY, manager);
    expect(stored.closed).toBe(true);
    expect(stored.roundingBaisa).toBe(booked!.rounding);
    // (The credit note written by hand above is still off its invoice: nothing else is found.)
    expect((await integrity()).filter((v) => v.check !== 'credit_note_not_invoice')).toEqual([]);
    // A rounding dated a closed day is refused, as a line is.
    const invoice = await env.DB.prepare(
      'select id, booking_id from invoices where group_id is null limit 1',
    ).first<{
      id: number;
      booking_id: number;
    }>();
    await expect(
      env.DB.prepare(
        `insert into folio_roundings (invoice_id, booking_id, department, net_baisa, taxes, business_date)
         values (?, ?, 'minibar', 1, '[{"code":"vat","amountBaisa":-1}]', ?)`,
      )
        .bind(invoice!.id, invoice!.booking_id, TODAY)
        .run(),
    ).rejects.toThrow(/day_closed/);
  });
});
