import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { paymentAdapter, settleOpenSessions, webhookSecret } from './';
import { ApiError } from '../../platform/api-error';
import { applyPaymentEvent } from './payment-events';
import { PaymentProviderError } from './providers/payment-adapter';
import { call } from '@worker-test/helpers';
import { adminCookie, json, payOnline, setBookingStatus, staffAccount } from '@worker-test/builders';
import {
  atFake,
  complete,
  completeHeld,
  deliver,
  depositBooking,
  onlineLines,
  opened,
  sessionRow,
  webhook,
} from '@worker-test/payments';

/**
 * Online payments' core (decision 071): refunds at the provider, the signed webhook applied once
 * (a forged, stale or wrong one refused and kept for staff), the plan's confirmation on a paid
 * deposit, the cron settling a session whose webhook never came, and which provider runs. The
 * provider is the fake, Thawani's stand-in: a webhook is `{ data, event_type }` signed as Thawani
 * signs it, read as a hint and checked against the fake's API, so a "wrong" webhook is made by
 * moving the fake's own books (what Thawani's API would then say). What a booking owes, opening
 * and completing a checkout are checkouts.test.ts.
 */

const db = drizzle(env.DB);

const refusedEvents = (eventId: string) =>
  env.DB.prepare(`select outcome, reason from payment_events where event_id = ?`)
    .bind(eventId)
    .all<{ outcome: string; reason: string }>()
    .then((r) => r.results);

/** A session's invoice at the fake. */
const invoiceOf = async (providerSessionId: string) =>
  (await atFake<{ invoice: string }>(`/checkout/session/${providerSessionId}`)).invoice;

describe('refunds at the provider', () => {
  it('refunds at most what was paid, answers the refund done, and finds a refund by our reference', async () => {
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
    const accepted = await adapter.refund({ ...ask, amountBaisa: 1_000, reason: 'test', reference: 'ref-1' });
    expect(accepted).toEqual({
      providerRefundId: expect.stringMatching(/^refund_/),
      state: { status: 'succeeded', amountBaisa: 1_000 },
    });
    const { providerRefundId } = accepted;
    expect(await adapter.findRefund({ ...ask, reference: 'ref-1' })).toEqual({
      providerRefundId,
      status: 'succeeded',
      amountBaisa: 1_000,
    });
    expect(await adapter.lookUpRefund(providerRefundId)).toEqual({ status: 'succeeded', amountBaisa: 1_000 });
    expect(await adapter.findRefund({ ...ask, reference: 'ref-2' })).toBeNull();
    // What the provider keeps: our reference and session in the refund's metadata.
    expect(await atFake(`/refunds/${providerRefundId}`)).toMatchObject({
      payment_id: providerPaymentId,
      amount: 1_000,
      status: 'successful',
      metadata: { reference: 'ref-1', session_id: providerSessionId },
    });
    // Never more than the payment has left: Thawani's 400.
    const tooMuch = await adapter
      .refund({ ...ask, amountBaisa: 29_001, reason: 'test', reference: 'ref-3' })
      .catch((err: unknown) => err);
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    expect((tooMuch as PaymentProviderError).status).toBe(400);
    expect((tooMuch as Error).message).toMatch(/more than what is left/);
  });
});

