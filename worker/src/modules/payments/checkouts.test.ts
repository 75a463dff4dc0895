import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../platform/env';
import { deliverEmails } from '../messaging/email-delivery';
import { settleOpenSessions } from './session-settlement';
import { call } from '@worker-test/helpers';
import { count, grantCookie, guest, json, setBookingStatus, staffCookie } from '@worker-test/builders';
import {
  atFake,
  complete,
  depositBooking,
  onlineLines,
  open,
  opened,
  sessionRow,
  webhook,
} from '@worker-test/payments';

/**
 * Checkouts (decision 071): what a booking owes now and a checkout opened for it at the fake
 * provider, Thawani's stand-in (who may, what the provider keeps, what the answer costs, its
 * limits, an amount too small to pay online), the provider's page, and a checkout completed into
 * one online folio line. The webhooks, the plan's confirmation on a paid deposit
 * and the cron are payments.test.ts.
 */

const db = drizzle(env.DB);

type Summary = {
  depositDueBaisa: number;
  paidBaisa: number;
  dueNowBaisa: number;
  outstandingBaisa: number;
  purpose: 'deposit' | 'balance' | null;
  onlineAvailable: boolean;
  sessions: { id: number; purpose: string; amountBaisa: number; status: string; settledAt: string | null }[];
  refunds: unknown[];
};

