import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { OMAN_DEFAULT_TAXES, splitLine, taxesInForce, type FolioDepartment } from '@shared/taxes';
import { book, guest, json, staffAccount, staffCookie } from '@worker-test/builders';
import { call } from '@worker-test/helpers';

/**
 * corrections that end on documents. A correction of an invoiced charge is a credit note
 * of that line (same batch); credit notes may credit part of an invoice, by line or by amount,
 * never more than is left (the database holds it under races, and no number is skipped); a
 * completed stay's credit is refunded or moved back to the company account, never beyond zero;
 * a credit note of an invoice that went to a company credits that company's account. After each,
 * invoice total - credit notes = what the folio still charges, and the integrity check holds.
 */
type Doc = {
  id: number;
  kind: string;
  number: string;
  creditsInvoice: { id: number; number: string } | null;
  creditNote: { id: number; number: string } | null;
  creditNotes: { id: number; number: string; totalBaisa: number }[];
  creditedBaisa: number;
  customer: { nameEn: string };
  lines: {
    folioLineId: number;
    amountBaisa: number;
    netBaisa: number;
    taxes: { code: string; amountBaisa: number }[];
  }[];
  taxTotals: { code: string; amountBaisa: number }[];
  netBaisa: number;
  taxBaisa: number;
  totalBaisa: number;
};
type ErrorAnswer = {
  error: { code: string; message: string; fields?: Record<string, string>; leftBaisa?: number };
};

/** A charge on the folio, split as the folio splits it (Oman's default taxes), written in SQL. */
async function charge(bookingId: number, department: FolioDepartment, amountBaisa: number) {
  const date = hotelToday();
  const split = splitLine(amountBaisa, taxesInForce(OMAN_DEFAULT_TAXES, department, date));
  const row = await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date)
     values (?, 'charge', ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(bookingId, department, department, amountBaisa, split.netBaisa, JSON.stringify(split.taxes), date)
    .first<{ id: number }>();
  return row!.id;
}

async function issue(bookingId: number) {
  const res = await call(`/api/booking-submissions/${bookingId}/invoices`, {
    method: 'POST',
    json: {},
    cookie: await staffCookie(),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ invoice: Doc }>(res)).invoice;
}

const manager = async () => (await staffAccount({ role: 'manager' })).cookie;

