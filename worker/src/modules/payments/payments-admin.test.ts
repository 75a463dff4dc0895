import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import { addDays, hotelToday } from '@shared/dates';
import { toArabicIndicDigits } from '@shared/digits';
import type { PaymentListRow, RefusedPaymentEvent } from '@shared/payment-admin-schemas';
import {
  book,
  json,
  setBookingStatus,
  staffAccount,
  staffCookie,
  stays,
  type Booking,
} from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { completeHeld } from '@worker-test/payments';
import { fullScans, recordingDb, type Recorded } from '@worker-test/query-plans';

/**
 * What staff see and do about online payments (decision 071): the list of checkout sessions with
 * the flags that need them, its filters and pages, the refused webhooks, the CSV, a manager's
 * check of a day with the provider, and the day close's online payments. Sessions are written
 * directly where a test needs a state the flow cannot reach on its own (a provider that
 * disagrees); the paid ones go through the real flow where it matters.
 */
type Page = { payments: PaymentListRow[]; nextCursor: string | null };

const stay = stays({ from: 400, every: 3 });
const today = hotelToday();
const HOUR = 3_600_000;
/** Noon of `date` in Muscat, as epoch milliseconds. */
const noonOf = (date: string) => Date.parse(`${date}T12:00:00+04:00`);

let seq = 0;
type SessionSeed = {
  status?: 'open' | 'paid' | 'failed' | 'expired';
  providerStatus?: 'open' | 'paid' | 'failed' | 'expired' | null;
  amountBaisa?: number;
  createdAt?: number;
  purpose?: 'deposit' | 'balance';
};

/** A checkout session of `booking`, written as the core writes one; a paid one with its online folio line. */
async function seedSession(booking: Booking, seed: SessionSeed = {}) {
  seq += 1;
  const {
    status = 'open',
    providerStatus = null,
    amountBaisa = 12_000,
    createdAt = Date.now(),
    purpose = 'deposit',
  } = seed;
  const providerSessionId = `fake_ses_admin_${seq}`;
  const providerPaymentId = status === 'paid' ? `fake_pay_admin_${seq}` : null;
  let lineId: number | null = null;
  if (status === 'paid') {
    const line = await env.DB.prepare(
      `insert into folio_lines (booking_id, kind, method, description, amount_baisa, business_date, provider_reference)
       values (?, 'payment', 'online', 'Online payment', ?, ?, ?) returning id`,
    )
      .bind(booking.id, amountBaisa, today, providerPaymentId)
      .first<{ id: number }>();
    lineId = line!.id;
  }
  const row = await env.DB.prepare(
    `insert into payment_sessions (booking_id, provider, provider_session_id, purpose, amount_baisa, status,
       checkout_url, provider_payment_id, payment_line_id, created_at, settled_at, provider_status)
     values (?, 'fake', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      booking.id,
      providerSessionId,
      purpose,
      amountBaisa,
      status,
      `http://127.0.0.1:8787/dev/pay/${providerSessionId}`,
      providerPaymentId,
      lineId,
      createdAt,
      status === 'open' ? null : createdAt + 60_000,
      providerStatus,
    )
    .first<{ id: number }>();
  return { id: row!.id, providerSessionId, providerPaymentId, lineId };
}

