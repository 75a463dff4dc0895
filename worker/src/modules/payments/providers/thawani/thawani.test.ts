import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { PAYMENT_LIMITS } from '@shared/payments';
import { book, json, setBookingStatus, staffCookie, stays, count } from '@worker-test/builders';
import { signUp } from '@worker-test/helpers';
import { drizzle } from 'drizzle-orm/d1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../../index';
import { hmacSha256Hex } from '../../../../platform/crypto';
import { sendDueRefunds } from '../../refunds';
import { settleOpenSessions } from '../../session-settlement';
import { PaymentProviderError, type CheckoutRequest, type WebhookRequest } from '../payment-adapter';
import { thawaniAdapter } from '.';

/**
 * The Thawani Pay adapter against a local server that speaks Thawani's API
 * (scripts/fake-thawani-server.ts, started by the vitest config), over real HTTP: sessions in
 * baisa, the payment page's URL, lookups, refunds, and signed webhooks (decision 071). What every
 * provider must do is the contract suite's (../contract.test.ts, against the same server); here is
 * what only Thawani has: its API's words and limits, two webhooks a payment, its refund list, expiry.
 */
const BASE = env.TEST_THAWANI_URL;
// The keys scripts/fake-thawani-server.ts knows.
const SECRET_KEY = 'thawani-fake-secret-key';
const PUBLISHABLE_KEY = 'thawani-fake-publishable-key';
const WEBHOOK_SECRET = 'thawani-test-webhook-secret';

const config = {
  apiUrl: `${BASE}/api/v1`,
  checkoutUrl: `${BASE}/pay`,
  secretKey: SECRET_KEY,
  publishableKey: PUBLISHABLE_KEY,
  webhookSecret: WEBHOOK_SECRET,
};
const thawani = thawaniAdapter(config);

type Json = Record<string, unknown>;

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    reference: `ps-${crypto.randomUUID()}`,
    bookingReference: 'H-ABC123',
    amountBaisa: 12_500,
    description: 'Deposit for booking H-ABC123',
    customer: { name: 'Salim Al Harthi', email: 'salim@example.com', phone: '+96891234567' },
    successUrl: 'https://hotel.example/bookings/H-ABC123?paid=1',
    cancelUrl: 'https://hotel.example/bookings/H-ABC123',
    ...overrides,
  };
}

/** What Thawani itself keeps (read with the key, as the merchant's dashboard would). */
async function atThawani(path: string): Promise<Json> {
  const res = await fetch(`${BASE}/api/v1${path}`, { headers: { 'thawani-api-key': SECRET_KEY } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Json }).data;
}

