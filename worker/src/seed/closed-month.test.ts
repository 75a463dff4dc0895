import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { JournalAnswer, JournalLine } from '@shared/accounting';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport, TaxReport } from '@shared/day-close';
import { type SeedClock, seedClosedMonth } from './closed-month';
import { json, oncePerFile, rows, staffAccount } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { OMAN_CHART, odooImport } from '@worker-test/odoo-import';

/**
 * `npm start`'s closed month, seeded here as it is there (the month before today, lived day by day
 * through the product's routines, each day closed by the night audit's routine), and the
 * accountant's journal of every one of its days read back through the API: every entry balances
 * to the baisa; its revenue, taxes, payments, transfers and rounding are the day close's; its
 * taxes over the month are the tax report's; the deposit paid before arrival sits in deposits
 * until the nights are posted against it; the company's credit note is in its own day's journal;
 * the guest ledger and deposits add up to what the folios hold; and the month's file imports into
 * Odoo's format with no hand edits (worker/test/odoo-import.ts).
 */

const db = drizzle(env.DB);
const today = hotelToday();
const first = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
const last = addDays(`${today.slice(0, 7)}-01`, -1);
const month = first.slice(0, 7);
const manager = oncePerFile(() => staffAccount({ role: 'manager' }).then((a) => a.cookie));

/** vitest's clock for the product's routines (its Date only; timers stay real). */
const testClock: SeedClock = {
  set: (instant) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
  },
  restore: () => vi.useRealTimers(),
};

const get = async <T>(path: string) => {
  const res = await call(path, { cookie: await manager(), lang: 'en' });
  expect(res.status, path).toBe(200);
  return json<T>(res);
};

/** Credit less debit of the lines whose category `match` accepts. */
const credited = (lines: JournalLine[], match: (category: string) => boolean) =>
  lines.filter((l) => match(l.categories[0]!)).reduce((s, l) => s + l.creditBaisa - l.debitBaisa, 0);
/** Debit less credit (0, never -0). */
const debited = (lines: JournalLine[], match: (category: string) => boolean) =>
  0 - credited(lines, match) || 0;

const sum = (values: Record<string, number> | undefined) =>
  Object.values(values ?? {}).reduce((a, b) => a + b, 0);

let closedDays: string[] = [];
const journals = new Map<string, JournalAnswer>();
const reports = new Map<string, DayCloseReport>();

beforeAll(async () => {
  closedDays = await seedClosedMonth(db, testClock, today);
  for (const date of closedDays) {
    journals.set(date, await get<JournalAnswer>(`/api/admin/accounting/journal?date=${date}&detail=1`));
    reports.set(date, await get<DayCloseReport>(`/api/admin/day-close/${date}`));
  }
}, 120_000);