const creditNote = (invoiceId: number, body: unknown, cookie: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/invoices/${invoiceId}/credit-notes`, { method: 'POST', json: body, cookie, lang });

const readDoc = async (id: number) =>
  json<Doc>(await call(`/api/invoices/${id}`, { cookie: await staffCookie() }));

const balanceOf = async (bookingId: number) =>
  (await env.DB.prepare('select folio_balance_baisa as b from booking_submissions where id = ?')
    .bind(bookingId)
    .first<{ b: number }>())!.b;

/** What the folio still charges for the invoice's charges: each charge with all its corrections. */
const stillCharged = async (invoiceId: number) =>
  (await env.DB.prepare(
    `select coalesce(sum(f.amount_baisa), 0) + coalesce((select sum(c.amount_baisa) from folio_lines c
       where c.corrects_line_id in (select il.folio_line_id from invoice_lines il where il.invoice_id = ?)), 0) as s
     from invoice_lines il join folio_lines f on f.id = il.folio_line_id where il.invoice_id = ? and f.kind = 'charge'`,
  )
    .bind(invoiceId, invoiceId)
    .first<{ s: number }>())!.s;

/** The integrity check's money findings (none expected). */
async function moneyViolations() {
  const res = await call('/api/admin/integrity/run', {
    method: 'POST',
    cookie: (await staffAccount({ role: 'admin' })).cookie,
  });
  const { report } = await json<{ report: { violations: { check: string; detail: unknown }[] } }>(res);
  return report.violations.filter((v) =>
    ['folio_balance_not_lines', 'city_ledger_balance_not_entries', 'invoice_total_not_lines'].includes(
      v.check,
    ),
  );
}

/** The books add up: the invoice less its credit notes is what the folio still charges for it. */
async function addsUp(invoiceId: number) {
  const doc = await readDoc(invoiceId);
  const notes = await Promise.all(doc.creditNotes.map((n) => readDoc(n.id)));
  const credited = notes.reduce((a, n) => a + n.totalBaisa, 0);
  expect(doc.creditedBaisa).toBe(credited);
  expect(doc.totalBaisa - credited).toBe(await stillCharged(invoiceId));
  for (const n of notes) {
    expect(n.lines.reduce((a, l) => a + l.amountBaisa, 0)).toBe(n.totalBaisa);
    expect(n.lines.reduce((a, l) => a + l.netBaisa, 0)).toBe(n.netBaisa);
    expect(n.netBaisa + n.taxBaisa).toBe(n.totalBaisa);
  }
  return doc;
}

const sequences = async (ids: number[]) =>
  (
    await env.DB.prepare(
      `select sequence from invoices where id in (select value from json_each(?)) order by sequence`,
    )
      .bind(JSON.stringify(ids))
      .all<{ sequence: number }>()
  ).results.map((r) => r.sequence);

describe('a correction of an invoiced charge', () => {
  it('ends on a credit note of that line, in the same batch; the invoice less it is what the folio charges', async () => {
    const booking = await book();
    const room = await charge(booking.id, 'room', 12_600);
    const spa = await charge(booking.id, 'spa', 5_000);
    const invoice = await issue(booking.id);
    // A credit note is a manager's: staff are told so, in both languages, and nothing is posted.
    for (const lang of ['en', 'ar'] as const) {
      const staff = await call(`/api/booking-submissions/${booking.id}/folio/corrections`, {
        method: 'POST',
        json: { lineId: spa, reason: 'Spa never taken' },
        cookie: await staffCookie(),
        lang,
      });
      expect(staff.status).toBe(403);
      const refusal = await json<ErrorAnswer>(staff);
      expect(refusal.error.code).toBe('credit_note_manager_only');
      expect(refusal.error.message).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /manager/);
    }
    expect(await balanceOf(booking.id)).toBe(17_600);
    const res = await call(`/api/booking-submissions/${booking.id}/folio/corrections`, {
      method: 'POST',
      json: { lineId: spa, reason: 'Spa never taken' },
      cookie: await manager(),
      lang: 'en',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const posted = await json<{
      message: string;
      line: { amountBaisa: number; correctsLineId: number; invoiceId: number };
      creditNote?: { id: number; number: string };
      balanceBaisa: number;
    }>(res);
    expect(posted.creditNote?.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(posted.message).toContain(posted.creditNote!.number);
    expect(posted.line).toMatchObject({
      amountBaisa: -5_000,
      correctsLineId: spa,
      invoiceId: posted.creditNote!.id,
    });
    expect(posted.balanceBaisa).toBe(12_600);
    const note = await readDoc(posted.creditNote!.id);
    expect(note.creditsInvoice?.id).toBe(invoice.id);
    expect(note.totalBaisa).toBe(5_000);
    expect(note.lines.map((l) => l.folioLineId)).toEqual([spa]);
    const doc = await addsUp(invoice.id);
    expect(doc.creditedBaisa).toBe(5_000);
    // Corrected once: again is refused, and nothing is left on the folio to invoice.
    const again = await call(`/api/booking-submissions/${booking.id}/folio/corrections`, {
      method: 'POST',
      json: { lineId: spa, reason: 'Again' },
      cookie: await manager(),
    });
    expect(again.status).toBe(409);
    expect((await json<ErrorAnswer>(again)).error.code).toBe('already_corrected');
    expect(
      (
        await call(`/api/booking-submissions/${booking.id}/invoices`, {
          method: 'POST',
          json: {},
          cookie: await staffCookie(),
        })
      ).status,
    ).toBe(409);
    // The room is still on the invoice and can be credited.
    const rest = await creditNote(invoice.id, { reason: 'Room comped' }, await manager());
    expect(rest.status, await rest.clone().text()).toBe(201);
    expect((await json<{ creditNote: Doc }>(rest)).creditNote.lines.map((l) => l.folioLineId)).toEqual([
      room,
    ]);
    expect(await balanceOf(booking.id)).toBe(0);
    await addsUp(invoice.id);
    expect(await moneyViolations()).toEqual([]);
  });

  it('a correction posted before the fix (on no document) is taken by the next credit note', async () => {
    const booking = await book();
    const room = await charge(booking.id, 'room', 12_600);
    const invoice = await issue(booking.id);
    // What the old code left: the invoiced charge corrected, on no document.
    await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date, corrects_line_id, reason)
       select booking_id, 'correction', department, description, -amount_baisa, -net_baisa,
         (select json_group_array(json_object('code', json_extract(t.value, '$.code'), 'amountBaisa', -json_extract(t.value, '$.amountBaisa'))) from json_each(taxes) t),
         business_date, id, 'old correction' from folio_lines where id = ?`,
    )
      .bind(room)
      .run();
    const res = await creditNote(invoice.id, { reason: 'Document the old correction' }, await manager());
    expect(res.status, await res.clone().text()).toBe(201);
    const note = (await json<{ creditNote: Doc }>(res)).creditNote;
    expect(note.totalBaisa).toBe(12_600);
    expect(await balanceOf(booking.id)).toBe(0);
    await addsUp(invoice.id);
    expect((await creditNote(invoice.id, { reason: 'Again' }, await manager())).status).toBe(409);
    expect(await moneyViolations()).toEqual([]);
  });
});