describe('webhooks', () => {
  async function openSession() {
    const { booking, cookie } = await depositBooking();
    const { sessionId } = await opened(booking.id, cookie);
    const session = (await sessionRow(sessionId))!;
    return { booking, cookie, sessionId, providerSessionId: session.provider_session_id };
  }
  const paymentSucceeded = (held: Awaited<ReturnType<typeof completeHeld>>) =>
    held.webhooks.find((w) => w.event_type === 'payment.succeeded')!;

  it('refuses a forged signature, a wrong secret, an old timestamp, an unknown session, a wrong amount or currency: each kept, none changes anything', async () => {
    const { booking, sessionId, providerSessionId } = await openSession();
    const forgedBody = (id: string) => ({
      event_type: 'payment.succeeded',
      data: { payment_id: id, amount: 30_000 },
    });
    const expectRefused = async (
      name: string,
      res: Response,
      status: number,
      eventId: string,
      reason: string,
    ) => {
      expect(res.status, name).toBe(status);
      expect((await json<{ error: { code: string } }>(res)).error.code, name).toBe('webhook_refused');
      expect(await refusedEvents(eventId), name).toEqual([{ outcome: 'refused', reason }]);
    };
    const forged = `forged_${crypto.randomUUID()}`;
    await expectRefused(
      'forged',
      await webhook(forgedBody(forged), { signature: 'ab'.repeat(32) }),
      401,
      forged,
      'signature_invalid',
    );
    const wrongSecret = `secret_${crypto.randomUUID()}`;
    await expectRefused(
      'secret',
      await webhook(forgedBody(wrongSecret), { secret: 'not-the-secret' }),
      401,
      wrongSecret,
      'signature_invalid',
    );
    const old = `old_${crypto.randomUUID()}`;
    await expectRefused(
      'old',
      await webhook(forgedBody(old), { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      401,
      old,
      'timestamp_stale',
    );

    // A session the provider has and we do not (made at the provider by someone else).
    const made = await call('/dev/thawani/api/v1/checkout/session', {
      method: 'POST',
      headers: { 'thawani-api-key': 'fake-thawani-secret-key' },
      json: {
        client_reference_id: 'not-ours',
        mode: 'payment',
        products: [{ name: 'Elsewhere', quantity: 1, unit_amount: 30_000 }],
        success_url: 'https://elsewhere.example/ok',
        cancel_url: 'https://elsewhere.example/no',
        metadata: {},
      },
    });
    const stranger = ((await made.json()) as { data: { session_id: string } }).data.session_id;
    const strangerPaid = await completeHeld(stranger);
    await expectRefused(
      'unknown',
      await deliver(paymentSucceeded(strangerPaid)),
      404,
      `payment.succeeded:${strangerPaid.paymentId}`,
      'session_unknown',
    );

    // Ours, paid, but the provider's books say another amount, then another currency.
    const paid = await completeHeld(providerSessionId);
    const eventId = `payment.succeeded:${paid.paymentId}`;
    await env.DB.prepare('update fake_thawani_payments set amount = 29999 where payment_id = ?')
      .bind(paid.paymentId)
      .run();
    await expectRefused('amount', await deliver(paymentSucceeded(paid)), 409, eventId, 'amount_mismatch');
    await env.DB.batch([
      env.DB.prepare('update fake_thawani_payments set amount = 30000 where payment_id = ?').bind(
        paid.paymentId,
      ),
      env.DB.prepare(`update fake_thawani_sessions set currency = 'USD' where session_id = ?`).bind(
        providerSessionId,
      ),
    ]);
    const currency = await deliver(paymentSucceeded(paid));
    expect(currency.status).toBe(409);
    expect(await refusedEvents(eventId)).toEqual([
      { outcome: 'refused', reason: 'amount_mismatch' },
      { outcome: 'refused', reason: 'currency_mismatch' },
    ]);
    expect(await onlineLines(booking.id)).toHaveLength(0);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'open', payment_line_id: null });
    // A signed body that is not Thawani's `{ data, event_type }`.
    const bad = `bad_${crypto.randomUUID()}`;
    const unread = await webhook(JSON.stringify({ type: 'payment.succeeded', data: { payment_id: bad } }));
    await expectRefused('body', unread, 400, bad, 'body_invalid');
  });

  it("posts one line for twenty copies of one webhook at once, and the same payment's other webhook changes nothing", async () => {
    const { booking, sessionId, providerSessionId } = await openSession();
    const paid = await completeHeld(providerSessionId);
    const succeeded = paymentSucceeded(paid);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(succeeded)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await onlineLines(booking.id)).toHaveLength(1);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid' });
    const applied = await env.DB.prepare(
      `select count(*) as n, min(type) as type from payment_events where event_id = ? and outcome = 'applied'`,
    )
      .bind(`payment.succeeded:${paid.paymentId}`)
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
    // Thawani's other notice of the same payment (checkout.completed) posts nothing more.
    const completed = paid.webhooks.find((w) => w.event_type === 'checkout.completed')!;
    expect((await deliver(completed)).status).toBe(200);
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
    expect((await complete(providerSessionId)).status).toBe(200);
    const first = await sessionRow(sessionId);
    // The guest charged twice: Thawani's books hold a second successful payment of the invoice.
    const second = `twice_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      `insert into fake_thawani_payments (payment_id, checkout_invoice, amount, fee, status, masked_card, card_type)
       values (?, ?, 30000, 0, 'Successful', '4242 42XX XXXX 4242', 'Debit')`,
    )
      .bind(second, await invoiceOf(providerSessionId))
      .run();
    const res = await webhook({ event_type: 'payment.succeeded', data: { payment_id: second } });
    expect(res.status, await res.clone().text()).toBe(200);
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
    // a paid at the provider's page (its own signed webhooks).
    expect((await complete(a.providerSessionId)).status).toBe(200);
    const aLine = (await sessionRow(a.sessionId))!.payment_line_id;
    const paymentId = (await onlineLines(a.booking.id))[0]!.providerReference;
    // The provider then says a's payment is b's (its books moved): refused, kept, nothing changes.
    const moveTo = async (providerSessionId: string) =>
      env.DB.prepare('update fake_thawani_payments set checkout_invoice = ? where payment_id = ?')
        .bind(await invoiceOf(providerSessionId), paymentId)
        .run();
    const told = { event_type: 'payment.succeeded', data: { payment_id: paymentId } };
    await moveTo(b.providerSessionId);
    const res = await webhook(told);
    expect(res.status).toBe(409);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('webhook_refused');
    // The same event id was applied to a (its own session): this one is kept refused beside it.
    expect(await refusedEvents(`payment.succeeded:${paymentId}`)).toEqual([
      { outcome: 'applied', reason: null },
      { outcome: 'refused', reason: 'payment_other_session' },
    ]);
    expect(await sessionRow(b.sessionId)).toMatchObject({ status: 'open', payment_line_id: null });
    expect(await onlineLines(b.booking.id)).toHaveLength(0);
    expect(await sessionRow(a.sessionId)).toMatchObject({ status: 'paid', payment_line_id: aLine });
    // Another session of the SAME booking said to hold a's payment: refused too.
    const { sessionId: second } = await opened(a.booking.id, a.cookie);
    const secondRow = (await sessionRow(second))!;
    await moveTo(secondRow.provider_session_id);
    expect((await webhook(told)).status).toBe(409);
    expect(await sessionRow(second)).toMatchObject({ status: 'open', payment_line_id: null });
    await moveTo(a.providerSessionId);

    // Two checkouts told of one payment id at the same moment (the rule the batch holds, whatever
    // the provider says): one is paid with its line, the other refused.
    const c = await openSession();
    const d = await openSession();
    const shared = `pay_${crypto.randomUUID()}`;
    const raced = await Promise.all(
      [c, d].map((x) =>
        applyPaymentEvent(db, 'fake', {
          eventId: `payment.succeeded:${shared}:${x.sessionId}`,
          type: 'payment.succeeded',
          providerSessionId: x.providerSessionId,
          providerPaymentId: shared,
          amountBaisa: 30_000,
          currency: 'OMR',
        }),
      ),
    );
    expect(raced.map((r) => (r.applied ? 200 : r.status)).sort()).toEqual([200, 409]);
    const states = await Promise.all([c, d].map((x) => sessionRow(x.sessionId)));
    expect(states.map((x) => x!.status).sort()).toEqual(['open', 'paid']);
    expect([...(await onlineLines(c.booking.id)), ...(await onlineLines(d.booking.id))]).toHaveLength(1);

    // A session marked paid here that the provider still has open (as the old code left b):
    // the day's reconciliation asks the provider and flags it.
    await env.DB.prepare(
      `update payment_sessions set status = 'paid', payment_line_id = ?, provider_payment_id = ?, settled_at = ? where id = ?`,
    )
      .bind(aLine, paymentId, Date.now(), b.sessionId)
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
    expect(await json(await complete(providerSessionId))).toMatchObject({ webhookStatus: 200 });
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
    // Paid at the provider, its webhooks lost: the fake's books say paid, ours still open.
    const paid = await completeHeld(providerSessionId);
    const later = new Date(Date.now() + 31 * 60_000);
    const counts = await settleOpenSessions(env, db, later);
    expect(counts.paid).toBeGreaterThanOrEqual(1);
    expect(await onlineLines(booking.id)).toEqual([
      expect.objectContaining({ amountBaisa: 30_000, providerReference: paid.paymentId }),
    ]);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid', provider_status: 'paid' });
    // The webhooks arriving late change nothing.
    for (const late of paid.webhooks) expect((await deliver(late)).status).toBe(200);
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