/** The guest's and Thawani's back office's side (the server's test-only routes). */
async function act(path: string, body: Json = {}): Promise<Json> {
  const res = await fetch(`${BASE}/__test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Json }).data;
}

async function paidSession(amountBaisa = 12_500) {
  const session = await thawani.createSession(checkout({ amountBaisa }));
  const paid = (await act(`pay/${session.providerSessionId}`, { outcome: 'paid' })) as {
    payment: { payment_id: string; amount: number };
    webhooks: { event_type: string; data: Json }[];
  };
  return { ...session, payment: paid.payment, webhooks: paid.webhooks };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A webhook as Thawani sends it: hex HMAC-SHA256 of `rawBody-timestamp`. */
async function signed(
  body: unknown,
  { secret = WEBHOOK_SECRET, timestamp = nowSeconds() }: { secret?: string; timestamp?: number } = {},
): Promise<WebhookRequest> {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = new Headers({
    'content-type': 'application/json',
    'thawani-timestamp': String(timestamp),
    'thawani-signature': await hmacSha256Hex(secret, `${rawBody}-${timestamp}`),
  });
  return { rawBody, headers };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Thawani checkout sessions', () => {
  it("opens a session in baisa with our reference and URLs, and sends the guest to Thawani's page with the publishable key", async () => {
    const request = checkout({ amountBaisa: 12_345 });
    const session = await thawani.createSession(request);

    expect(session.providerSessionId).toMatch(/^checkout_/);
    expect(session.checkoutUrl).toBe(`${BASE}/pay/${session.providerSessionId}?key=${PUBLISHABLE_KEY}`);
    expect((await fetch(session.checkoutUrl)).status).toBe(200);

    const kept = await atThawani(`/checkout/session/${session.providerSessionId}`);
    expect(kept).toMatchObject({
      client_reference_id: request.reference,
      mode: 'payment',
      total_amount: 12_345,
      currency: 'OMR',
      products: [{ name: request.description, quantity: 1, unit_amount: 12_345 }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      payment_status: 'unpaid',
      metadata: {
        booking_reference: 'H-ABC123',
        customer_name: 'Salim Al Harthi',
        customer_email: 'salim@example.com',
        customer_phone: '+96891234567',
      },
    });
  });

  it("cuts a long line to the 40 characters Thawani's page shows (Thawani refuses longer)", async () => {
    const description = 'إيداع للحجز H-ABC123 في فندق الواحة على شاطئ مسقط لثلاث ليالٍ';
    const session = await thawani.createSession(checkout({ description }));
    const kept = (await atThawani(`/checkout/session/${session.providerSessionId}`)) as {
      products: { name: string }[];
    };
    expect([...kept.products[0]!.name]).toHaveLength(40);
    expect(description.startsWith(kept.products[0]!.name)).toBe(true);
  });

  it('throws PaymentProviderError for a wrong key, a refusal, a server error and no answer, never showing the key', async () => {
    const wrongKey = thawaniAdapter({ ...config, secretKey: 'not-the-key' });
    const unauthorized = await wrongKey.createSession(checkout()).catch((err: unknown) => err);
    expect(unauthorized).toBeInstanceOf(PaymentProviderError);
    expect((unauthorized as PaymentProviderError).status).toBe(401);
    expect((unauthorized as Error).message).not.toContain('not-the-key');

    // Thawani takes an order of 100 baisa at least, and says which field is at fault.
    const tooSmall = await thawani.createSession(checkout({ amountBaisa: 99 })).catch((err: unknown) => err);
    expect(tooSmall).toBeInstanceOf(PaymentProviderError);
    expect((tooSmall as PaymentProviderError).status).toBe(400);
    expect((tooSmall as Error).message).toMatch(/Invalid information \(products: .*at least 100 baisa\)/);

    // A refund larger than what is left of the payment: Thawani's 400 (the contract refunds up to it).
    const { providerSessionId, payment } = await paidSession(10_000);
    const tooMuch = await thawani
      .refund({
        providerPaymentId: payment.payment_id,
        providerSessionId,
        amountBaisa: 10_001,
        reason: 'Goodwill',
        reference: `pr-${crypto.randomUUID()}`,
      })
      .catch((err: unknown) => err);
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    expect((tooMuch as PaymentProviderError).status).toBe(400);

    await act('answer-next', { status: 500 });
    const down = await thawani.lookUpSession('checkout_any').catch((err: unknown) => err);
    expect(down).toBeInstanceOf(PaymentProviderError);
    expect((down as PaymentProviderError).status).toBe(500);

    const unknown = await thawani.lookUpSession('checkout_unknown').catch((err: unknown) => err);
    expect((unknown as PaymentProviderError).status).toBe(404);

    // No answer at all (what workerd's fetch throws when the connection is lost).
    const nobody = thawaniAdapter(config, () => Promise.reject(new Error('Network connection lost.')));
    const offline = await nobody.createSession(checkout()).catch((err: unknown) => err);
    expect(offline).toBeInstanceOf(PaymentProviderError);
    expect((offline as Error).message).not.toContain(SECRET_KEY);
  });

  it('looks a session up: open, then paid with its payment id and amount after the guest pays', async () => {
    const session = await thawani.createSession(checkout({ amountBaisa: 30_000 }));
    expect(await thawani.lookUpSession(session.providerSessionId)).toEqual({ status: 'open' });

    // A declined card leaves the session open: the guest may try again on the same page.
    await act(`pay/${session.providerSessionId}`, { outcome: 'declined' });
    expect(await thawani.lookUpSession(session.providerSessionId)).toEqual({ status: 'open' });

    const paid = (await act(`pay/${session.providerSessionId}`, { outcome: 'paid' })) as {
      payment: { payment_id: string };
    };
    expect(await thawani.lookUpSession(session.providerSessionId)).toEqual({
      status: 'paid',
      providerPaymentId: paid.payment.payment_id,
      amountBaisa: 30_000,
      currency: 'OMR',
    });
  });

  // A cancelled session is `failed`: the contract suite's closed session.
  it('reads a session unpaid past its expiry as expired', async () => {
    const left = await thawani.createSession(checkout());
    await act(`expire/${left.providerSessionId}`);
    expect(await thawani.lookUpSession(left.providerSessionId)).toEqual({ status: 'expired' });
  });
});

describe('Thawani refunds', () => {
  it('refunds part of a payment with our reference, and looks the refund up as Thawani moves it', async () => {
    const { providerSessionId, payment } = await paidSession(20_000);
    const reference = `pr-${crypto.randomUUID()}`;
    const accepted = await thawani.refund({
      providerPaymentId: payment.payment_id,
      providerSessionId,
      amountBaisa: 5_000,
      reason: 'Cancelled within the free period',
      reference,
    });
    expect(accepted.providerRefundId).toMatch(/^ref_/);
    expect(await atThawani(`/refunds/${accepted.providerRefundId}`)).toMatchObject({
      payment_id: payment.payment_id,
      amount: 5_000,
      reason: 'Cancelled within the free period',
      metadata: { reference, session_id: providerSessionId },
    });

    expect(await thawani.lookUpRefund(accepted.providerRefundId)).toEqual({
      status: 'succeeded',
      amountBaisa: 5_000,
    });
    // Thawani documents `successful` and `failed` only: any other word is not final yet.
    await act(`refunds/${accepted.providerRefundId}`, { status: 'inProcess' });
    expect(await thawani.lookUpRefund(accepted.providerRefundId)).toEqual({ status: 'pending' });
    await act(`refunds/${accepted.providerRefundId}`, { status: 'failed' });
    expect(await thawani.lookUpRefund(accepted.providerRefundId)).toMatchObject({ status: 'failed' });
  });

  // Nothing under another reference or payment (the whole list read): the contract suite's.
  it("finds a refund by our reference among the payment's others in its list (an answer lost), as Thawani moves it", async () => {
    const { providerSessionId, payment } = await paidSession(9_000);
    const reference = `pr-${crypto.randomUUID()}`;
    const refund = (amountBaisa: number, ref: string) =>
      thawani.refund({
        providerPaymentId: payment.payment_id,
        providerSessionId,
        amountBaisa,
        reason: 'Answer lost',
        reference: ref,
      });
    const lost = await refund(2_000, reference);
    await refund(1_000, `pr-${crypto.randomUUID()}`);
    const find = () =>
      thawani.findRefund({ providerPaymentId: payment.payment_id, providerSessionId, reference });
    expect(await find()).toEqual({
      providerRefundId: lost.providerRefundId,
      status: 'succeeded',
      amountBaisa: 2_000,
    });
    await act(`refunds/${lost.providerRefundId}`, { status: 'inProcess' });
    expect(await find()).toEqual({ providerRefundId: lost.providerRefundId, status: 'pending' });
  });
});

describe('Thawani webhooks', () => {
  it('reads checkout.completed and payment.succeeded of one payment as one payment.succeeded event', async () => {
    const { providerSessionId, payment, webhooks } = await paidSession(15_000);
    expect(webhooks.map((w) => w.event_type)).toEqual(['checkout.completed', 'payment.succeeded']);

    const readings = await Promise.all(webhooks.map(async (w) => thawani.readWebhook(await signed(w))));
    for (const reading of readings) {
      expect(reading).toEqual({
        ok: true,
        event: {
          eventId: `payment.succeeded:${payment.payment_id}`,
          type: 'payment.succeeded',
          providerSessionId,
          providerPaymentId: payment.payment_id,
          amountBaisa: 15_000,
          currency: 'OMR',
        },
      });
    }
  });

  it('checks the signature as Thawani makes it (a known HMAC-SHA256 of body-timestamp)', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const known = thawaniAdapter({ ...config, webhookSecret: 'whsec-known' });
    const rawBody = '{"event_type":"checkout.created","data":{}}';
    const headers = (signature: string) =>
      new Headers({ 'thawani-timestamp': '1700000000', 'thawani-signature': signature });
    const signature = '2f2c2d26e33d0a333a83076cf859ce7c1ef9f284e7da978a323b2a545b57cc01';
    // Genuine (a created session is nothing to apply), in either case of hex.
    const genuine = { ok: true, event: null, type: 'checkout.created' };
    expect(await known.readWebhook({ rawBody, headers: headers(signature) })).toEqual(genuine);
    expect(await known.readWebhook({ rawBody, headers: headers(signature.toUpperCase()) })).toEqual(genuine);
    const flipped = `${signature.slice(0, -1)}0`;
    expect(await known.readWebhook({ rawBody, headers: headers(flipped) })).toMatchObject({
      reason: 'signature_invalid',
    });
  });

  // A wrong secret, no signature, a stale timestamp and one just in time: the contract suite's.
  it('refuses a tampered body (keeping its type for staff), a malformed signature, a moved or future timestamp, and anything without a secret', async () => {
    const { webhooks } = await paidSession(15_000);
    const genuine = await signed(webhooks[0]);
    expect(await thawani.readWebhook(genuine)).toMatchObject({ ok: true });

    const tampered = { ...genuine, rawBody: genuine.rawBody.replace('15000', '1500') };
    expect(tampered.rawBody).not.toBe(genuine.rawBody);
    expect(await thawani.readWebhook(tampered)).toMatchObject({
      ok: false,
      reason: 'signature_invalid',
      type: 'checkout.completed',
    });

    const malformed = new Headers(genuine.headers);
    malformed.set('thawani-signature', 'zz'.repeat(32));
    expect(await thawani.readWebhook({ rawBody: genuine.rawBody, headers: malformed })).toMatchObject({
      reason: 'signature_invalid',
    });
    // The timestamp is signed too: moving it breaks the signature.
    const moved = new Headers(genuine.headers);
    moved.set('thawani-timestamp', String(Number(genuine.headers.get('thawani-timestamp')) - 1));
    expect(await thawani.readWebhook({ rawBody: genuine.rawBody, headers: moved })).toMatchObject({
      reason: 'signature_invalid',
    });

    // A timestamp ahead of now is refused as one behind it.
    const ahead = nowSeconds() + PAYMENT_LIMITS.webhookToleranceSeconds + 5;
    expect(await thawani.readWebhook(await signed(webhooks[0], { timestamp: ahead }))).toMatchObject({
      ok: false,
      reason: 'timestamp_stale',
    });
    // Without a webhook secret, no signature holds.
    const noSecret = thawaniAdapter({ ...config, webhookSecret: '' });
    expect(await noSecret.readWebhook(await signed(webhooks[0], { secret: 'any' }))).toMatchObject({
      reason: 'signature_invalid',
    });
  });

  it('refuses a malformed body (body_invalid), and reads a genuine event with nothing to apply as such, never throwing', async () => {
    expect(await thawani.readWebhook(await signed('{"event_type": "checkout.compl'))).toEqual({
      ok: false,
      reason: 'body_invalid',
    });
    expect(await thawani.readWebhook(await signed({ event_type: 'checkout.completed' }))).toMatchObject({
      reason: 'body_invalid',
      type: 'checkout.completed',
    });
    expect(await thawani.readWebhook(await signed({ event_type: 42, data: {} }))).toMatchObject({
      reason: 'body_invalid',
    });
    for (const type of ['checkout.created', 'payment.pending', 'customer.created']) {
      expect(await thawani.readWebhook(await signed({ event_type: type, data: {} }))).toEqual({
        ok: true,
        event: null,
        type,
      });
    }

    // A declined card: the session stays open, so there is no failed payment to apply yet.
    const session = await thawani.createSession(checkout());
    const declined = (await act(`pay/${session.providerSessionId}`, { outcome: 'declined' })) as {
      payment: { payment_id: string };
      webhooks: { event_type: string; data: Json }[];
    };
    expect(await thawani.readWebhook(await signed(declined.webhooks[0]))).toEqual({
      ok: true,
      event: null,
      type: 'payment.failed',
    });

    // Once Thawani closes the session unpaid, the same event is the session's failure.
    await act(`pay/${session.providerSessionId}`, { outcome: 'cancelled' });
    expect(await thawani.readWebhook(await signed(declined.webhooks[0]))).toEqual({
      ok: true,
      event: {
        eventId: `payment.failed:${session.providerSessionId}`,
        type: 'payment.failed',
        providerSessionId: session.providerSessionId,
        providerPaymentId: declined.payment.payment_id,
        amountBaisa: 12_500,
        currency: 'OMR',
      },
    });
  });

  it("reads a refund's webhook as refund.succeeded once Thawani says it succeeded, ours or one made in Thawani's portal", async () => {
    const { providerSessionId, payment } = await paidSession(20_000);
    const ours = await thawani.refund({
      providerPaymentId: payment.payment_id,
      providerSessionId,
      amountBaisa: 7_000,
      reason: 'Cancelled within the free period',
      reference: `pr-${crypto.randomUUID()}`,
    });
    const refundWebhook = async (refundId: string) =>
      thawani.readWebhook(await signed({ event_type: 'refund.succeeded', data: { refund_id: refundId } }));
    const expected = (refundId: string, amountBaisa: number) => ({
      ok: true,
      event: {
        eventId: `refund.succeeded:${refundId}`,
        type: 'refund.succeeded',
        providerSessionId,
        providerPaymentId: payment.payment_id,
        providerRefundId: refundId,
        amountBaisa,
        currency: 'OMR',
      },
    });
    expect(await refundWebhook(ours.providerRefundId)).toEqual(expected(ours.providerRefundId, 7_000));

    // Made in the portal: no metadata of ours, traced through the payment's invoice.
    const res = await fetch(`${BASE}/api/v1/refunds`, {
      method: 'POST',
      headers: { 'thawani-api-key': SECRET_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        payment_id: payment.payment_id,
        reason: 'Portal refund',
        amount: 3_000,
        metadata: {},
      }),
    });
    const portal = ((await res.json()) as { data: { refund_id: string } }).data;
    expect(await refundWebhook(portal.refund_id)).toEqual(expected(portal.refund_id, 3_000));

    // Not done yet: nothing to apply.
    await act(`refunds/${portal.refund_id}`, { status: 'inProcess' });
    expect(await refundWebhook(portal.refund_id)).toEqual({
      ok: true,
      event: null,
      type: 'refund.succeeded',
    });
  });

  it('throws PaymentProviderError (not a refusal) when Thawani cannot be asked about a genuine event', async () => {
    const { webhooks } = await paidSession();
    await act('answer-next', { status: 503 });
    await expect(thawani.readWebhook(await signed(webhooks[0]))).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Thawani Pay through the whole app', () => {
  // The worker as production runs it with Thawani configured (the tests' settings say `fake`).
  const thawaniEnv = {
    ...env,
    PAYMENT_PROVIDER: 'thawani',
    THAWANI_API_URL: config.apiUrl,
    THAWANI_CHECKOUT_URL: config.checkoutUrl,
    THAWANI_SECRET_KEY: SECRET_KEY,
    THAWANI_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  } as typeof env;

  async function app(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    headers.set('origin', 'http://127.0.0.1:8787');
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const ctx = createExecutionContext();
    const res = await worker.fetch!(
      new Request(`http://127.0.0.1:8787${path}`, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }) as Request<unknown, IncomingRequestCfProperties>,
      thawaniEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  const webhook = async (body: unknown, options?: { secret?: string }) => {
    const { rawBody, headers } = await signed(body, options);
    return app('/api/payments/webhooks/thawani', { method: 'POST', body: rawBody, headers });
  };
  const stay = stays({ from: 600 });

  /** An approved booking whose plan asks half of 60.000 OMR now, its deposit opened at Thawani. */
  async function depositAtThawani() {
    const guest = await signUp('Thawani Guest');
    const booking = await book({ roomType: 'gold', ...stay() }, { cookie: guest.cookie });
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
    expect(checkoutUrl).toBe(`${BASE}/pay/${providerSessionId}?key=${PUBLISHABLE_KEY}`);
    const created = await atThawani(`/checkout/session/${providerSessionId}`);
    expect(created).toMatchObject({
      client_reference_id: String(sessionId),
      total_amount: 30_000,
      payment_status: 'unpaid',
    });

    // Thawani says a session was created: nothing to apply, nothing recorded.
    expect((await webhook({ event_type: 'checkout.created', data: created })).status).toBe(200);
    expect(await count("select count(*) as n from payment_events where provider = 'thawani'")).toBe(0);

    const paid = (await act(`pay/${providerSessionId}`, { outcome: 'paid' })) as {
      payment: { payment_id: string };
      webhooks: { event_type: string; data: Json }[];
    };
    // A forger without the secret changes nothing (the refusal is kept for staff).
    expect((await webhook(paid.webhooks[0], { secret: 'not-the-secret' })).status).toBe(401);
    for (const body of paid.webhooks) {
      const res = await webhook(body);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    // One payment line from both (the contract suite counts it): one event, named by the payment.
    expect(await sessionRow(sessionId)).toEqual({ status: 'paid', paymentId: paid.payment.payment_id });
    expect(
      await count(
        "select count(*) as n from payment_events where provider = 'thawani' and outcome = 'applied' and event_id = ?",
        `payment.succeeded:${paid.payment.payment_id}`,
      ),
    ).toBe(1);

    // Staff refund part of it: sent to Thawani after the answer, with our refund's id.
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
        expect(found?.status).toBe('sent');
        return found!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await atThawani(`/refunds/${row.refundId}`)).toMatchObject({
      payment_id: paid.payment.payment_id,
      amount: 10_000,
      status: 'successful',
      metadata: { reference: String(row.id), session_id: providerSessionId },
    });

    // Thawani sends no refund webhook: the cron asks about it and posts the refund once.
    const db = drizzle(thawaniEnv.DB);
    const later = new Date(Date.now() + 11 * 60_000);
    await sendDueRefunds(thawaniEnv, db, { now: later });
    await sendDueRefunds(thawaniEnv, db, { now: later });
    const settled = await env.DB.prepare('select status from payment_refunds where id = ?')
      .bind(row.id)
      .first<{ status: string }>();
    expect(settled?.status).toBe('succeeded');
    expect(
      await count(
        "select count(*) as n from folio_lines where booking_id = ? and kind = 'refund' and amount_baisa = 10000 and provider_reference = ?",
        booking.id,
        row.refundId,
      ),
    ).toBe(1);
  });

  // A session paid whose webhook never came, settled once, its late webhook changing nothing: the
  // contract suite's (reconciliation through the app).
  it('the cron expires a session left unpaid past its expiry at Thawani', async () => {
    const left = await depositAtThawani();
    await act(`expire/${left.providerSessionId}`);
    await settleOpenSessions(thawaniEnv, drizzle(thawaniEnv.DB), new Date(Date.now() + 31 * 60_000));
    expect((await sessionRow(left.sessionId))?.status).toBe('expired');
  });
});