describe('partial credit notes', () => {
  it('by amount, spread over the lines, and by line; never more than is left; the books add up', async () => {
    const booking = await book();
    const room = await charge(booking.id, 'room', 12_600);
    const breakfast = await charge(booking.id, 'breakfast', 4_000);
    const invoice = await issue(booking.id);
    const cookie = await manager();
    // An amount (Arabic-Indic digits read): spread over both lines by what is left of each.
    const first = await creditNote(invoice.id, { reason: 'Goodwill', amountBaisa: '١٦٦٠' }, cookie);
    expect(first.status, await first.clone().text()).toBe(201);
    const partial = (await json<{ creditNote: Doc }>(first)).creditNote;
    expect(partial.totalBaisa).toBe(1_660);
    expect(partial.lines.map((l) => [l.folioLineId, l.amountBaisa])).toEqual([
      [room, 1_260],
      [breakfast, 400],
    ]);
    for (const line of partial.lines) {
      expect(line.netBaisa + line.taxes.reduce((a, t) => a + t.amountBaisa, 0)).toBe(line.amountBaisa);
    }
    expect(await balanceOf(booking.id)).toBe(16_600 - 1_660);
    // A line: what is left of it.
    const second = await creditNote(invoice.id, { reason: 'No breakfast', lineIds: [breakfast] }, cookie);
    expect(second.status, await second.clone().text()).toBe(201);
    expect((await json<{ creditNote: Doc }>(second)).creditNote.totalBaisa).toBe(3_600);
    // More than is left: 422 in both languages, with what is left.
    for (const lang of ['en', 'ar'] as const) {
      const over = await creditNote(invoice.id, { reason: 'Too much', amountBaisa: 11_341 }, cookie, lang);
      expect(over.status).toBe(422);
      const body = await json<ErrorAnswer>(over);
      expect(body.error.code).toBe('credit_exceeds_uncredited');
      expect(body.error.leftBaisa).toBe(11_340);
      expect(body.error.message).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /left to credit/);
    }
    const overLine = await creditNote(
      invoice.id,
      { reason: 'x', lineIds: [breakfast], amountBaisa: 1 },
      cookie,
    );
    expect(overLine.status).toBe(422);
    const doc = await addsUp(invoice.id);
    expect(doc.creditNotes).toHaveLength(2);
    expect(doc.creditedBaisa).toBe(5_260);
    // The list names the latest credit note and what is credited.
    const list = await json<{ invoices: { id: number; creditedBaisa: number; creditNoteNumber: string }[] }>(
      await call(`/api/admin/invoices?number=${invoice.number}`, { cookie }),
    );
    expect(list.invoices[0]).toMatchObject({
      id: invoice.id,
      creditedBaisa: 5_260,
      creditNoteNumber: doc.creditNote!.number,
    });
    // All that is left, then nothing.
    const last = await creditNote(invoice.id, { reason: 'Cancelled' }, cookie);
    expect((await json<{ creditNote: Doc }>(last)).creditNote.totalBaisa).toBe(11_340);
    const none = await creditNote(invoice.id, { reason: 'Again', amountBaisa: 1 }, cookie);
    expect(none.status).toBe(422);
    expect((await creditNote(invoice.id, { reason: 'Again' }, cookie)).status).toBe(409);
    expect(await balanceOf(booking.id)).toBe(0);
    await addsUp(invoice.id);
    expect(await moneyViolations()).toEqual([]);
  });

  it('refuses outsiders and malformed bodies: other folios’ lines, roles below manager, bad amounts and lines', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 12_600);
    const invoice = await issue(booking.id);
    const other = await book();
    const stranger = await charge(other.id, 'spa', 5_000);
    const cookie = await manager();
    const wrongLine = await creditNote(invoice.id, { reason: 'x', lineIds: [stranger] }, cookie, 'ar');
    expect(wrongLine.status).toBe(422);
    expect((await json<ErrorAnswer>(wrongLine)).error.code).toBe('credit_line_not_on_invoice');
    expect((await creditNote(invoice.id, { reason: 'x' }, await staffCookie())).status).toBe(403);
    expect((await creditNote(invoice.id, { reason: 'x' }, (await guest()).cookie)).status).toBe(403);
    expect((await creditNote(invoice.id, { reason: 'x' }, '')).status).toBe(401);
    for (const [body, field] of [
      [{ reason: 'x', amountBaisa: 0 }, 'amountBaisa'],
      [{ reason: 'x', amountBaisa: -5 }, 'amountBaisa'],
      [{ reason: 'x', amountBaisa: 1.5 }, 'amountBaisa'],
      [{ reason: 'x', amountBaisa: 1e12 }, 'amountBaisa'],
      [{ reason: 'x', amountBaisa: 'abc' }, 'amountBaisa'],
      [{ reason: 'x', lineIds: [] }, 'lineIds'],
      [{ reason: 'x', lineIds: ['x'] }, 'lineIds.0'],
      [{ reason: 'x', lineIds: [1, 1] }, 'lineIds'],
      [{ reason: 'x', lineIds: 5 }, 'lineIds'],
      [{ amountBaisa: 5 }, 'reason'],
    ] as const) {
      const res = await creditNote(invoice.id, body, cookie, 'ar');
      expect(res.status, JSON.stringify(body)).toBe(400);
      const fields = (await json<ErrorAnswer>(res)).error.fields ?? {};
      expect(Object.keys(fields), JSON.stringify(body)).toContain(field);
    }
    expect((await creditNote(999_999, { reason: 'x' }, cookie)).status).toBe(404);
    // Nothing was credited by any of these.
    expect((await readDoc(invoice.id)).creditedBaisa).toBe(0);
  });

  it('raced: never more than the invoice, and the numbers taken are consecutive', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 12_600);
    await charge(booking.id, 'breakfast', 4_000);
    const invoice = await issue(booking.id);
    const cookie = await manager();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        creditNote(invoice.id, { reason: `Race ${i}`, amountBaisa: 5_000 }, cookie),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 422 || s === 409)).toBe(true);
    const made = await Promise.all(
      answers.filter((r) => r.status === 201).map((r) => json<{ creditNote: Doc }>(r)),
    );
    const seq = await sequences(made.map((m) => m.creditNote.id));
    expect(seq).toEqual([seq[0], seq[0]! + 1, seq[0]! + 2]);
    const doc = await addsUp(invoice.id);
    expect(doc.creditedBaisa).toBe(15_000);
    // The rest in full, raced too: one wins.
    const full = await Promise.all(
      [1, 2, 3].map((i) => creditNote(invoice.id, { reason: `All ${i}` }, cookie)),
    );
    expect(full.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect((await addsUp(invoice.id)).creditedBaisa).toBe(16_600);
    expect(await balanceOf(booking.id)).toBe(0);
    expect(await moneyViolations()).toEqual([]);
  });

  it('an Idempotency-Key makes a double tap one credit note (sent again, or twice at once)', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 12_600);
    const invoice = await issue(booking.id);
    const cookie = await manager();
    const send = (key: string, amountBaisa: number) =>
      call(`/api/admin/invoices/${invoice.id}/credit-notes`, {
        method: 'POST',
        json: { reason: 'Goodwill', amountBaisa },
        cookie,
        headers: { 'idempotency-key': key },
      });
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([send(key, 1_000), send(key, 1_000)]);
    const later = await send(key, 1_000);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    const numbers = new Set(
      await Promise.all(
        [a, b, later]
          .filter((r) => r.status === 201)
          .map(async (r) => (await json<{ creditNote: Doc }>(r)).creditNote.number),
      ),
    );
    expect(numbers.size).toBe(1);
    expect([a.status, b.status].every((s) => s === 201 || s === 409)).toBe(true);
    expect((await readDoc(invoice.id)).creditedBaisa).toBe(1_000);
    // The same key for another body is refused.
    expect((await send(key, 2_000)).status).toBe(422);
    await addsUp(invoice.id);
  });

  it('a part of a few baisa keeps each correction whole: no negative net, no tax beyond what is left', async () => {
    const booking = await book();
    // A line whose taxes are most of it (as a correction's remainder can be).
    const odd = (await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date)
         values (?, 'charge', 'restaurant', 'Odd', 3, 1, '[{"code":"tourism_levy","amountBaisa":1},{"code":"vat","amountBaisa":1}]', ?) returning id`,
    )
      .bind(booking.id, hotelToday())
      .first<{ id: number }>())!.id;
    const invoice = await issue(booking.id);
    const cookie = await manager();
    for (const part of [1, 1, 1]) {
      const res = await creditNote(invoice.id, { reason: 'Bit by bit', amountBaisa: part }, cookie);
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const corrections = await env.DB.prepare(
      `select amount_baisa as a, net_baisa as n, taxes from folio_lines where corrects_line_id = ? order by id`,
    )
      .bind(odd)
      .all<{ a: number; n: number; taxes: string }>();
    for (const c of corrections.results) {
      expect(c.n).toBeLessThanOrEqual(0);
      const taxes = JSON.parse(c.taxes) as { amountBaisa: number }[];
      expect(taxes.every((t) => t.amountBaisa <= 0)).toBe(true);
      expect(c.n + taxes.reduce((a, t) => a + t.amountBaisa, 0)).toBe(c.a);
    }
    expect(corrections.results.reduce((a, c) => a + c.n, 0)).toBe(-1);
    expect((await creditNote(invoice.id, { reason: 'More', amountBaisa: 1 }, cookie)).status).toBe(422);
    await addsUp(invoice.id);
    expect(await moneyViolations()).toEqual([]);
  });
});

/** A company account, by SQL (its own API is tested in city-ledger.test.ts). */
const account = async (name: string) =>
  (await env.DB.prepare(
    `insert into city_ledger_accounts (name, vat_number) values (?, 'OM1100000001') returning id`,
  )
    .bind(name)
    .first<{ id: number }>())!.id;
const accountBalance = async (id: number) =>
  (await env.DB.prepare('select balance_baisa as b from city_ledger_accounts where id = ?')
    .bind(id)
    .first<{ b: number }>())!.b;
const transfer = async (bookingId: number, accountId: number, amount: number) =>
  (await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, amount_baisa, business_date, city_ledger_account_id)
     values (?, 'transfer', ?, ?, ?) returning id`,
  )
    .bind(bookingId, amount, hotelToday(), accountId)
    .first<{ id: number }>())!.id;