const list = async (query = '', cookie?: string) => {
  const res = await call(`/api/admin/payments${query ? `?${query}` : ''}`, {
    cookie: cookie ?? (await staffCookie()),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Page>(res);
};
const ids = (page: Page) => page.payments.map((p) => p.sessionId);

let manager: string;
let housekeeper: string;
let guestCookie: string;

beforeAll(async () => {
  manager = (await staffAccount({ role: 'manager' })).cookie;
  housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
  guestCookie = (await signUp('Payments Guest')).cookie;
});

describe('who sees online payments', () => {
  it('staff and managers read the list, the refused webhooks and the CSV; housekeepers and guests are refused; managers alone reconcile', async () => {
    const paths = [
      '/api/admin/payments',
      '/api/admin/payments/events',
      `/api/admin/payments.csv?from=${today}`,
    ];
    for (const path of paths) {
      expect((await call(path)).status, path).toBe(401);
      expect((await call(path, { cookie: guestCookie })).status, path).toBe(403);
      expect((await call(path, { cookie: housekeeper })).status, path).toBe(403);
      expect((await call(path, { cookie: await staffCookie() })).status, path).toBe(200);
      expect((await call(path, { cookie: manager })).status, path).toBe(200);
    }
    const reconcile = (cookie?: string) =>
      call('/api/admin/payments/reconcile', { method: 'POST', json: { date: today }, cookie });
    expect((await reconcile()).status).toBe(401);
    expect((await reconcile(guestCookie)).status).toBe(403);
    expect((await reconcile(housekeeper)).status).toBe(403);
    expect((await reconcile(await staffCookie())).status).toBe(403);
  });

  it('refuses bad filters with a code, never a 500', async () => {
    const cookie = await staffCookie();
    for (const query of [
      'from=2026-02-30',
      'status=lost',
      'cursor=abc',
      'limit=0',
      `from=${today}&to=${addDays(today, -1)}`,
    ]) {
      const res = await call(`/api/admin/payments?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect((await json<{ error: { code: string } }>(res)).error.code, query).toMatch(/^[a-z_]+$/);
    }
    const res = await call('/api/admin/payments/reconcile', {
      method: 'POST',
      json: { date: 'soon' },
      cookie: manager,
    });
    expect(res.status).toBe(400);
  });
});

describe('the list', () => {
  it('answers sessions newest first, a page at a time, with the booking and the amounts', async () => {
    const booking = await book({ fullName: 'Paging Guest' }, { stay });
    const base = noonOf(addDays(today, -40));
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await seedSession(booking, { createdAt: base + i * HOUR, amountBaisa: 1000 + i }));
    const day = addDays(today, -40);
    const first = await list(`from=${day}&to=${day}&limit=2`);
    expect(ids(first)).toEqual([made[4]!.id, made[3]!.id]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`from=${day}&to=${day}&limit=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual([made[2]!.id, made[1]!.id]);
    const third = await list(`from=${day}&to=${day}&limit=2&cursor=${second.nextCursor}`);
    expect(ids(third)).toEqual([made[0]!.id]);
    expect(third.nextCursor).toBeNull();
    expect(first.payments[0]).toMatchObject({
      bookingId: booking.id,
      bookingReference: booking.reference,
      guestName: 'Paging Guest',
      purpose: 'deposit',
      provider: 'fake',
      providerSessionId: made[4]!.providerSessionId,
      providerPaymentId: null,
      amountBaisa: 1004,
      status: 'open',
      providerStatus: null,
      refundedBaisa: 0,
      refundPendingBaisa: 0,
      flags: [],
      createdAt: new Date(base + 4 * HOUR).toISOString(),
    });
  });

  it('filters by hotel days (Arabic-Indic digits too), by state, and finds what staff type', async () => {
    const booking = await book({ fullName: 'Filter Person' }, { stay });
    const other = await book({ fullName: 'Someone Else' }, { stay });
    const day = addDays(today, -50);
    // 23:30 in Muscat is still that hotel day, though it is 19:30 UTC; 00:30 the next day is not.
    const late = await seedSession(booking, { createdAt: Date.parse(`${day}T23:30:00+04:00`) });
    const nextDay = await seedSession(booking, {
      createdAt: Date.parse(`${addDays(day, 1)}T00:30:00+04:00`),
    });
    const paid = await seedSession(other, { status: 'paid', createdAt: noonOf(day) });

    const arabicDay = toArabicIndicDigits(day);
    expect(
      ids(await list(`from=${encodeURIComponent(arabicDay)}&to=${encodeURIComponent(arabicDay)}`)).sort(),
    ).toEqual([late.id, paid.id].sort());
    expect(ids(await list(`from=${day}&to=${day}&status=paid`))).toEqual([paid.id]);
    expect(ids(await list(`from=${addDays(day, 1)}&to=${addDays(day, 1)}`))).toEqual([nextDay.id]);

    // A booking's reference as shown (with its dash, in lower case), the provider's ids, our number, a name.
    const shown = formatBookingReference(booking.reference).toLowerCase();
    expect(ids(await list(`q=${encodeURIComponent(shown)}`)).sort()).toEqual([late.id, nextDay.id].sort());
    expect(ids(await list(`q=${late.providerSessionId}`))).toEqual([late.id]);
    expect(ids(await list(`q=${paid.providerPaymentId}`))).toEqual([paid.id]);
    expect(ids(await list(`q=${encodeURIComponent(toArabicIndicDigits(String(nextDay.id)))}`))).toContain(
      nextDay.id,
    );
    expect(ids(await list('q=Someone%20Else'))).toEqual([paid.id]);
    expect(ids(await list(`booking=${other.id}`))).toEqual([paid.id]);
    expect(ids(await list('q=nothing-like-this'))).toEqual([]);
  });
});

describe('the flags', () => {
  it('names what staff must act on: the provider and the folio disagree, money kept on a cancelled booking, a refund refused', async () => {
    const day = addDays(today, -60);
    const at = noonOf(day);
    const a = await book({}, { stay });
    const paidAtProvider = await seedSession(a, { status: 'open', providerStatus: 'paid', createdAt: at });
    const expiredAtProvider = await seedSession(a, {
      status: 'paid',
      providerStatus: 'expired',
      createdAt: at + 1,
    });
    const agreed = await seedSession(a, { status: 'paid', providerStatus: 'paid', createdAt: at + 2 });

    // Paid after the booking was cancelled (a guest who paid from a page left open): the money was taken.
    const cancelled = await book({}, { stay });
    await setBookingStatus(cancelled.id, 'cancelled', { reason: 'Guest asked' });
    const kept = await seedSession(cancelled, { status: 'paid', amountBaisa: 20_000, createdAt: at + 3 });
    const refunded = await seedSession(cancelled, { status: 'paid', amountBaisa: 5_000, createdAt: at + 4 });
    // All of one payment is on its way back: nothing left to flag; part of the other: still flagged.
    const refund = (s: { id: number; lineId: number | null }, amount: number, status: string) =>
      env.DB.prepare(
        `insert into payment_refunds (session_id, booking_id, payment_line_id, amount_baisa, reason, status, failure)
         values (?, ?, ?, ?, 'test', ?, ?)`,
      )
        .bind(s.id, cancelled.id, s.lineId, amount, status, status === 'failed' ? 'card closed' : null)
        .run();
    await refund(refunded, 5_000, 'requested');
    await refund(kept, 4_000, 'sent');
    await refund(kept, 1_000, 'failed');

    const page = await list(`from=${day}&to=${day}`);
    const flagsOf = (id: number) => page.payments.find((p) => p.sessionId === id)?.flags;
    expect(flagsOf(paidAtProvider.id)).toEqual(['provider_paid_not_on_folio']);
    expect(flagsOf(expiredAtProvider.id)).toEqual(['on_folio_not_paid_at_provider']);
    expect(flagsOf(agreed.id)).toEqual([]);
    expect(flagsOf(kept.id)).toEqual(['paid_after_cancellation', 'refund_failed']);
    expect(flagsOf(refunded.id)).toEqual([]);
    expect(page.payments.find((p) => p.sessionId === kept.id)).toMatchObject({
      refundPendingBaisa: 4_000,
      refundedBaisa: 0,
    });
  });
});

describe('the refused webhooks', () => {
  it('lists only the refused ones, newest first, with why', async () => {
    const base = Date.now() - 10 * HOUR;
    const insert = (eventId: string, outcome: 'applied' | 'refused', reason: string | null, at: number) =>
      env.DB.prepare(
        `insert into payment_events (provider, event_id, type, outcome, reason, amount_baisa, received_at)
         values ('fake', ?, 'payment.succeeded', ?, ?, 9000, ?)`,
      )
        .bind(eventId, outcome, reason, at)
        .run();
    await insert('evt_forged', 'refused', 'signature_invalid', base);
    await insert('evt_ok', 'applied', null, base + 1000);
    await insert('evt_wrong_amount', 'refused', 'amount_mismatch', base + 2000);
    const res = await call('/api/admin/payments/events', { cookie: await staffCookie() });
    const { events } = await json<{ events: RefusedPaymentEvent[] }>(res);
    const mine = events.filter((e) => e.eventId.startsWith('evt_'));
    expect(mine.map((e) => [e.eventId, e.reason])).toEqual([
      ['evt_wrong_amount', 'amount_mismatch'],
      ['evt_forged', 'signature_invalid'],
    ]);
    expect(mine[0]).toMatchObject({ provider: 'fake', type: 'payment.succeeded', amountBaisa: 9000 });
    expect(mine[0]!.receivedAt).toBe(new Date(base + 2000).toISOString());
  });
});

describe('the CSV', () => {
  it('holds what the filters find, oldest first, amounts in rials', async () => {
    const day = addDays(today, -70);
    const booking = await book({ fullName: '=Formula Guest' }, { stay });
    const first = await seedSession(booking, { status: 'paid', amountBaisa: 12_345, createdAt: noonOf(day) });
    const second = await seedSession(booking, { createdAt: noonOf(day) + HOUR });
    const res = await call(`/api/admin/payments.csv?from=${day}&to=${day}`, { cookie: await staffCookie() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(`payments-${day}-${day}.csv`);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'session,created_at,settled_at,booking_reference,guest,purpose,provider,provider_session_id,provider_payment_id,status,provider_status,amount_omr,refunded_omr,refund_pending_omr,flags',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([String(first.id), String(second.id)]);
    expect(lines[1]).toContain(
      `,${formatBookingReference(booking.reference)},'=Formula Guest,deposit,fake,${first.providerSessionId},${first.providerPaymentId},paid,,12.345,0.000,0.000,`,
    );
  });
});

describe('checking a day with the provider', () => {
  it('settles what the provider was paid and never heard of, records its word on the rest, and answers what still needs staff', async () => {
    const day = addDays(today, -80);
    const at = noonOf(day);
    // A real checkout whose webhook never came: the guest paid at the provider.
    const booking = await book({ fullName: 'Lost Webhook' }, { stay });
    await env.DB.prepare(
      `update booking_submissions set total_price = 60000, night_prices = '[30000,30000]',
         deposit_rule = '{"kind":"percent","percent":50}' where id = ?`,
    )
      .bind(booking.id)
      .run();
    const opened = await call(`/api/booking-submissions/${booking.id}/payments`, {
      method: 'POST',
      json: {},
      cookie: await staffCookie(),
    });
    expect(opened.status, await opened.clone().text()).toBe(201);
    const { sessionId } = await json<{ sessionId: number }>(opened);
    const session = await env.DB.prepare(
      'select provider_session_id as id from payment_sessions where id = ?',
    )
      .bind(sessionId)
      .first<{ id: string }>();
    // Paid at the provider's page, its webhooks lost on the way.
    const { paymentId: lostPaymentId } = await completeHeld(session!.id);
    await env.DB.prepare('update payment_sessions set created_at = ? where id = ?').bind(at, sessionId).run();

    // On our folio, but the provider declined it (it never took the money).
    const other = await book({}, { stay });
    const declined = await seedSession(other, { status: 'paid', createdAt: at + 1 });
    await env.DB.prepare(
      `insert into fake_thawani_sessions (session_id, client_reference_id, invoice, products, total_amount,
         success_url, cancel_url, payment_status, metadata, expire_at)
       values (?, ?, ?, '[{"name":"Deposit","unit_amount":12000,"quantity":1}]', 12000,
         'http://127.0.0.1:8787/ok', 'http://127.0.0.1:8787/no', 'cancelled', '{}', ?)`,
    )
      .bind(declined.providerSessionId, String(declined.id), `inv-${declined.id}`, at + 86_400_000)
      .run();
    // Already agreed on both sides: not asked again.
    const agreed = await seedSession(other, {
      status: 'expired',
      providerStatus: 'expired',
      createdAt: at + 2,
    });

    const res = await call('/api/admin/payments/reconcile', {
      method: 'POST',
      json: { date: day },
      cookie: manager,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = await json<{ checked: number; unanswered: number; payments: PaymentListRow[] }>(res);
    expect(result).toMatchObject({ checked: 2, unanswered: 0 });
    expect(result.payments.map((p) => [p.sessionId, p.flags])).toEqual([
      [declined.id, ['on_folio_not_paid_at_provider']],
    ]);

    const page = await list(`from=${day}&to=${day}`);
    const row = (id: number) => page.payments.find((p) => p.sessionId === id)!;
    expect(row(sessionId)).toMatchObject({
      status: 'paid',
      providerStatus: 'paid',
      providerPaymentId: lostPaymentId,
      flags: [],
    });
    const line = await env.DB.prepare(
      `select amount_baisa as amount from folio_lines where booking_id = ? and kind = 'payment' and method = 'online'`,
    )
      .bind(booking.id)
      .all<{ amount: number }>();
    expect(line.results).toEqual([{ amount: 30_000 }]);
    expect(row(declined.id).providerStatus).toBe('failed');
    expect(row(agreed.id).providerStatus).toBe('expired');
    const checkedAt = await env.DB.prepare('select checked_at as c from payment_sessions where id = ?')
      .bind(agreed.id)
      .first<{ c: number | null }>();
    expect(checkedAt!.c).toBeNull();
  });
});

describe("the day close's online payments", () => {
  it("lists the day's online payments one by one on the report and in its CSV, beside their sum", async () => {
    const booking = await book({ fullName: 'Day Close Payer' }, { stay });
    const before = await call(`/api/admin/day-close/${today}`, { cookie: manager });
    const { onlinePayments: earlier, paymentsBaisa: earlierSums } = await json<{
      onlinePayments: unknown[];
      paymentsBaisa: Record<string, number>;
    }>(before);
    const paid = await seedSession(booking, { status: 'paid', amountBaisa: 7_250 });
    const res = await call(`/api/admin/day-close/${today}`, { cookie: manager });
    expect(res.status).toBe(200);
    const report = await json<{
      onlinePayments: Record<string, unknown>[];
      paymentsBaisa: Record<string, number>;
    }>(res);
    expect(report.onlinePayments).toHaveLength(earlier.length + 1);
    expect(report.onlinePayments.at(-1)).toEqual({
      sessionId: paid.id,
      bookingId: booking.id,
      bookingReference: booking.reference,
      amountBaisa: 7_250,
      providerPaymentId: paid.providerPaymentId,
    });
    expect(report.paymentsBaisa.online).toBe((earlierSums.online ?? 0) + 7_250);

    const csv = await call(`/api/admin/day-close.csv?date=${today}`, { cookie: manager });
    const text = await csv.text();
    expect(text).toContain(`onlinePaymentOmr,${paid.providerPaymentId},7.250\r\n`);
    expect(text).toContain(`onlinePaymentSession,${paid.providerPaymentId},${paid.id}\r\n`);
    // The reference as every screen and paper shows it ("K7M-Q4PX").
    expect(text).toContain(
      `onlinePaymentBooking,${paid.providerPaymentId},${formatBookingReference(booking.reference)}\r\n`,
    );
  });
});

describe('rows read do not grow with history', () => {
  it('reads each filter of the list and the refused webhooks through an index (a scan only up to a page)', async () => {
    const cookie = await staffCookie();
    const booking = await book({}, { stay });
    const calls = [
      '/api/admin/payments',
      `/api/admin/payments?from=${addDays(today, -7)}&to=${today}`,
      '/api/admin/payments?status=paid',
      `/api/admin/payments?cursor=${Date.now()}_999999`,
      `/api/admin/payments?q=${booking.reference}`,
      '/api/admin/payments?q=fake_pay_admin_1',
      '/api/admin/payments?q=Khalid',
      `/api/admin/payments?booking=${booking.id}`,
      '/api/admin/payments/events',
      `/api/admin/payments/events?cursor=${Date.now()}_999999`,
      `/api/admin/day-close/${today}`,
    ];
    // The tables that grow with history, and the names the statements here give them.
    const growing = new Set([
      'payment_sessions',
      'payment_events',
      'payment_refunds',
      'folio_lines',
      'booking_submissions',
      ...['s', 'b', 'r', 'q'],
    ]);
    for (const path of calls) {
      const log: Recorded[] = [];
      const res = await call(path, {
        cookie: path.includes('day-close') ? manager : cookie,
        env: { ...env, DB: recordingDb(log) },
      });
      expect(res.status, path).toBe(200);
      for (const entry of log) {
        const scans = await fullScans(entry, { growing, automatic: true });
        expect(scans, `${path}: ${entry.sql}`).toEqual([]);
      }
    }
  });
});
