import { env } from 'cloudflare:workers';
import { book, count, json, setBookingStatus, staffCookie, stays } from '@worker-test/builders';
import { call, ORIGIN, signUp, type CallInit } from '@worker-test/helpers';
import { atFake, fakeControls, type HeldWebhook } from '@worker-test/payments';
import { drizzle } from 'drizzle-orm/d1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleOpenSessions } from '../../session-settlement';
import { signedWebhook } from '../fake';

/**
 * The whole worker as production runs it with Thawani Pay configured (PAYMENT_PROVIDER=thawani, its
 * keys, its webhook address and secret), its API on the app's own origin being the development
 * worker's fake (../fake/, reached through the app): a deposit taken, posted once from Thawani's
 * two webhooks and refunded in part; Arabic webhooks read over the bytes received; the cron
 * settling a session paid after many declined cards, and expiring one left unpaid (decision 071).
 * The adapter's own cases are thawani.test.ts.
 */
const PUBLISHABLE_KEY = 'fake-thawani-publishable-key';
const encode = (text: string) => new TextEncoder().encode(text);

afterEach(() => fakeControls({ pageLimit: null }));

describe('Thawani Pay through the whole app', () => {
  // The worker as production runs it with Thawani configured (the tests' settings say `fake`):
  // its API on the app's own origin is the fake's, reached through the app.
  const thawaniEnv = {
    ...env,
    PAYMENT_PROVIDER: 'thawani',
    THAWANI_API_URL: `${ORIGIN}/dev/thawani/api/v1`,
    THAWANI_CHECKOUT_URL: `${ORIGIN}/dev/pay`,
    THAWANI_SECRET_KEY: 'fake-thawani-secret-key',
    THAWANI_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    PAYMENT_WEBHOOK_SECRET: 'thawani-test-webhook-secret',
  } as typeof env;

  const app = (path: string, init: CallInit = {}) => call(path, { ...init, env: thawaniEnv });

  /** The guest at Thawani's page; its webhooks held, signed with the Thawani configuration's secret. */
  async function payAtThawani(providerSessionId: string, outcome: 'paid' | 'declined' = 'paid') {
    const res = await app(`/api/dev/payments/${providerSessionId}/complete`, {
      method: 'POST',
      json: { outcome, deliver: false },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return json<{ paymentId: string; webhooks: HeldWebhook[] }>(res);
  }
  const deliver = (rawBody: Uint8Array | string, headers: HeldWebhook['headers']) =>
    app('/api/payments/webhooks/thawani', {
      method: 'POST',
      body: rawBody,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const stay = stays({ from: 600 });

  /** An approved booking whose plan asks half of 60.000 OMR now, its deposit opened at Thawani. */
  async function depositAtThawani(name = 'Thawani Guest', lang: 'ar' | 'en' = 'en') {
    const guest = await signUp(name);
    const booking = await book({ roomType: 'gold', fullName: name, ...stay() }, { cookie: guest.cookie });
    await env.DB.prepare(
      `update booking_submissions set total_price = 60000, night_prices = '[30000,30000]', deposit_rule = '{"kind":"percent","percent":50}' where id = ?`,
    )
      .bind(booking.id)
      .run();
    await setBookingStatus(booking.id, 'approved');
    const opened = await app(`/api/booking-submissions/${booking.id}/payments`, {
      method: 'POST',
      cookie: guest.cookie,
      json: { purpose: 'deposit' },
      lang,
    });
    expect(opened.status, await opened.clone().text()).toBe(201);
    const { sessionId, checkoutUrl, amountBaisa } = await json<{
      sessionId: number;
      checkoutUrl: string;
      amountBaisa: number;
    }>(opened);
    expect(amountBaisa).toBe(30_000);
    const providerSessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
    return { booking, sessionId, checkoutUrl, providerSessionId };
  }

  const sessionRow = (sessionId: number) =>
    env.DB.prepare('select status, provider_payment_id as paymentId from payment_sessions where id = ?')
      .bind(sessionId)
      .first<{ status: string; paymentId: string | null }>();

  it("takes a deposit at Thawani, posts it once from both of Thawani's webhooks, and refunds part of it", async () => {
    const { booking, sessionId, checkoutUrl, providerSessionId } = await depositAtThawani();
    expect(checkoutUrl).toBe(`${ORIGIN}/dev/pay/${providerSessionId}?key=${PUBLISHABLE_KEY}`);
    const created = await atFake(`/checkout/session/${providerSessionId}`);
    expect(created).toMatchObject({
      client_reference_id: String(sessionId),
      total_amount: 30_000,
      payment_status: 'unpaid',
    });
    // Thawani said the session was created (checkout.created, to the Thawani webhook): nothing
    // to apply, nothing recorded.
    expect(await count("select count(*) as n from payment_events where provider = 'thawani'")).toBe(0);

    const paid = await payAtThawani(providerSessionId);
    // A forger without the secret changes nothing (the refusal is kept for staff).
    const forged = await signedWebhook('not-the-secret', encode(paid.webhooks[0]!.rawBody));
    expect(
      (
        await app('/api/payments/webhooks/thawani', {
          method: 'POST',
          body: forged.rawBody,
          headers: forged.headers,
        })
      ).status,
    ).toBe(401);
    for (const w of paid.webhooks) {
      const res = await deliver(w.rawBody, w.headers);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    // One payment line from both (the contract suite counts it): one event, named by the payment.
    expect(await sessionRow(sessionId)).toEqual({ status: 'paid', paymentId: paid.paymentId });
    expect(
      await count(
        "select count(*) as n from payment_events where provider = 'thawani' and outcome = 'applied' and event_id = ?",
        `payment.succeeded:${paid.paymentId}`,
      ),
    ).toBe(1);

    // Staff refund part of it: sent to Thawani after the answer, with our refund's id; Thawani's
    // answer says it is done, so the refund line is posted at once.
    const refunded = await app(`/api/admin/payments/${sessionId}/refunds`, {
      method: 'POST',
      cookie: await staffCookie(),
      json: { amountBaisa: 10_000, reason: 'Goodwill' },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(202);
    const row = await vi.waitFor(
      async () => {
        const found = await env.DB.prepare(
          'select id, status, provider_refund_id as refundId from payment_refunds where session_id = ?',
        )
          .bind(sessionId)
          .first<{ id: number; status: string; refundId: string | null }>();
        expect(found?.status).toBe('succeeded');
        return found!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await atFake(`/refunds/${row.refundId}`)).toMatchObject({
      payment_id: paid.paymentId,
      amount: 10_000,
      status: 'successful',
      metadata: { reference: String(row.id), session_id: providerSessionId },
    });
    expect(
      await count(
        "select count(*) as n from folio_lines where booking_id = ? and kind = 'refund' and amount_baisa = 10000 and provider_reference = ?",
        booking.id,
        row.refundId,
      ),
    ).toBe(1);
  });

  it("reads Thawani's webhooks in Arabic (the guest's name, the booking's line) over the bytes received, a byte-order mark included", async () => {
    const { sessionId, providerSessionId } = await depositAtThawani('هلال البوسعيدي', 'ar');
    const paid = await payAtThawani(providerSessionId);
    const completed = paid.webhooks.find((w) => w.event_type === 'checkout.completed')!;
    // Arabic as itself in the body, not escaped: its UTF-8 bytes are what was signed.
    expect(completed.rawBody).toContain('هلال البوسعيدي');
    expect(completed.rawBody).toContain('عربون الحجز');
    expect(encode(completed.rawBody).length).toBeGreaterThan(completed.rawBody.length);
    // The same body sent with a byte-order mark before it and signed over those bytes (as a
    // sender writing UTF-8 with its preamble would): accepted as it came.
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(completed.rawBody)]);
    const bomSigned = await signedWebhook('thawani-test-webhook-secret', withBom);
    const res = await app('/api/payments/webhooks/thawani', {
      method: 'POST',
      body: bomSigned.rawBody,
      headers: bomSigned.headers,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await sessionRow(sessionId)).toEqual({ status: 'paid', paymentId: paid.paymentId });
    // And Thawani's own, Arabic, as it was sent: the same payment, once.
    expect((await deliver(completed.rawBody, completed.headers)).status).toBe(200);
    expect(
      await count(
        "select count(*) as n from payment_events where provider = 'thawani' and outcome = 'applied' and event_id = ?",
        `payment.succeeded:${paid.paymentId}`,
      ),
    ).toBe(1);
  });

  it('the cron settles a session paid after more declined cards than a page holds, its webhooks lost', async () => {
    const { booking, sessionId, providerSessionId } = await depositAtThawani();
    for (let i = 0; i < 12; i++) await payAtThawani(providerSessionId, 'declined');
    const paid = await payAtThawani(providerSessionId);
    await fakeControls({ pageLimit: 5 });
    await settleOpenSessions(thawaniEnv, drizzle(thawaniEnv.DB), new Date(Date.now() + 31 * 60_000));
    expect(await sessionRow(sessionId)).toEqual({ status: 'paid', paymentId: paid.paymentId });
    expect(
      await count(
        "select count(*) as n from folio_lines where booking_id = ? and kind = 'payment' and amount_baisa = 30000 and provider_reference = ?",
        booking.id,
        paid.paymentId,
      ),
    ).toBe(1);
  });

  // A session paid whose webhook never came, settled once, its late webhook changing nothing: the
  // contract suite's (reconciliation through the app).
  it('the cron expires a session left unpaid past its expiry at Thawani', async () => {
    const left = await depositAtThawani();
    await app(`/api/dev/payments/${left.providerSessionId}/expire`, { method: 'POST' });
    await settleOpenSessions(thawaniEnv, drizzle(thawaniEnv.DB), new Date(Date.now() + 31 * 60_000));
    expect((await sessionRow(left.sessionId))?.status).toBe('expired');
  });
});
