import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { PAYMENT_LIMITS, type PaymentProvider } from '@shared/payments';
import { book, count, json, setBookingStatus, stays } from '@worker-test/builders';
import { signUp } from '@worker-test/helpers';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import worker from '../../../index';
import { hmacSha256Hex } from '../../../platform/crypto';
import { webhookSecret } from '../payment-config';
import { settleSession } from '../session-settlement';
import { paymentSessions } from '../tables';
import { completeFakeSession, fakeAdapter, signWebhook } from './fake';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentAdapter,
  type WebhookRequest,
} from './payment-adapter';
import { thawaniAdapter } from './thawani';

/**
 * The payment adapters' contract (README.md beside this file): every provider
 * in `providers` below runs through the same cases, as PaymentAdapter (payment-adapter.ts) asks:
 * a checkout (a session, its page, the amount in baisa), webhooks (genuine read, a wrong signature,
 * a tampered body and an old timestamp refused), a replay (one payment is one event id, applied
 * once through the whole app), a refund (accepted, looked up, found by our reference, more than
 * what is left refused) and reconciliation (a session's state at the provider; a paid session
 * whose webhook never came settled once). Thawani runs against scripts/fake-thawani-server.ts
 * (TEST_THAWANI_URL), the fake provider against itself. A third provider passes by adding one
 * entry to `providers`.
 */

type Paid = { providerPaymentId: string; webhooks: WebhookRequest[] };

/** What the suite needs of a provider besides its adapter: its side of the payment, for tests. */
type ProviderUnderTest = {
  name: PaymentProvider;
  adapter: PaymentAdapter;
  /** The worker's settings that make the whole app use this provider. */
  appEnv: typeof env;
  /** The guest pays on the provider's page: the payment and the webhooks the provider sends for it (not delivered). */
  pay(providerSessionId: string): Promise<Paid>;
  /** The session ends unpaid at the provider (the guest or the provider closes it). */
  close(providerSessionId: string): Promise<void>;
  /** A body signed as the provider signs it; with another secret or timestamp when asked. */
  sign(rawBody: string, options?: { secret?: string; timestamp?: number }): Promise<WebhookRequest>;
  /** The amount the provider keeps for a session, in baisa. */
  amountAt(providerSessionId: string): Promise<number>;
  /** Opens the page the guest is sent to. */
  openPage(checkoutUrl: string): Promise<Response>;
};

const db = drizzle(env.DB);
const ORIGIN = 'http://127.0.0.1:8787';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The whole app with `appEnv`, as production runs it with that provider configured. */
async function app(
  appEnv: typeof env,
  path: string,
  init: RequestInit & { cookie?: string; json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }) as Request<unknown, IncomingRequestCfProperties>,
    appEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

// ---- The fake provider, against itself (its books in D1, its webhooks caught instead of sent).

function fakeProvider(): ProviderUnderTest {
  const secret = webhookSecret(env);
  const config = { origin: ORIGIN, webhookSecret: secret, dispatch: async () => new Response(null) };
  return {
    name: 'fake',
    adapter: fakeAdapter(db, config),
    appEnv: { ...env, PAYMENT_PROVIDER: 'fake' } as typeof env,
    async pay(providerSessionId) {
      const sent: Request[] = [];
      const dispatch = async (request: Request) => (sent.push(request), new Response(null));
      const { session } = await completeFakeSession(db, { ...config, dispatch }, providerSessionId, 'paid');
      const webhooks = await Promise.all(
        sent.map(async (request) => ({ rawBody: await request.text(), headers: request.headers })),
      );
      return { providerPaymentId: session.paymentId!, webhooks };
    },
    async close(providerSessionId) {
      await completeFakeSession(db, config, providerSessionId, 'declined');
    },
    async sign(rawBody, { secret: key = secret, timestamp = nowSeconds() } = {}) {
      const headers = new Headers({
        'content-type': 'application/json',
        'x-timestamp': String(timestamp),
        'x-signature': await signWebhook(key, rawBody, timestamp),
      });
      return { rawBody, headers };
    },
    async amountAt(providerSessionId) {
      const row = await env.DB.prepare(
        'select amount_baisa as amountBaisa from fake_provider_sessions where id = ?',
      )
        .bind(providerSessionId)
        .first<{ amountBaisa: number }>();
      return row!.amountBaisa;
    },
    openPage: (checkoutUrl) => {
      const url = new URL(checkoutUrl);
      expect(url.origin).toBe(ORIGIN);
      return app(env, `${url.pathname}${url.search}`);
    },
  };
}