const complete = (bookingId: number) =>
  env.DB.prepare(`update booking_submissions set status = 'completed' where id = ?`).bind(bookingId).run();
const refund = async (bookingId: number, body: unknown, lang: 'ar' | 'en' = 'en') =>
  call(`/api/booking-submissions/${bookingId}/folio/refunds`, {
    method: 'POST',
    json: body,
    cookie: await staffCookie(),
    lang,
  });

describe('a completed stay’s credit', () => {
  it('is refunded after a credit note, only towards zero, once under a race', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 27_303);
    const paid = await call(`/api/booking-submissions/${booking.id}/folio/payments`, {
      method: 'POST',
      json: { method: 'cash', amountBaisa: 27_303 },
      cookie: await staffCookie(),
    });
    expect(paid.status).toBe(201);
    const payment = (await json<{ line: { id: number } }>(paid)).line.id;
    const invoice = await issue(booking.id);
    await complete(booking.id);
    // A credit note of part of the stay: the folio in credit by it, the payment larger than that.
    const note = await creditNote(invoice.id, { reason: 'Late room', amountBaisa: 10_000 }, await manager());
    expect(note.status).toBe(201);
    expect(await balanceOf(booking.id)).toBe(-10_000);
    // Beyond the credit: refused in both languages, with the balance.
    for (const lang of ['en', 'ar'] as const) {
      const over = await refund(
        booking.id,
        { paymentLineId: payment, amountBaisa: 10_001, reason: 'x' },
        lang,
      );
      expect(over.status).toBe(409);
      const body = await json<ErrorAnswer & { error: { balanceBaisa?: number } }>(over);
      expect(body.error.code).toBe('refund_exceeds_credit');
      expect(body.error.balanceBaisa).toBe(-10_000);
      expect(body.error.message).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /credit balance/);
    }
    const part = await refund(booking.id, {
      paymentLineId: payment,
      amountBaisa: 3_000,
      reason: 'Part back',
    });
    expect(part.status, await part.clone().text()).toBe(201);
    expect(await balanceOf(booking.id)).toBe(-7_000);
    // Two refunds of the whole credit at once: one goes in, the other is refused; never beyond zero.
    const raced = await Promise.all(
      [1, 2].map((i) =>
        refund(booking.id, { paymentLineId: payment, amountBaisa: 7_000, reason: `Race ${i}` }),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await balanceOf(booking.id)).toBe(0);
    const more = await refund(booking.id, { paymentLineId: payment, amountBaisa: 1, reason: 'One more' });
    expect(more.status).toBe(409);
    expect((await json<ErrorAnswer>(more)).error.code).toBe('refund_exceeds_credit');
    // Another booking's payment is not this folio's line.
    const other = await book();
    expect((await refund(other.id, { paymentLineId: payment, amountBaisa: 1, reason: 'x' })).status).toBe(
      404,
    );
    expect(await moneyViolations()).toEqual([]);
  });

  it('a credit note of an invoice that went to a company credits the company’s account, in its batch', async () => {
    const booking = await book();
    await charge(booking.id, 'room', 20_000);
    await charge(booking.id, 'restaurant', 10_000);
    const company = await account('Oman Oil Services');
    await transfer(booking.id, company, 30_000);
    const invoice = await issue(booking.id);
    expect(invoice.customer.nameEn).toBe('Oman Oil Services');
    await complete(booking.id);
    const cookie = await manager();
    const part = await creditNote(invoice.id, { reason: 'Dinner disputed', amountBaisa: 6_000 }, cookie);
    expect(part.status, await part.clone().text()).toBe(201);
    expect(await accountBalance(company)).toBe(24_000);
    expect(await balanceOf(booking.id)).toBe(0);
    const rest = await creditNote(invoice.id, { reason: 'Whole stay comped' }, cookie);
    expect(rest.status).toBe(201);
    expect(await accountBalance(company)).toBe(0);
    expect(await balanceOf(booking.id)).toBe(0);
    // The account's statement shows the credits, newest first, each balance after it.
    const statement = await json<{ entries: { kind: string; amountBaisa: number; balanceBaisa: number }[] }>(
      await call(`/api/admin/city-ledger/${company}`, { cookie }),
    );
    expect(statement.entries.map((e) => [e.kind, e.amountBaisa, e.balanceBaisa])).toEqual([
      ['credit', 24_000, 0],
      ['credit', 6_000, 24_000],
      ['transfer', 30_000, 30_000],
    ]);
    await addsUp(invoice.id);
    expect(await moneyViolations()).toEqual([]);
  });

  it('a completed folio’s credit is moved back to the company account it went to, never beyond zero', async () => {
    const booking = await book();
    const room = await charge(booking.id, 'room', 10_000);
    const company = await account('Muscat Trading');
    const moved = await transfer(booking.id, company, 10_000);
    await complete(booking.id);
    // A credit on the folio (a correction the old code posted without a document).
    await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, department, description, amount_baisa, net_baisa, taxes, business_date, corrects_line_id, reason)
       select booking_id, 'correction', department, description, -3000, -3000, '[]', business_date, id, 'old' from folio_lines where id = ?`,
    )
      .bind(room)
      .run();
    expect(await balanceOf(booking.id)).toBe(-3_000);
    const over = await refund(booking.id, { paymentLineId: moved, amountBaisa: 3_001, reason: 'x' }, 'ar');
    expect(over.status).toBe(409);
    expect((await json<ErrorAnswer>(over)).error.code).toBe('refund_exceeds_credit');
    const back = await refund(booking.id, {
      paymentLineId: moved,
      amountBaisa: 3_000,
      reason: 'Credit to the company',
    });
    expect(back.status, await back.clone().text()).toBe(201);
    expect((await json<{ line: { method: string } }>(back)).line.method).toBe('city_ledger');
    expect(await balanceOf(booking.id)).toBe(0);
    expect(await accountBalance(company)).toBe(7_000);
    expect((await refund(booking.id, { paymentLineId: moved, amountBaisa: 1, reason: 'x' })).status).toBe(
      409,
    );
    expect(await moneyViolations()).toEqual([]);
  });
});