describe("npm start's closed month", () => {
  it('closes every day of the month before today, with what a hotel’s month has', async () => {
    const days: string[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
    expect(closedDays).toEqual(days);
    const lines = await rows<{ kind: string; department: string | null; method: string | null; n: number }>(
      `select kind, department, method, count(*) as n from folio_lines where business_date between ? and ?
       group by 1, 2, 3`,
      first,
      last,
    );
    const has = (kind: string, key: string | null) =>
      lines.some((l) => l.kind === kind && (l.department === key || l.method === key));
    for (const [kind, key] of [
      ['charge', 'room'],
      ['charge', 'breakfast'],
      ['charge', 'minibar'],
      ['charge', 'laundry'],
      ['charge', 'other'],
      ['payment', 'cash'],
      ['payment', 'card'],
      ['payment', 'online'],
      ['correction', 'room'],
      ['refund', 'city_ledger'],
    ] as const)
      expect(has(kind, key), `${kind} ${key}`).toBe(true);
    expect(lines.some((l) => l.kind === 'transfer')).toBe(true);
    const [noShow] = await rows(
      `select id from booking_submissions where status_reason = 'no_show' and check_in_date between ? and ?`,
      first,
      last,
    );
    expect(noShow).toBeDefined();
    const [companyPaid] = await rows(
      `select id from city_ledger_payments where business_date between ? and ?`,
      first,
      last,
    );
    expect(companyPaid).toBeDefined();
  });

  it('is seeded once: a second run adds nothing', async () => {
    const before = await rows('select count(*) as n from folio_lines');
    expect(await seedClosedMonth(db, testClock, today)).toEqual([]);
    expect(await rows('select count(*) as n from folio_lines')).toEqual(before);
  });

  it('balances every day’s entry to the baisa, in detail and summed by account, with nothing left over', async () => {
    for (const date of closedDays) {
      const detail = journals.get(date)!;
      const summary = await get<JournalAnswer>(`/api/admin/accounting/journal?date=${date}`);
      for (const journal of [detail, summary]) {
        for (const entry of journal.entries) {
          const debit = entry.lines.reduce((s, l) => s + l.debitBaisa, 0);
          const credit = entry.lines.reduce((s, l) => s + l.creditBaisa, 0);
          expect(debit, `${date}`).toBe(credit);
          for (const l of entry.lines) {
            expect(Number.isInteger(l.debitBaisa) && Number.isInteger(l.creditBaisa)).toBe(true);
            expect(l.debitBaisa === 0 || l.creditBaisa === 0).toBe(true);
          }
        }
        expect(journal.totals.debitBaisa).toBe(journal.totals.creditBaisa);
      }
      // The rounding account holds the documents' payable rounding, and no remainder besides.
      const lines = detail.entries.flatMap((e) => e.lines);
      expect(
        credited(lines, (c) => c === 'rounding'),
        date,
      ).toBe(reports.get(date)!.roundingBaisa);
    }
  });

  it('books each day’s revenue, taxes, payments and transfers as the day close counts them', async () => {
    for (const date of closedDays) {
      const report = reports.get(date)!;
      const lines = journals.get(date)!.entries.flatMap((e) => e.lines);
      const revenue = report.revenueBaisa;
      expect(
        credited(lines, (c) => c === 'room' || c.startsWith('room:')),
        date,
      ).toBe(revenue.room ?? 0);
      for (const [department, net] of Object.entries(revenue)) {
        if (department !== 'room')
          expect(
            credited(lines, (c) => c === `extra:${department}`),
            date,
          ).toBe(net);
      }
      expect(
        credited(lines, (c) => c.startsWith('extra:') || c.startsWith('room')),
        date,
      ).toBe(sum(revenue));
      // The outlets' sales over their own tills are on no folio: none in this month.
      expect(credited(lines, (c) => c.startsWith('outlet:'))).toBe(0);
      for (const [code, amount] of Object.entries(report.taxesBaisa))
        expect(
          credited(lines, (c) => c === `tax:${code}`),
          `${date} ${code}`,
        ).toBe(amount);
      expect(credited(lines, (c) => c.startsWith('tax:'))).toBe(sum(report.taxesBaisa));
      for (const method of ['cash', 'card', 'bank_transfer', 'online']) {
        const paid =
          (report.paymentsBaisa[method] ?? 0) -
          (report.refundsBaisa[method] ?? 0) +
          (report.cityLedgerPaymentsBaisa[method] ?? 0);
        expect(
          debited(lines, (c) => c === `payment:${method}`),
          `${date} ${method}`,
        ).toBe(paid);
      }
      // The city ledger: what was moved to companies, less what they paid and were credited back.
      expect(
        debited(lines, (c) => c === 'city_ledger' || c === 'payment:ota_collect'),
        date,
      ).toBe(
        report.transfersBaisa - sum(report.cityLedgerPaymentsBaisa) - (report.refundsBaisa.city_ledger ?? 0),
      );
    }
  });

  it('books the month’s taxes as the tax report has them', async () => {
    const report = await get<TaxReport>(`/api/admin/tax-report?from=${month}&to=${month}`);
    const lines = [...journals.values()].flatMap((j) => j.entries.flatMap((e) => e.lines));
    expect(report.rows.length).toBeGreaterThan(0);
    for (const row of report.rows)
      expect(
        credited(lines, (c) => c === `tax:${row.code}`),
        row.code,
      ).toBe(row.amountBaisa);
  });

  it('holds the deposit paid before arrival in deposits until the stay’s nights are posted', async () => {
    const [stay] = await rows<{ id: number; reference: string; check_in_date: string }>(
      `select b.id, b.reference, b.check_in_date from booking_submissions b
       join folio_lines f on f.booking_id = b.id and f.kind = 'payment' and f.method = 'online'
       where f.business_date < b.check_in_date and b.status = 'completed' order by b.id limit 1`,
    );
    const [deposit] = await rows<{ amount_baisa: number; business_date: string }>(
      `select amount_baisa, business_date from folio_lines where booking_id = ? and kind = 'payment'`,
      stay!.id,
    );
    const ref = `${stay!.reference.slice(0, 3)}-${stay!.reference.slice(3)}`;
    const depositsOf = (date: string) =>
      journals
        .get(date)!
        .entries.flatMap((e) => e.lines)
        .filter((l) => l.categories[0] === 'deposits' && l.label.startsWith(ref));
    // Paid: credited to deposits, nothing to revenue.
    expect(depositsOf(deposit!.business_date).map((l) => l.creditBaisa)).toEqual([deposit!.amount_baisa]);
    // Held, untouched, until the first night is posted: that night's close applies it.
    for (let d = addDays(deposit!.business_date, 1); d < stay!.check_in_date; d = addDays(d, 1))
      expect(depositsOf(d)).toEqual([]);
    const applied = depositsOf(stay!.check_in_date);
    expect(applied.map((l) => l.debitBaisa)).toEqual([deposit!.amount_baisa]);
  });

  it('puts the company’s credit note in the journal of the day it was issued, naming it, the invoice’s day unchanged', async () => {
    const [note] = await rows<{ number: string; issue_date: string; credits: string }>(
      `select c.number, c.issue_date, i.issue_date as credits from invoices c join invoices i on i.id = c.credits_invoice_id
       where c.kind = 'credit_note'`,
    );
    expect(note!.issue_date > note!.credits).toBe(true);
    const noteLines = journals.get(note!.issue_date)!.entries.flatMap((e) => e.lines);
    const reversal = noteLines.filter((l) => l.document === note!.number);
    expect(reversal.some((l) => l.categories[0]!.startsWith('room') && l.debitBaisa > 0)).toBe(true);
    expect(reversal.some((l) => l.categories[0] === 'tax:vat' && l.debitBaisa > 0)).toBe(true);
    // Summed by account, the credit note's lines stay apart and are named by it.
    const summary = await get<JournalAnswer>(`/api/admin/accounting/journal?date=${note!.issue_date}`);
    const summed = summary.entries[0]!.lines.filter((l) => l.document === note!.number);
    expect(summed.length).toBeGreaterThan(0);
    expect(summed.every((l) => l.label.includes(note!.number))).toBe(true);
    const net = (lines: JournalLine[]) => lines.reduce((s, l) => s + l.debitBaisa - l.creditBaisa, 0);
    // Its lines summed apart: by account, what the detail's lines of the document add up to.
    for (const account of new Set(reversal.map((l) => l.account)))
      expect(net(summed.filter((l) => l.account === account)), account).toBe(
        net(reversal.filter((l) => l.account === account)),
      );
    // The invoice's own day has no line of it.
    const invoiceDay = journals.get(note!.credits)!.entries.flatMap((e) => e.lines);
    expect(invoiceDay.some((l) => l.document === note!.number)).toBe(false);
  });

  it('keeps the guest ledger and deposits, day after day, equal to what the folios owe and hold in advance', async () => {
    const upTo: JournalLine[] = [];
    let folioInCredit = false;
    for (const date of closedDays) {
      upTo.push(...journals.get(date)!.entries.flatMap((e) => e.lines));
      // Every folio's balance at the end of the day (a stay's own, or a group's), from its lines.
      const [held] = await rows<{ owed: number; advance: number }>(
        `select coalesce(sum(max(b, 0)), 0) as owed, coalesce(sum(max(-b, 0)), 0) as advance from (
           select sum(case when kind in ('payment', 'transfer') then -amount_baisa else amount_baisa end) as b
           from folio_lines where business_date <= ? group by coalesce('g' || group_id, 'b' || booking_id))`,
        date,
      );
      folioInCredit ||= held!.advance > 0;
      expect(
        debited(upTo, (c) => c === 'guest_ledger'),
        date,
      ).toBe(held!.owed);
      expect(
        credited(upTo, (c) => c === 'deposits'),
        date,
      ).toBe(held!.advance);
    }
    expect(folioInCredit).toBe(true);
  });

  it('gives the month in one file that Odoo’s journal entry import reads with no hand edits', async () => {
    const res = await call(`/api/admin/accounting/journal?from=${first}&to=${last}&format=csv`, {
      cookie: await manager(),
      lang: 'ar',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const partners = (await rows<{ name: string }>('select name from city_ledger_accounts')).map(
      (r) => r.name,
    );
    const moves = odooImport(bytes, { ...OMAN_CHART, partners });
    const summed = await get<JournalAnswer>(`/api/admin/accounting/journal?from=${first}&to=${last}`);
    expect(moves.map((m) => [m.date, m.ref])).toEqual(summed.entries.map((e) => [e.date, e.ref]));
    expect(moves.flatMap((m) => m.lines.map((l) => l.debit))).toEqual(
      summed.entries.flatMap((e) => e.lines.map((l) => l.debitBaisa)),
    );
    // The company's lines name it as its account is named.
    expect(moves.some((m) => m.lines.some((l) => l.partner === 'Oman LNG'))).toBe(true);
    // In detail, one line per folio line, labelled in Arabic: the same bytes read back, Arabic kept.
    const detail = await call(`/api/admin/accounting/journal?from=${first}&to=${last}&format=csv&detail=1`, {
      cookie: await manager(),
      lang: 'ar',
    });
    const detailBytes = new Uint8Array(await detail.arrayBuffer());
    const detailMoves = odooImport(detailBytes, { ...OMAN_CHART, partners });
    expect(detailMoves.length).toBe(moves.length);
    const labels = detailMoves.flatMap((m) => m.lines.map((l) => l.label));
    expect(labels.some((l) => l.includes('فطور لشخصين'))).toBe(true);
    expect(labels.some((l) => l.includes('محفوظ عربونًا'))).toBe(true);
  });
});