// ---- Thawani Pay, against the local server that speaks its API (scripts/fake-thawani-server.ts).

const THAWANI = env.TEST_THAWANI_URL;
/** The keys scripts/fake-thawani-server.ts knows. */
const THAWANI_SECRET_KEY = 'thawani-fake-secret-key';
const THAWANI_PUBLISHABLE_KEY = 'thawani-fake-publishable-key';

/** Thawani's back office and the guest at its page (the local server's test-only routes). */
async function atThawani(path: string, body?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = body
    ? await fetch(`${THAWANI}/__test/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    : await fetch(`${THAWANI}/api/v1${path}`, { headers: { 'thawani-api-key': THAWANI_SECRET_KEY } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

function thawaniProvider(): ProviderUnderTest {
  const secret = 'thawani-test-webhook-secret';
  const config = {
    apiUrl: `${THAWANI}/api/v1`,
    checkoutUrl: `${THAWANI}/pay`,
    secretKey: THAWANI_SECRET_KEY,
    publishableKey: THAWANI_PUBLISHABLE_KEY,
    webhookSecret: secret,
  };
  const sign: ProviderUnderTest['sign'] = async (
    rawBody,
    { secret: key = secret, timestamp = nowSeconds() } = {},
  ) => {
    const headers = new Headers({
      'content-type': 'application/json',
      'thawani-timestamp': String(timestamp),
      'thawani-signature': await hmacSha256Hex(key, `${rawBody}-${timestamp}`),
    });
    return { rawBody, headers };
  };
  return {
    name: 'thawani',
    adapter: thawaniAdapter(config),
    appEnv: {
      ...env,
      PAYMENT_PROVIDER: 'thawani',
      THAWANI_API_URL: config.apiUrl,
      THAWANI_CHECKOUT_URL: config.checkoutUrl,
      THAWANI_SECRET_KEY: THAWANI_SECRET_KEY,
      THAWANI_PUBLISHABLE_KEY: THAWANI_PUBLISHABLE_KEY,
      PAYMENT_WEBHOOK_SECRET: secret,
    } as typeof env,
    async pay(providerSessionId) {
      const paid = (await atThawani(`pay/${providerSessionId}`, { outcome: 'paid' })) as {
        payment: { payment_id: string };
        webhooks: unknown[];
      };
      // Thawani sends checkout.completed and payment.succeeded for one payment.
      const webhooks = await Promise.all(paid.webhooks.map((body) => sign(JSON.stringify(body))));
      return { providerPaymentId: paid.payment.payment_id, webhooks };
    },
    async close(providerSessionId) {
      await atThawani(`pay/${providerSessionId}`, { outcome: 'cancelled' });
    },
    sign,
    async amountAt(providerSessionId) {
      return (await atThawani(`/checkout/session/${providerSessionId}`)).total_amount as number;
    },
    openPage: (checkoutUrl) => fetch(checkoutUrl),
  };
}

/** Every provider the app has. A new one is one more entry here. */
const providers: ProviderUnderTest[] = [fakeProvider(), thawaniProvider()];

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    reference: `ps-${crypto.randomUUID()}`,
    bookingReference: 'H-ABC123',
    amountBaisa: 12_500,
    description: 'Deposit for booking H-ABC123',
    customer: { name: 'Salim Al Harthi', email: 'salim@example.com', phone: '+96891234567' },
    successUrl: `${ORIGIN}/bookings/H-ABC123?paid=1`,
    cancelUrl: `${ORIGIN}/bookings/H-ABC123`,
    ...overrides,
  };
}

const stay = stays({ from: 640 });

describe.each(providers)('payment provider contract: $name', (p) => {
  const { adapter } = p;

  /** A session at the provider, paid by the guest. */
  async function paidSession(amountBaisa: number) {
    const session = await adapter.createSession(checkout({ amountBaisa }));
    return { ...session, ...(await p.pay(session.providerSessionId)) };
  }

  /** An approved booking whose plan asks half of 60.000 OMR now, its deposit opened through the app. */
  async function depositThroughApp() {
    const guest = await signUp('Contract Guest');
    const booking = await book({}, { cookie: guest.cookie, stay });
    await env.DB.prepare(
      `update booking_submissions set total_price = 60000, night_prices = '[30000,30000]', deposit_rule = '{"kind":"percent","percent":50}' where id = ?`,
    )
      .bind(booking.id)
      .run();
    await setBookingStatus(booking.id, 'approved');
    const opened = await app(p.appEnv, `/api/booking-submissions/${booking.id}/payments`, {
      method: 'POST',
      cookie: guest.cookie,
      json: { purpose: 'deposit' },
    });
    expect(opened.status, await opened.clone().text()).toBe(201);
    const { sessionId, amountBaisa } = await json<{ sessionId: number; amountBaisa: number }>(opened);
    expect(amountBaisa).toBe(30_000);
    const session = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)).get();
    expect(session).toMatchObject({ provider: p.name, status: 'open', amountBaisa: 30_000 });
    return { bookingId: booking.id, session: session! };
  }

  const deliver = (webhook: WebhookRequest) =>
    app(p.appEnv, `/api/payments/webhooks/${p.name}`, {
      method: 'POST',
      body: webhook.rawBody,
      headers: webhook.headers,
    });
  const paymentLines = (bookingId: number, providerPaymentId: string) =>
    count(
      "select count(*) as n from folio_lines where booking_id = ? and kind = 'payment' and amount_baisa = 30000 and provider_reference = ?",
      bookingId,
      providerPaymentId,
    );

  it('checkout: opens a session for the amount in baisa and answers the page to send the guest to', async () => {
    const session = await adapter.createSession(checkout({ amountBaisa: 12_345 }));
    expect(session.providerSessionId).toEqual(expect.any(String));
    expect(session.providerSessionId).not.toBe('');
    expect(new URL(session.checkoutUrl).href).toContain(encodeURIComponent(session.providerSessionId));
    expect((await p.openPage(session.checkoutUrl)).status).toBe(200);
    expect(await p.amountAt(session.providerSessionId)).toBe(12_345);
    expect(await adapter.lookUpSession(session.providerSessionId)).toEqual({ status: 'open' });
  });

  it("webhook signature: reads a genuine payment's webhook, refuses a wrong signature, a tampered body and an old timestamp", async () => {
    const { providerSessionId, providerPaymentId, webhooks } = await paidSession(15_000);
    expect(webhooks.length).toBeGreaterThan(0);
    const genuine = webhooks.at(-1)!;
    expect(await adapter.readWebhook(genuine)).toEqual({
      ok: true,
      event: {
        eventId: expect.any(String),
        type: 'payment.succeeded',
        providerSessionId,
        providerPaymentId,
        amountBaisa: 15_000,
        currency: 'OMR',
      },
    });

    const refused = { ok: false, reason: 'signature_invalid' };
    expect(
      await adapter.readWebhook(await p.sign(genuine.rawBody, { secret: 'not-the-secret' })),
    ).toMatchObject(refused);
    const tampered = genuine.rawBody.replace('15000', '1500');
    expect(tampered).not.toBe(genuine.rawBody);
    expect(await adapter.readWebhook({ rawBody: tampered, headers: genuine.headers })).toMatchObject(refused);
    expect(await adapter.readWebhook({ rawBody: genuine.rawBody, headers: new Headers() })).toMatchObject(
      refused,
    );

    const tolerance = PAYMENT_LIMITS.webhookToleranceSeconds;
    expect(
      await adapter.readWebhook(await p.sign(genuine.rawBody, { timestamp: nowSeconds() - tolerance - 5 })),
    ).toMatchObject({ ok: false, reason: 'timestamp_stale' });
    expect(
      await adapter.readWebhook(await p.sign(genuine.rawBody, { timestamp: nowSeconds() - tolerance + 5 })),
    ).toMatchObject({ ok: true });

    // Signed but unreadable: refused, never thrown.
    expect(await adapter.readWebhook(await p.sign('{"type": "payment.succ'))).toMatchObject({
      ok: false,
      reason: 'body_invalid',
    });
  });

  it('replay: every webhook of one payment, read twice, is one event id', async () => {
    const { webhooks } = await paidSession(15_000);
    const ids = new Set<string>();
    for (const webhook of [...webhooks, ...webhooks]) {
      const reading = await adapter.readWebhook(webhook);
      expect(reading.ok && reading.event).toBeTruthy();
      if (reading.ok && reading.event) ids.add(reading.event.eventId);
    }
    expect(ids.size).toBe(1);
  });

  it('replay through the app: the same webhooks delivered twice post the payment once', async () => {
    const { bookingId, session } = await depositThroughApp();
    const { providerPaymentId, webhooks } = await p.pay(session.providerSessionId);
    for (const webhook of [...webhooks, ...webhooks]) {
      const res = await deliver(webhook);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const after = await db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id)).get();
    expect(after).toMatchObject({ status: 'paid', providerPaymentId });
    expect(await paymentLines(bookingId, providerPaymentId)).toBe(1);
    expect(
      await count(
        "select count(*) as n from payment_events where provider = ? and session_id = ? and outcome = 'applied'",
        p.name,
        session.id,
      ),
    ).toBe(1);
  });

  it('refund: refunds part of a payment under our reference, looks it up, finds it again, and refuses more than what is left', async () => {
    const { providerSessionId, providerPaymentId } = await paidSession(20_000);
    const refund = (amountBaisa: number, reference = `pr-${crypto.randomUUID()}`) =>
      adapter.refund({ providerPaymentId, providerSessionId, amountBaisa, reason: 'Goodwill', reference });
    const reference = `pr-${crypto.randomUUID()}`;
    const accepted = await refund(5_000, reference);
    expect(accepted.providerRefundId).toEqual(expect.any(String));
    expect(await adapter.lookUpRefund(accepted.providerRefundId)).toEqual({
      status: 'succeeded',
      amountBaisa: 5_000,
    });

    const find = (over: { reference?: string; providerPaymentId?: string } = {}) =>
      adapter.findRefund({ providerPaymentId, providerSessionId, reference, ...over });
    expect(await find()).toEqual({
      providerRefundId: accepted.providerRefundId,
      status: 'succeeded',
      amountBaisa: 5_000,
    });
    expect(await find({ reference: 'pr-never-sent' })).toBeNull();
    expect(await find({ providerPaymentId: 'pay_someone_else' })).toBeNull();

    const tooMuch = await refund(15_001).catch((err: unknown) => err);
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    await expect(refund(15_000)).resolves.toHaveProperty('providerRefundId');
  });

  it("reconciliation: a session's state at the provider (open, paid, closed unpaid; an unknown one throws)", async () => {
    const session = await adapter.createSession(checkout({ amountBaisa: 30_000 }));
    expect(await adapter.lookUpSession(session.providerSessionId)).toEqual({ status: 'open' });
    const { providerPaymentId } = await p.pay(session.providerSessionId);
    expect(await adapter.lookUpSession(session.providerSessionId)).toEqual({
      status: 'paid',
      providerPaymentId,
      amountBaisa: 30_000,
      currency: 'OMR',
    });

    const closed = await adapter.createSession(checkout());
    await p.close(closed.providerSessionId);
    expect(await adapter.lookUpSession(closed.providerSessionId)).toEqual({ status: 'failed' });

    await expect(adapter.lookUpSession('no-such-session')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('reconciliation through the app: a session paid whose webhook never came is settled once, and its late webhook changes nothing', async () => {
    const { bookingId, session } = await depositThroughApp();
    const { providerPaymentId, webhooks } = await p.pay(session.providerSessionId);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await settleSession(p.appEnv, db, session, { now: later })).toBe('paid');
    const after = await db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id)).get();
    expect(after).toMatchObject({ status: 'paid', providerPaymentId, providerStatus: 'paid' });
    expect(await paymentLines(bookingId, providerPaymentId)).toBe(1);

    for (const webhook of webhooks) {
      const res = await deliver(webhook);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await paymentLines(bookingId, providerPaymentId)).toBe(1);
  });
});
