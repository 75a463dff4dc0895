import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { paymentAdapter, settleOpenSessions, webhookSecret } from './';
import { ApiError } from '../../platform/api-error';
import { call } from '@worker-test/helpers';
import { adminCookie, json, payOnline, setBookingStatus, staffAccount } from '@worker-test/builders';
import {
  complete,
  depositBooking,
  onlineLines,
  opened,
  paidEvent,
  sessionRow,
  webhook,
} from '@worker-test/payments';

/**
 * Online payments' core (decision 071): the fake provider's refunds, the signed webhook applied
 * once (a forged, stale or wrong one refused and kept for staff), the plan's confirmation on a
 * paid deposit, the cron settling a session whose webhook never came, and which provider runs.
 * What a booking owes, opening and completing a checkout are checkouts.test.ts.
 */

const db = drizzle(env.DB);

const refusedEvents = (eventId: string) =>
  env.DB.prepare(`select outcome, reason from payment_events where event_id = ?`)
    .bind(eventId)
    .all<{ outcome: string; reason: string }>()
    .then((r) => r.results);

describe("the fake provider's refunds", () => {
  it('refunds at most what was paid, sends its webhook, and finds a refund by our reference', async () => {
    const { booking, cookie } = await depositBooking();
    const { sessionId, providerSessionId } = await payOnline(booking.id, cookie, {});
    const { provider_payment_id: providerPaymentId } = (await env.DB.prepare(
      'select provider_payment_id from payment_sessions where id = ?',
    )
      .bind(sessionId)
      .first<{ provider_payment_id: string }>())!;
    const adapter = paymentAdapter(env, 'http://127.0.0.1:8787', { db });
    const ask = { providerPaymentId, providerSessionId };
    expect(await adapter.findRefund({ ...ask, reference: 'ref-1' })).toBeNull();
    const { providerRefundId } = await adapter.refund({
      ...ask,
      amountBaisa: 1_000,
      reason: 'test',
      reference: 'ref-1',
    });
    expect(providerRefundId).toMatch(/^fake_ref_/);
    expect(await adapter.findRefund({ ...ask, reference: 'ref-1' })).toEqual({
      providerRefundId,
      status: 'succeeded',
      amountBaisa: 1_000,
    });
    expect(await adapter.lookUpRefund(providerRefundId)).toEqual({ status: 'succeeded', amountBaisa: 1_000 });
    expect(await adapter.findRefund({ ...ask, reference: 'ref-2' })).toBeNull();
    // Its webhook reached the app (no refund of ours asked for it: kept as refused).
    const event = await env.DB.prepare(
      `select count(*) as n from payment_events where type = 'refund.succeeded' and amount_baisa = 1000 and session_id is null`,
    ).first<{ n: number }>();
    expect(event!.n).toBeGreaterThanOrEqual(1);
    // Never more than the payment has left.
    await expect(
      adapter.refund({ ...ask, amountBaisa: 29_001, reason: 'test', reference: 'ref-3' }),
    ).rejects.toThrow(/exceeds/);
  });
});

