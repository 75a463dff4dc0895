import { env } from 'cloudflare:workers';
import { PAYMENT_LIMITS, type PaymentProvider } from '@shared/payments';
import { book, count, json, setBookingStatus, stays } from '@worker-test/builders';
import { call, ORIGIN, signUp, type CallInit } from '@worker-test/helpers';
import { atFake, type HeldWebhook } from '@worker-test/payments';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { paymentAdapter, webhookSecret } from '../payment-config';
import { settleSession } from '../session-settlement';
import { paymentSessions } from '../tables';
import { signedWebhook } from './fake';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentAdapter,
  type WebhookRequest,
} from './payment-adapter';

/**
 * The payment adapters' contract (README.md beside this file): every provider in `providers`
 * below runs through the same cases, as PaymentAdapter (payment-adapter.ts) asks: a checkout (a
 * session, its page, the amount in baisa), webhooks (genuine read, a wrong signature, a tampered
 * body and an old timestamp refused), a replay (one payment is one event id, applied once through
 * the whole app), a refund (accepted, looked up, found by our reference, more than what is left
 * refused) and reconciliation (a session's state at the provider; a paid session whose webhook
 * never came settled once). Both run the Thawani adapter against the fake, Thawani's stand-in
 * inside the development worker: `fake` as development configures it, `thawani` through the
 * production settings (PAYMENT_PROVIDER=thawani, its keys, its own webhook address and secret). A
 * third provider passes by adding one entry to `providers`.
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
  sign(rawBody: Uint8Array, options?: { secret?: string; timestamp?: number }): Promise<WebhookRequest>;
  /** The amount the provider keeps for a session, in baisa. */
  amountAt(providerSessionId: string): Promise<number>;
  /** Opens the page the guest is sent to. */
  openPage(checkoutUrl: string): Promise<Response>;
};

const db = drizzle(env.DB);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The whole app with `appEnv`, as production runs it with that provider configured. */
const app = (appEnv: typeof env, path: string, init: CallInit = {}) => call(path, { ...init, env: appEnv });

/**
 * A provider run by the Thawani adapter against the fake, under `appEnv`: the guest's side is the
 * fake's page controls (its webhooks held, signed with `appEnv`'s secret), its books read with its key.
 */
function againstTheFake(name: PaymentProvider, appEnv: typeof env): ProviderUnderTest {
  const secret = webhookSecret(appEnv);
  const attempt = async (providerSessionId: string, outcome: 'paid' | 'cancelled') => {
    const res = await app(appEnv, `/api/dev/payments/${providerSessionId}/complete`, {
      method: 'POST',
      json: { outcome, deliver: false },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return json<{ paymentId: string | null; webhooks: HeldWebhook[] }>(res);
  };
  return {
    name,
    adapter: paymentAdapter(appEnv, ORIGIN, { db }),
    appEnv,
    async pay(providerSessionId) {
      const paid = await attempt(providerSessionId, 'paid');
      // Thawani sends checkout.completed and payment.succeeded for one payment.
      const webhooks = paid.webhooks.map((w) => ({
        rawBody: encode(w.rawBody),
        headers: new Headers(w.headers),
      }));
      return { providerPaymentId: paid.paymentId!, webhooks };
    },
    async close(providerSessionId) {
      await attempt(providerSessionId, 'cancelled');
    },
    sign: (rawBody, { secret: key = secret, timestamp = nowSeconds() } = {}) =>
      signedWebhook(key, rawBody, timestamp),
    async amountAt(providerSessionId) {
      return (await atFake<{ total_amount: number }>(`/checkout/session/${providerSessionId}`)).total_amount;
    },
    openPage: (checkoutUrl) => {
      const url = new URL(checkoutUrl);
      expect(url.origin).toBe(ORIGIN);
      return app(appEnv, `${url.pathname}${url.search}`);
    },
  };
}

/** Every provider the app has. A new one is one more entry here. */
const providers: ProviderUnderTest[] = [
  againstTheFake('fake', { ...env, PAYMENT_PROVIDER: 'fake' } as typeof env),
  againstTheFake('thawani', {
    ...env,
    PAYMENT_PROVIDER: 'thawani',
    THAWANI_API_URL: `${ORIGIN}/dev/thawani/api/v1`,
    THAWANI_CHECKOUT_URL: `${ORIGIN}/dev/pay`,
    THAWANI_SECRET_KEY: 'fake-thawani-secret-key',
    THAWANI_PUBLISHABLE_KEY: 'fake-thawani-publishable-key',
    PAYMENT_WEBHOOK_SECRET: 'thawani-test-webhook-secret',
  } as typeof env),
];

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
    const tampered = encode(decode(genuine.rawBody).replace('15000', '1500'));
    expect(tampered).not.toEqual(genuine.rawBody);
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
    expect(await adapter.readWebhook(await p.sign(encode('{"type": "payment.succ')))).toMatchObject({
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