const summaryOf = async (id: number, cookie: string) => {
  const res = await call(`/api/booking-submissions/${id}/payments`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Summary>(res);
};

describe('what a booking owes and opening a checkout', () => {
  it("opens a checkout for the deposit still due on the guest's own booking, and answers it again", async () => {
    const { booking, cookie } = await depositBooking();
    const before = await summaryOf(booking.id, cookie);
    expect(before).toMatchObject({
      depositDueBaisa: 30_000,
      paidBaisa: 0,
      dueNowBaisa: 30_000,
      outstandingBaisa: 60_000,
      purpose: 'deposit',
      onlineAvailable: true,
      sessions: [],
      refunds: [],
    });
    const first = await opened(booking.id, cookie);
    expect(first.amountBaisa).toBe(30_000);
    const row = await sessionRow(first.sessionId);
    // Thawani's page with the publishable key, in the guest's language (the request's), not the browser's.
    expect(first.checkoutUrl).toBe(
      `http://127.0.0.1:8787/dev/pay/${row!.provider_session_id}?key=fake-thawani-publishable-key&lang=ar`,
    );
    expect(row).toMatchObject({ status: 'open', amount_baisa: 30_000 });
    // What the provider keeps: our session as its reference, the amount in baisa, and the guest's
    // name, phone and e-mail in its metadata (Thawani's checklist before production asks for them).
    const guestRow = await env.DB.prepare(
      'select full_name as name, phone_number as phone, coalesce(email, user_email) as email from booking_submissions where id = ?',
    )
      .bind(booking.id)
      .first<{ name: string; phone: string; email: string }>();
    expect(guestRow!.email).toContain('@');
    expect(await atFake(`/checkout/session/${row!.provider_session_id}`)).toMatchObject({
      client_reference_id: String(first.sessionId),
      total_amount: 30_000,
      currency: 'OMR',
      payment_status: 'unpaid',
      metadata: {
        booking_reference: booking.reference,
        customer_name: guestRow!.name,
        customer_phone: guestRow!.phone,
        customer_email: guestRow!.email,
      },
    });
    // The same checkout again (a retry, a second tap), not a second session.
    const again = await open(booking.id, cookie);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(first);
    expect((await summaryOf(booking.id, cookie)).sessions).toHaveLength(1);
  });

  it("refuses another guest's booking and a signed-out visitor without a grant (404), and lets a granted device pay", async () => {
    const { booking } = await depositBooking();
    const stranger = await guest();
    expect((await open(booking.id, stranger.cookie)).status).toBe(404);
    expect(
      (await call(`/api/booking-submissions/${booking.id}/payments`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect((await open(booking.id, '')).status).toBe(404);
    const granted = await grantCookie(booking);
    expect((await open(booking.id, granted)).status).toBe(201);
    // Staff read it too.
    expect(
      (await call(`/api/booking-submissions/${booking.id}/payments`, { cookie: await staffCookie() })).status,
    ).toBe(200);
  });

  it('answers 409 payment_nothing_due when nothing is due, and booking_not_open once cancelled', async () => {
    const { booking, cookie } = await depositBooking({ deposit: '{"kind":"none"}' });
    await env.DB.prepare('update booking_submissions set total_price = 0, night_prices = ? where id = ?')
      .bind(JSON.stringify([]), booking.id)
      .run();
    const res = await open(booking.id, cookie, { purpose: 'deposit' });
    expect(res.status).toBe(409);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('payment_nothing_due');
    const none = await open(booking.id, cookie);
    expect((await json<{ error: { code: string } }>(none)).error.code).toBe('payment_nothing_due');
    await setBookingStatus(booking.id, 'cancelled');
    const closed = await open(booking.id, cookie);
    expect(closed.status).toBe(409);
    expect((await json<{ error: { code: string } }>(closed)).error.code).toBe('booking_not_open');
  });

  it('refuses an amount under the 100 baisa Thawani takes at least (409 payment_below_minimum, in both languages), opening nothing at the provider', async () => {
    const { booking, cookie } = await depositBooking();
    // Two nights at 0.050 OMR: the half deposit is 0.050, the balance 0.100.
    await env.DB.prepare('update booking_submissions set total_price = 100, night_prices = ? where id = ?')
      .bind(JSON.stringify([50, 50]), booking.id)
      .run();
    expect(await summaryOf(booking.id, cookie)).toMatchObject({ dueNowBaisa: 50, purpose: 'deposit' });
    const sessionsAtFake = () => count('select count(*) as n from fake_thawani_sessions');
    const atFakeBefore = await sessionsAtFake();
    for (const lang of ['ar', 'en'] as const) {
      const res = await call(`/api/booking-submissions/${booking.id}/payments`, {
        method: 'POST',
        cookie,
        json: { purpose: 'deposit' },
        lang,
      });
      expect(res.status).toBe(409);
      const { error } = await json<{ error: { code: string; message: string } }>(res);
      expect(error.code).toBe('payment_below_minimum');
      expect(error.message).toBe(
        lang === 'ar'
          ? 'لا يمكن دفع مبلغ صغير كهذا عبر الإنترنت، يرجى دفعه في الفندق'
          : 'Amounts this small cannot be paid online: please pay it at the hotel',
      );
    }
    expect(await sessionsAtFake()).toBe(atFakeBefore);
    expect((await summaryOf(booking.id, cookie)).sessions).toEqual([]);
    // 100 baisa, the least Thawani takes, opens.
    const balance = await open(booking.id, cookie, { purpose: 'balance' });
    expect(balance.status, await balance.clone().text()).toBe(201);
    expect(await json(balance)).toMatchObject({ amountBaisa: 100 });
  });
});

describe('what the answer costs', () => {
  it('reads the same rows however many other bookings have sessions (one batch after the booking)', async () => {
    const { booking, cookie } = await depositBooking();
    await opened(booking.id, cookie);
    const rowsRead = async () => {
      const res = await call(`/api/booking-submissions/${booking.id}/payments`, {
        cookie,
        headers: { 'x-d1-meter': '1' },
      });
      expect(res.status).toBe(200);
      return Number(res.headers.get('x-d1-rows-read'));
    };
    const before = await rowsRead();
    for (let i = 0; i < 3; i++) {
      const other = await depositBooking();
      await opened(other.booking.id, other.cookie);
    }
    expect(await rowsRead()).toBe(before);
    expect(before).toBeLessThan(40);
  });
});

describe('limits', () => {
  it('opens at most 20 checkouts an hour for one booking (429 after), keeps at most 60 refused webhooks per address in 10 minutes, and refuses a webhook body past 16 KB', async () => {
    const { booking, cookie } = await depositBooking();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await open(booking.id, cookie);
      statuses.push(res.status);
      // Declined at the provider: the next call opens a new one rather than answering this one again.
      await env.DB.prepare(
        `update payment_sessions set status = 'failed' where booking_id = ? and status = 'open'`,
      )
        .bind(booking.id)
        .run();
    }
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
    // Forged webhooks from one address: answered alike, kept up to 60 in 10 minutes.
    const ids: string[] = [];
    for (let i = 0; i < 62; i++) {
      const id = `flood_${crypto.randomUUID()}`;
      ids.push(id);
      const forged = { event_type: 'payment.succeeded', data: { payment_id: id, amount: 1 } };
      const res = await webhook(forged, { signature: 'cd'.repeat(32), address: '10.99.0.1' });
      expect(res.status).toBe(401);
    }
    const kept = await env.DB.prepare(
      `select count(*) as n from payment_events where event_id in (select value from json_each(?))`,
    )
      .bind(JSON.stringify(ids))
      .first<{ n: number }>();
    expect(kept!.n).toBe(60);
    const big = await webhook({
      event_type: 'payment.succeeded',
      data: { payment_id: 'big', padding: 'x'.repeat(17 * 1024) },
    });
    expect(big.status).toBe(413);
  });
});

describe("the fake provider's page", () => {
  const KEY = '?key=fake-thawani-publishable-key';
  let path: string;
  beforeAll(async () => {
    const { booking, cookie } = await depositBooking();
    const { checkoutUrl } = await opened(booking.id, cookie);
    path = new URL(checkoutUrl).pathname;
  });

  it('is in Arabic by default (right to left, Arabic-Indic digits) and in English with lang=en, with no script; without the publishable key it is not there', async () => {
    const ar = await call(`${path}${KEY}`);
    expect(ar.status).toBe(200);
    const arHtml = await ar.text();
    expect(arHtml).toContain('<html lang="ar" dir="rtl">');
    expect(arHtml).toContain('٣٠٫٠٠٠');
    expect(arHtml).toContain('صفحة تجريبية للتطوير');
    expect(arHtml).toContain(`<form method="post" action="${path}${KEY}">`);
    expect(arHtml).not.toContain('<script');
    expect(ar.headers.get('content-security-policy')).toContain("form-action 'self'");
    const en = await call(`${path}${KEY}&lang=en`);
    const enHtml = await en.text();
    expect(enHtml).toContain('<html lang="en" dir="ltr">');
    expect(enHtml).toContain('OMR\u00a030.000');
    expect(enHtml).toContain('Development stand-in');
    expect(enHtml).toContain(`<form method="post" action="${path}${KEY}&amp;lang=en">`);
    expect(enHtml).toContain('value="paid"');
    expect(enHtml).toContain('value="declined"');
    // Thawani's page needs the publishable key.
    expect((await call(path)).status).toBe(404);
    expect((await call(`${path}?key=another-key`)).status).toBe(404);
  });

  it("pays with the page's own form and sends the guest back (303) to the booking's page", async () => {
    const { booking, cookie } = await depositBooking();
    const { sessionId, checkoutUrl } = await opened(booking.id, cookie);
    const path = `${new URL(checkoutUrl).pathname}${KEY}`;
    const res = await call(path, {
      method: 'POST',
      body: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get('location')).toBe(
      `http://127.0.0.1:8787/booking/${booking.reference}?payment=${sessionId}`,
    );
    expect(await onlineLines(booking.id)).toHaveLength(1);
    // A form from another site is refused.
    const forged = await call(path, {
      method: 'POST',
      body: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
  });
});

describe('completing a checkout', () => {
  it('posts ONE online folio line, marks the session paid, and the answer adds up', async () => {
    const { booking, cookie, email } = await depositBooking();
    const { sessionId } = await opened(booking.id, cookie);
    const session = await sessionRow(sessionId);
    const res = await complete(session!.provider_session_id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ webhookStatus: 200 });
    const lines = await onlineLines(booking.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.amountBaisa).toBe(30_000);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid', payment_line_id: lines[0]!.id });
    const summary = await summaryOf(booking.id, cookie);
    expect(summary).toMatchObject({
      depositDueBaisa: 30_000,
      paidBaisa: 30_000,
      dueNowBaisa: 0,
      // Nights not posted yet (60.000) less the payment on the folio.
      outstandingBaisa: 30_000,
      purpose: 'balance',
    });
    expect(summary.sessions[0]).toMatchObject({ id: sessionId, status: 'paid' });
    // Completing it again: the fake's book is closed.
    expect((await complete(session!.provider_session_id)).status).toBe(409);
    expect(await onlineLines(booking.id)).toHaveLength(1);
    // The audit line and the guest's notice.
    const audit = await env.DB.prepare(
      `select count(*) as n from audit_log where action = 'payment.received' and entity_id = ?`,
    )
      .bind(String(booking.id))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
    const notice = await env.DB.prepare(
      `select count(*) as n from notifications where booking_id = ? and type = 'payment_received'`,
    )
      .bind(booking.id)
      .first<{ n: number }>();
    expect(notice!.n).toBe(1);
    // The guest's e-mail (sent after the answer): the amount and the booking's link.
    let mail: { subject: string; text: string } | undefined;
    for (const end = Date.now() + 15_000; !mail && Date.now() < end;) {
      // The deliveries started after each answer may be cut when the test's request ends (their
      // rows left claimed): this test sends what is due itself, as the invoices test does.
      await env.DB.prepare(
        `update email_outbox set status = 'queued', claim_token = null where status = 'sending'`,
      ).run();
      await deliverEmails(env as unknown as Env, db);
      const box = await json<{ subject: string; text: string }[]>(
        await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`),
      );
      mail = box.find((m) => m.subject.startsWith('تم استلام الدفعة'));
    }
    expect(mail?.text).toContain('٣٠٫٠٠٠\u00a0ر.ع.');
    expect(mail?.text).toContain('/booking/');
    // The desk's refund form refuses it: money paid at the provider goes back through the provider.
    const refund = await call(`/api/booking-submissions/${booking.id}/folio/refunds`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { paymentLineId: lines[0]!.id, amountBaisa: 1_000, reason: 'Guest asked' },
    });
    expect(refund.status).toBe(409);
    expect((await json<{ error: { code: string } }>(refund)).error.code).toBe('online_refund_via_provider');
    expect(await onlineLines(booking.id)).toHaveLength(1);
  });

  it('a declined card posts nothing and leaves the checkout open, as Thawani does; the next card pays it', async () => {
    const { booking, cookie } = await depositBooking();
    const { sessionId, checkoutUrl } = await opened(booking.id, cookie);
    const session = await sessionRow(sessionId);
    const declined = await complete(session!.provider_session_id, 'declined');
    expect(declined.status).toBe(200);
    // Thawani's payment.failed reached the app: genuine, nothing to apply.
    expect(await json(declined)).toMatchObject({ webhookStatus: 200 });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'open', payment_line_id: null });
    expect(await onlineLines(booking.id)).toHaveLength(0);
    // The guest tries again: the same checkout, then another card that pays.
    expect(await json(await open(booking.id, cookie))).toMatchObject({ sessionId, checkoutUrl });
    expect((await complete(session!.provider_session_id, 'paid')).status).toBe(200);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid' });
    expect(await onlineLines(booking.id)).toHaveLength(1);
  });

  it('a checkout Thawani closed unpaid is failed by the cron (Thawani sends no webhook for it)', async () => {
    const { booking, cookie } = await depositBooking();
    const { sessionId } = await opened(booking.id, cookie);
    const session = await sessionRow(sessionId);
    expect(await json(await complete(session!.provider_session_id, 'cancelled'))).toMatchObject({
      webhookStatus: null,
      webhooks: [],
    });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'open' });
    await settleOpenSessions(env, db, new Date(Date.now() + 31 * 60_000));
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'failed', payment_line_id: null });
    expect(await onlineLines(booking.id)).toHaveLength(0);
  });
});