describe('webhooks', () => {
  async function openSession() {
    const { booking, cookie } = await depositBooking();
    const { sessionId } = await opened(booking.id, cookie);
    const session = (await sessionRow(sessionId))!;
    return { booking, cookie, sessionId, providerSessionId: session.provider_session_id };
  }

  it('refuses a forged signature, a wrong secret, an old timestamp, an unknown session, a wrong amount or currency: each kept, none changes anything', async () => {
    const { booking, sessionId, providerSessionId } = await openSession();
    const cases: [string, () => Promise<Response>, number, string, Record<string, unknown>][] = [];
    const make = (over: Record<string, unknown> = {}, amount = 30_000) =>
      paidEvent(providerSessionId, amount, over);
    const forged = make();
    cases.push([
      'forged',
      () => webhook(forged, { signature: 'ab'.repeat(32) }),
      401,
      'signature_invalid',
      forged,
    ]);
    const wrongSecret = make();
    cases.push([
      'secret',
      () => webhook(wrongSecret, { secret: 'not-the-secret' }),
      401,
      'signature_invalid',
      wrongSecret,
    ]);
    const old = make();
    cases.push([
      'old',
      () => webhook(old, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      401,
      'timestamp_stale',
      old,
    ]);
    const unknown = paidEvent('fake_sess_nobody', 30_000);
    cases.push(['unknown', () => webhook(unknown), 404, 'session_unknown', unknown]);
    const amount = make({}, 29_999);
    cases.push(['amount', () => webhook(amount), 409, 'amount_mismatch', amount]);
    const currency = make({ currency: 'USD' });
    cases.push(['currency', () => webhook(currency), 409, 'currency_mismatch', currency]);
    for (const [name, send, status, reason, body] of cases) {
      const res = await send();
      expect(res.status, name).toBe(status);
      expect((await json<{ error: { code: string } }>(res)).error.code, name).toBe('webhook_refused');
      expect(await refusedEvents(body.id as string), name).toEqual([{ outcome: 'refused', reason }]);
    }
    expect(await onlineLines(booking.id)).toHaveLength(0);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'open', payment_line_id: null });
    // A body that is not an event at all.
    const bad = await webhook({ id: 'evt_bad', type: 'payment.succeeded', data: {} });
    expect(bad.status).toBe(400);
    expect(await refusedEvents('evt_bad')).toEqual([{ outcome: 'refused', reason: 'body_invalid' }]);
  });

  it('posts one line for twenty copies of one webhook at once, and a repeat changes nothing', async () => {
    const { booking, sessionId, providerSessionId } = await openSession();
    const event = paidEvent(providerSessionId, 30_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(event)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await onlineLines(booking.id)).toHaveLength(1);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid' });
    const applied = await env.DB.prepare(
      `select count(*) as n, min(type) as type from payment_events where event_id = ? and outcome = 'applied'`,
    )
      .bind(event.id)
      .first<{ n: number; type: string }>();
    expect(applied).toEqual({ n: 1, type: 'payment.succeeded' });
    // One audit line, one notice, one staff alert.
    const follows = await env.DB.prepare(
      `select (select count(*) from audit_log where action = 'payment.received' and entity_id = ?1) as audit,
        (select count(*) from notifications where booking_id = ?2 and type = 'payment_received') as notices,
        (select count(*) from staff_alerts where booking_id = ?2 and kind = 'payment_received') as alerts`,
    )
      .bind(String(booking.id), booking.id)
      .first();
    expect(follows).toEqual({ audit: 1, notices: 1, alerts: 1 });
    // Another event for the same payment (a provider's second notice) posts nothing more.
    const again = await webhook({ ...event, id: `evt_${crypto.randomUUID()}` });
    expect(again.status).toBe(200);
    expect(await onlineLines(booking.id)).toHaveLength(1);
    const balance = await env.DB.prepare(
      'select folio_balance_baisa as b from booking_submissions where id = ?',
    )
      .bind(booking.id)
      .first<{ b: number }>();
    expect(balance!.b).toBe(-30_000);
  });

  it('a second payment at the provider for a session already paid is posted, with its audit line and the staff alert', async () => {
    const { booking, sessionId, providerSessionId } = await openSession();
    expect((await webhook(paidEvent(providerSessionId, 30_000))).status).toBe(200);
    const first = await sessionRow(sessionId);
    // The guest charged twice: another payment id for the same checkout.
    expect((await webhook(paidEvent(providerSessionId, 30_000))).status).toBe(200);
    expect(await onlineLines(booking.id)).toHaveLength(2);
    // The session keeps its first payment.
    expect(await sessionRow(sessionId)).toMatchObject({
      status: 'paid',
      payment_line_id: first!.payment_line_id,
    });
    const follows = await env.DB.prepare(
      `select (select count(*) from audit_log where action = 'payment.received' and entity_id = ?1) as received,
        (select count(*) from audit_log where action = 'payment.received_again' and entity_id = ?1) as again,
        (select count(*) from staff_alerts where booking_id = ?2 and kind = 'payment_received') as alerts`,
    )
      .bind(String(booking.id), booking.id)
      .first();
    expect(follows).toEqual({ received: 1, again: 1, alerts: 2 });
  });

  it("refuses a signed webhook whose payment is another session's (409, nothing changes); reconciliation flags a session paid here and open there", async () => {
    const a = await openSession();
    const b = await openSession();
    // a paid at the provider's page (its own signed webhook).
    expect((await complete(a.providerSessionId)).status).toBe(200);
    const aLine = (await sessionRow(a.sessionId))!.payment_line_id;
    const paymentId = (await onlineLines(a.booking.id))[0]!.providerReference;
    const paid = { data: { paymentId } };
    // The same payment id sent for b's checkout (signed, b's own amount): refused, kept, nothing changes.
    const stolen = paidEvent(b.providerSessionId, 30_000, { paymentId: paid.data.paymentId });
    const res = await webhook(stolen);
    expect(res.status).toBe(409);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('webhook_refused');
    expect(await refusedEvents(stolen.id)).toEqual([{ outcome: 'refused', reason: 'payment_other_session' }]);
    expect(await sessionRow(b.sessionId)).toMatchObject({ status: 'open', payment_line_id: null });
    expect(await onlineLines(b.booking.id)).toHaveLength(0);
    expect(await sessionRow(a.sessionId)).toMatchObject({ status: 'paid', payment_line_id: aLine });
    // Another session of the SAME booking with a's payment id: refused too.
    const { sessionId: second } = await opened(a.booking.id, a.cookie);
    const secondRow = (await sessionRow(second))!;
    const twice = paidEvent(secondRow.provider_session_id, secondRow.amount_baisa, {
      paymentId: paid.data.paymentId,
    });
    expect((await webhook(twice)).status).toBe(409);
    expect(await sessionRow(second)).toMatchObject({ status: 'open', payment_line_id: null });

    // Two checkouts told of one payment id at the same moment: one is paid with its line, the other refused.
    const c = await openSession();
    const d = await openSession();
    const shared = `pay_${crypto.randomUUID()}`;
    const raced = await Promise.all(
      [c, d].map((x) => webhook(paidEvent(x.providerSessionId, 30_000, { paymentId: shared }))),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const states = await Promise.all([c, d].map((x) => sessionRow(x.sessionId)));
    expect(states.map((x) => x!.status).sort()).toEqual(['open', 'paid']);
    expect([...(await onlineLines(c.booking.id)), ...(await onlineLines(d.booking.id))]).toHaveLength(1);

    // A session marked paid here that the provider still has open (as the old code left b):
    // the day's reconciliation asks the provider and flags it.
    await env.DB.prepare(
      `update payment_sessions set status = 'paid', payment_line_id = ?, provider_payment_id = ?, settled_at = ? where id = ?`,
    )
      .bind(aLine, paid.data.paymentId, Date.now(), b.sessionId)
      .run();
    const manager = (await staffAccount({ role: 'manager' })).cookie;
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    const check = await call('/api/admin/payments/reconcile', {
      method: 'POST',
      json: { date: today },
      cookie: manager,
    });
    expect(check.status, await check.clone().text()).toBe(200);
    const flagged = (await json<{ payments: { sessionId: number; flags: string[] }[] }>(check)).payments;
    expect(flagged.find((p) => p.sessionId === b.sessionId)?.flags).toContain('paid_here_open_at_provider');
    expect(flagged.find((p) => p.sessionId === a.sessionId)).toBeUndefined();
  });

  it('a payment for a booking cancelled meanwhile is still posted (money was taken)', async () => {
    const { booking, sessionId, providerSessionId } = await openSession();
    await setBookingStatus(booking.id, 'cancelled');
    expect((await webhook(paidEvent(providerSessionId, 30_000))).status).toBe(200);
    expect(await onlineLines(booking.id)).toHaveLength(1);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid' });
  });

  it('has no path for a provider that is not configured', async () => {
    const res = await call('/api/payments/webhooks/thawani', { method: 'POST', json: {} });
    expect(res.status).toBe(404);
    expect((await call('/api/payments/webhooks/paypal', { method: 'POST', json: {} })).status).toBe(404);
  });
});

describe('a plan that confirms on the deposit', () => {
  it('confirms a pending request once its deposit is paid online, with its audit line', async () => {
    const res = await call('/api/admin/rate-plans', {
      method: 'POST',
      cookie: await adminCookie(),
      json: {
        code: 'deposit_confirms',
        nameAr: 'عربون',
        nameEn: 'Deposit confirms',
        roomTypes: ['gold'],
        cancellation: { kind: 'free_until', hours: 48 },
        deposit: { kind: 'percent', percent: 50 },
        confirmOnDeposit: true,
        parentCode: 'standard',
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await json(res)).toMatchObject({ ratePlan: { confirmOnDeposit: true } });
    const { booking, cookie } = await depositBooking({ plan: 'deposit_confirms' });
    await payOnline(booking.id, cookie, {});
    const after = await env.DB.prepare('select status from booking_submissions where id = ?')
      .bind(booking.id)
      .first<{ status: string }>();
    expect(after!.status).toBe('confirmed');
    const audit = await env.DB.prepare(
      `select count(*) as n from audit_log where action = 'booking.confirmed' and entity_id = ?`,
    )
      .bind(String(booking.id))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it('leaves a request pending when its plan does not confirm on the deposit', async () => {
    const { booking, cookie } = await depositBooking();
    await payOnline(booking.id, cookie, {});
    const after = await env.DB.prepare('select status from booking_submissions where id = ?')
      .bind(booking.id)
      .first<{ status: string }>();
    expect(after!.status).toBe('pending');
  });
});

describe('the cron', () => {
  it('settles a session whose webhook never came, once, and expires one left open for a day', async () => {
    const { booking, cookie } = await depositBooking();
    const { sessionId } = await opened(booking.id, cookie);
    const providerSessionId = (await sessionRow(sessionId))!.provider_session_id;
    // Paid at the provider, its webhook lost: the fake's book says paid, ours still open.
    await env.DB.prepare(`update fake_provider_sessions set status = 'paid', payment_id = ? where id = ?`)
      .bind(`fake_pay_lost_${sessionId}`, providerSessionId)
      .run();
    const later = new Date(Date.now() + 31 * 60_000);
    const counts = await settleOpenSessions(env, db, later);
    expect(counts.paid).toBeGreaterThanOrEqual(1);
    expect(await onlineLines(booking.id)).toEqual([
      expect.objectContaining({ amountBaisa: 30_000, providerReference: `fake_pay_lost_${sessionId}` }),
    ]);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid', provider_status: 'paid' });
    // The webhook arriving late changes nothing.
    const late = await webhook(
      paidEvent(providerSessionId, 30_000, { paymentId: `fake_pay_lost_${sessionId}` }),
    );
    expect(late.status).toBe(200);
    expect(await onlineLines(booking.id)).toHaveLength(1);

    const other = await depositBooking();
    const left = await opened(other.booking.id, other.cookie);
    await settleOpenSessions(env, db, later);
    expect(await sessionRow(left.sessionId)).toMatchObject({ status: 'open', provider_status: 'open' });
    await settleOpenSessions(env, db, new Date(Date.now() + 25 * 60 * 60_000));
    expect(await sessionRow(left.sessionId)).toMatchObject({ status: 'expired' });
  });
});

describe('which provider runs', () => {
  const status = (f: () => unknown) => {
    try {
      f();
      return 'ok';
    } catch (err) {
      return err instanceof ApiError ? `${err.status} ${err.code}` : String(err);
    }
  };
  const origin = 'https://hotel.example';
  const thawani = {
    THAWANI_API_URL: 'https://uatcheckout.thawani.om/api/v1',
    THAWANI_SECRET_KEY: 'sk',
    THAWANI_PUBLISHABLE_KEY: 'pk',
    PAYMENT_WEBHOOK_SECRET: 'whsec',
  };

  it('is the fake in development by default, never in production; Thawani with its keys; else 503', () => {
    const dev = { ...env, PAYMENT_PROVIDER: undefined, ENVIRONMENT: 'development' as const };
    expect(paymentAdapter(dev, origin, { db }).name).toBe('fake');
    const prod = { ...env, ENVIRONMENT: 'production' as const };
    expect(status(() => paymentAdapter({ ...prod, PAYMENT_PROVIDER: undefined }, origin, { db }))).toBe(
      '503 payments_unavailable',
    );
    expect(status(() => paymentAdapter({ ...prod, PAYMENT_PROVIDER: 'fake' }, origin, { db }))).toBe(
      '503 payments_unavailable',
    );
    expect(paymentAdapter({ ...prod, PAYMENT_PROVIDER: 'thawani', ...thawani }, origin, { db }).name).toBe(
      'thawani',
    );
    expect(
      status(() =>
        paymentAdapter({ ...prod, PAYMENT_PROVIDER: 'thawani', ...thawani, THAWANI_SECRET_KEY: '' }, origin, {
          db,
        }),
      ),
    ).toBe('503 payments_unavailable');
    // The development key is never taken outside development.
    expect(webhookSecret({ ...dev, PAYMENT_WEBHOOK_SECRET: undefined })).toBe('change-me-webhook');
    expect(status(() => webhookSecret({ ...prod, PAYMENT_WEBHOOK_SECRET: undefined }))).toBe(
      '503 payments_unavailable',
    );
  });
});
