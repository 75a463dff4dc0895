import { env } from 'cloudflare:workers';
import { PAYMENT_LIMITS } from '@shared/payments';
import { call } from '@worker-test/helpers';
import { atFake, completeHeld, fakeControls, type HeldWebhook } from '@worker-test/payments';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appFetch, webhookSecret } from '../../payment-config';
import { signedWebhook } from '../fake';
import { PaymentProviderError, type CheckoutRequest, type WebhookRequest } from '../payment-adapter';
import { thawaniAdapter } from '.';

/**
 * The Thawani Pay adapter against the fake, the stand-in for Thawani's E-Commerce API inside the
 * development worker (../fake/, reached through the app itself: real HTTP requests, no network):
 * sessions in baisa, the payment page's URL, lookups, refunds, and signed webhooks (decision 071).
 * What every provider must do is the contract suite's (../contract.test.ts); here is what only
 * Thawani has: its API's words and limits, two webhooks a payment, its lists read in pages to their
 * end (refunds, a session's payment attempts), Arabic bodies signed over their bytes, its fee, expiry.
 * The whole app configured for Thawani is thawani-app.test.ts.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const SECRET_KEY = 'fake-thawani-secret-key';
const PUBLISHABLE_KEY = 'fake-thawani-publishable-key';
const WEBHOOK_SECRET = webhookSecret(env);

const config = {
  apiUrl: `${ORIGIN}/dev/thawani/api/v1`,
  checkoutUrl: `${ORIGIN}/dev/pay`,
  secretKey: SECRET_KEY,
  publishableKey: PUBLISHABLE_KEY,
  webhookSecret: WEBHOOK_SECRET,
};
const thawani = thawaniAdapter(config, appFetch(env));

const encode = (text: string) => new TextEncoder().encode(text);

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

/** A held webhook as the adapter reads it. */
const received = (w: HeldWebhook): WebhookRequest => ({
  rawBody: encode(w.rawBody),
  headers: new Headers(w.headers),
});

/** A session at Thawani, paid by the guest; its webhooks held (not delivered). */
async function paidSession(amountBaisa = 12_500) {
  const session = await thawani.createSession(checkout({ amountBaisa }));
  const paid = await completeHeld(session.providerSessionId, 'paid');
  return { ...session, paymentId: paid.paymentId!, webhooks: paid.webhooks };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A webhook as Thawani sends it: hex HMAC-SHA256 of the body's bytes + `-timestamp`. */
async function signed(
  body: unknown,
  { secret = WEBHOOK_SECRET, timestamp = nowSeconds() }: { secret?: string; timestamp?: number } = {},
): Promise<WebhookRequest> {
  const bytes = encode(typeof body === 'string' ? body : JSON.stringify(body));
  return signedWebhook(secret, bytes, timestamp);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await fakeControls({ status: 0, pageLimit: null, fee: 0, feeOnTop: false, refundStatus: 'successful' });
});

describe('Thawani checkout sessions', () => {
  it("opens a session in baisa with our reference and URLs, and sends the guest to Thawani's page with the publishable key", async () => {
    const request = checkout({ amountBaisa: 12_345 });
    const session = await thawani.createSession(request);

    expect(session.providerSessionId).toMatch(/^checkout_/);
    expect(session.checkoutUrl).toBe(`${ORIGIN}/dev/pay/${session.providerSessionId}?key=${PUBLISHABLE_KEY}`);
    expect((await call(session.checkoutUrl.slice(ORIGIN.length))).status).toBe(200);

    expect(await atFake(`/checkout/session/${session.providerSessionId}`)).toMatchObject({
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
    const kept = await atFake<{ products: { name: string }[] }>(
      `/checkout/session/${session.providerSessionId}`,
    );
    expect([...kept.products[0]!.name]).toHaveLength(40);
    expect(description.startsWith(kept.products[0]!.name)).toBe(true);
  });

  it('throws PaymentProviderError for a wrong key, a refusal, a server error and no answer, never showing the key', async () => {
    const wrongKey = thawaniAdapter({ ...config, secretKey: 'not-the-key' }, appFetch(env));
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
    const { providerSessionId, paymentId } = await paidSession(10_000);
    const tooMuch = await thawani
      .refund({
        providerPaymentId: paymentId,
        providerSessionId,
        amountBaisa: 10_001,
        reason: 'Goodwill',
        reference: `pr-${crypto.randomUUID()}`,
      })
      .catch((err: unknown) => err);
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    expect((tooMuch as PaymentProviderError).status).toBe(400);

    await fakeControls({ status: 500, count: 1 });
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
    await completeHeld(session.providerSessionId, 'declined');
    expect(await thawani.lookUpSession(session.providerSessionId)).toEqual({ status: 'open' });

    const paid = await completeHeld(session.providerSessionId, 'paid');
    expect(await thawani.lookUpSession(session.providerSessionId)).toEqual({
      status: 'paid',
      providerPaymentId: paid.paymentId,
      amountBaisa: 30_000,
      currency: 'OMR',
    });
  });

  it("finds the successful payment after more declined cards than a page holds, reading every page of the invoice's payments", async () => {
    const session = await thawani.createSession(checkout({ amountBaisa: 30_000 }));
    for (let i = 0; i < 12; i++) await completeHeld(session.providerSessionId, 'declined');
    const paid = await completeHeld(session.providerSessionId, 'paid');
    // Thawani documents neither an order nor a page size: the fake answers 5 a page, oldest first.
    await fakeControls({ pageLimit: 5 });
    expect(await thawani.lookUpSession(session.providerSessionId)).toEqual({
      status: 'paid',
      providerPaymentId: paid.paymentId,
      amountBaisa: 30_000,
      currency: 'OMR',
    });
    // Both of Thawani's webhooks read as that payment.
    for (const w of paid.webhooks) {
      expect(await thawani.readWebhook(received(w))).toMatchObject({
        ok: true,
        event: { eventId: `payment.succeeded:${paid.paymentId}`, amountBaisa: 30_000 },
      });
    }
  });

  // A cancelled session is `failed`: the contract suite's closed session.
  it('reads a session unpaid past its expiry as expired', async () => {
    const left = await thawani.createSession(checkout());
    await call(`/api/dev/payments/${left.providerSessionId}/expire`, { method: 'POST' });
    expect(await thawani.lookUpSession(left.providerSessionId)).toEqual({ status: 'expired' });
  });

  it("takes the session's total as paid whether Thawani's fee comes on top of it or out of it, and any other amount as it is", async () => {
    // The guest pays Thawani's fee on top: the payment's amount is the total and the fee.
    await fakeControls({ fee: 250, feeOnTop: true });
    const onTop = await paidSession(12_500);
    const payment = await atFake<{ amount: number; fee: number }>(`/payments/${onTop.paymentId}`);
    expect(payment).toMatchObject({ amount: 12_750, fee: 250 });
    expect(await thawani.lookUpSession(onTop.providerSessionId)).toMatchObject({
      status: 'paid',
      amountBaisa: 12_500,
    });
    expect(await thawani.readWebhook(received(onTop.webhooks.at(-1)!))).toMatchObject({
      ok: true,
      event: { type: 'payment.succeeded', amountBaisa: 12_500 },
    });
    // Thawani takes its fee from the merchant: the payment's amount is the total.
    await fakeControls({ fee: 250, feeOnTop: false });
    const outOf = await paidSession(12_500);
    expect(await atFake(`/payments/${outOf.paymentId}`)).toMatchObject({ amount: 12_500, fee: 250 });
    expect(await thawani.lookUpSession(outOf.providerSessionId)).toMatchObject({ amountBaisa: 12_500 });
    // Neither: the amount is answered as it is, and the app refuses it as not the session's.
    await env.DB.prepare('update fake_thawani_payments set amount = 12600 where payment_id = ?')
      .bind(outOf.paymentId)
      .run();
    expect(await thawani.lookUpSession(outOf.providerSessionId)).toMatchObject({ amountBaisa: 12_600 });
  });
});

describe('Thawani refunds', () => {
  it('refunds part of a payment with our reference, and looks the refund up as Thawani moves it', async () => {
    const { providerSessionId, paymentId } = await paidSession(20_000);
    const reference = `pr-${crypto.randomUUID()}`;
    const accepted = await thawani.refund({
      providerPaymentId: paymentId,
      providerSessionId,
      amountBaisa: 5_000,
      reason: 'Cancelled within the free period',
      reference,
    });
    expect(accepted).toEqual({
      providerRefundId: expect.stringMatching(/^refund_/),
      state: { status: 'succeeded', amountBaisa: 5_000 },
    });
    expect(await atFake(`/refunds/${accepted.providerRefundId}`)).toMatchObject({
      payment_id: paymentId,
      amount: 5_000,
      reason: 'Cancelled within the free period',
      metadata: { reference, session_id: providerSessionId },
    });

    expect(await thawani.lookUpRefund(accepted.providerRefundId)).toEqual({
      status: 'succeeded',
      amountBaisa: 5_000,
    });
    // Thawani documents `successful` and `failed` only: any other word is not final yet.
    const move = (status: string) =>
      call(`/api/dev/payments/refunds/${accepted.providerRefundId}`, { method: 'POST', json: { status } });
    await move('inProcess');
    expect(await thawani.lookUpRefund(accepted.providerRefundId)).toEqual({ status: 'pending' });
    await move('failed');
    expect(await thawani.lookUpRefund(accepted.providerRefundId)).toMatchObject({ status: 'failed' });
    // A refund Thawani answers not done yet is pending from the start.
    await fakeControls({ refundStatus: 'inProcess' });
    const later = await thawani.refund({
      providerPaymentId: paymentId,
      providerSessionId,
      amountBaisa: 1_000,
      reason: 'Later',
      reference: `pr-${crypto.randomUUID()}`,
    });
    expect(later.state).toEqual({ status: 'pending' });
  });

  // Nothing under another reference or payment (the whole list read): the contract suite's.
  it("finds a refund by our reference among the payment's others in its list (an answer lost), as Thawani moves it", async () => {
    const { providerSessionId, paymentId } = await paidSession(9_000);
    const reference = `pr-${crypto.randomUUID()}`;
    const refund = (amountBaisa: number, ref: string) =>
      thawani.refund({
        providerPaymentId: paymentId,
        providerSessionId,
        amountBaisa,
        reason: 'Answer lost',
        reference: ref,
      });
    const lost = await refund(2_000, reference);
    await refund(1_000, `pr-${crypto.randomUUID()}`);
    const find = () => thawani.findRefund({ providerPaymentId: paymentId, providerSessionId, reference });
    expect(await find()).toEqual({
      providerRefundId: lost.providerRefundId,
      status: 'succeeded',
      amountBaisa: 2_000,
    });
    await call(`/api/dev/payments/refunds/${lost.providerRefundId}`, {
      method: 'POST',
      json: { status: 'inProcess' },
    });
    expect(await find()).toEqual({ providerRefundId: lost.providerRefundId, status: 'pending' });
  });

  it('reads the whole refund list, in pages shorter than asked, to find ours past the first hundred; says none only at its end; throws when a page cannot be read', async () => {
    const { providerSessionId, paymentId } = await paidSession(9_000);
    const reference = `pr-${crypto.randomUUID()}`;
    const ours = await thawani.refund({
      providerPaymentId: paymentId,
      providerSessionId,
      amountBaisa: 2_000,
      reason: 'Answer lost',
      reference,
    });
    // 150 newer refunds of another payment (Thawani lists the merchant's every refund, newest first here).
    const other = await paidSession(500);
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 150)
       insert into fake_thawani_refunds (refund_id, payment_id, amount, reason, status, metadata, created_at)
       select 'refund_many_' || ?1 || '_' || i, ?2, 1, 'another guest', 'successful', '{}', ?3 + i from n`,
    )
      .bind(crypto.randomUUID().slice(0, 8), other.paymentId, Date.now() + 1_000)
      .run();
    await fakeControls({ pageLimit: 30 });
    const find = (ref: string) =>
      thawani.findRefund({ providerPaymentId: paymentId, providerSessionId, reference: ref });
    expect(await find(reference)).toEqual({
      providerRefundId: ours.providerRefundId,
      status: 'succeeded',
      amountBaisa: 2_000,
    });
    expect(await find('pr-never-sent')).toBeNull();
    // Thawani fails while the list is read: it cannot say, so it throws (never "none" on a guess).
    await fakeControls({ status: 503, count: 1 });
    await expect(find('pr-never-sent')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Thawani webhooks', () => {
  it('reads checkout.completed and payment.succeeded of one payment as one payment.succeeded event', async () => {
    const { providerSessionId, paymentId, webhooks } = await paidSession(15_000);
    expect(webhooks.map((w) => w.event_type)).toEqual(['checkout.completed', 'payment.succeeded']);

    const readings = await Promise.all(webhooks.map((w) => thawani.readWebhook(received(w))));
    for (const reading of readings) {
      expect(reading).toEqual({
        ok: true,
        event: {
          eventId: `payment.succeeded:${paymentId}`,
          type: 'payment.succeeded',
          providerSessionId,
          providerPaymentId: paymentId,
          amountBaisa: 15_000,
          currency: 'OMR',
        },
      });
    }
  });

  it('checks the signature as Thawani makes it (a known HMAC-SHA256 of body-timestamp)', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const known = thawaniAdapter({ ...config, webhookSecret: 'whsec-known' }, appFetch(env));
    const rawBody = encode('{"event_type":"checkout.created","data":{}}');
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

  it("checks an Arabic body's signature over its UTF-8 bytes as received (known HMACs), a byte-order mark included", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const known = thawaniAdapter({ ...config, webhookSecret: 'whsec-known' }, appFetch(env));
    const text =
      '{"data":{"session_id":"checkout_arabic","client_reference_id":"41","products":[{"name":"عربون الحجز ET8-D8CT","unit_amount":30000,"quantity":1}],"metadata":{"customer_name":"هلال البوسعيدي"}},"event_type":"checkout.created"}';
    const headers = (signature: string) =>
      new Headers({ 'thawani-timestamp': '1700000000', 'thawani-signature': signature });
    const genuine = { ok: true, event: null, type: 'checkout.created' };
    // Computed outside the app (Python's hmac) over the body's UTF-8 bytes + "-1700000000".
    const overUtf8 = '22f362bb36fff047564dec5b49a31b704de8977a19884f3ad955255345692c38';
    expect(await known.readWebhook({ rawBody: encode(text), headers: headers(overUtf8) })).toEqual(genuine);
    // The same text signed as Thawani's sample would sign it were it to take `ascii` in Node (each
    // character's low byte): not the bytes sent, so refused; decision 071 says what to check.
    const overAscii = '4bd9da7b47895083ef80b3a5e913ada05530d7473c15fecff3f99edc0adfffa9';
    expect(await known.readWebhook({ rawBody: encode(text), headers: headers(overAscii) })).toMatchObject({
      ok: false,
      reason: 'signature_invalid',
      type: 'checkout.created',
    });
    // A body that starts with a byte-order mark is signed with it: verified over those bytes, then read.
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(text)]);
    const overBom = '9f4855bc4fc19efffe1016019407fa0447579f570be0df58ab51c9a7f68eaf13';
    expect(await known.readWebhook({ rawBody: withBom, headers: headers(overBom) })).toEqual(genuine);
    expect(await known.readWebhook({ rawBody: withBom, headers: headers(overUtf8) })).toMatchObject({
      reason: 'signature_invalid',
    });
  });

  // A wrong secret, no signature, a stale timestamp and one just in time: the contract suite's.
  it('refuses a tampered body (keeping its type for staff), a malformed signature, a moved or future timestamp, and anything without a secret', async () => {
    const { webhooks } = await paidSession(15_000);
    const genuine = received(webhooks[0]!);
    expect(await thawani.readWebhook(genuine)).toMatchObject({ ok: true });

    const tampered = { ...genuine, rawBody: encode(webhooks[0]!.rawBody.replace('15000', '1500')) };
    expect(tampered.rawBody).not.toEqual(genuine.rawBody);
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
    expect(await thawani.readWebhook(await signed(webhooks[0]!.rawBody, { timestamp: ahead }))).toMatchObject(
      { ok: false, reason: 'timestamp_stale' },
    );
    // Without a webhook secret, no signature holds.
    const noSecret = thawaniAdapter({ ...config, webhookSecret: '' }, appFetch(env));
    expect(await noSecret.readWebhook(await signed(webhooks[0]!.rawBody, { secret: 'any' }))).toMatchObject({
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
    const declined = await completeHeld(session.providerSessionId, 'declined');
    expect(declined.webhooks.map((w) => w.event_type)).toEqual(['payment.failed']);
    expect(await thawani.readWebhook(received(declined.webhooks[0]!))).toEqual({
      ok: true,
      event: null,
      type: 'payment.failed',
    });

    // Once Thawani closes the session unpaid, the same event is the session's failure.
    await completeHeld(session.providerSessionId, 'cancelled');
    expect(await thawani.readWebhook(received(declined.webhooks[0]!))).toEqual({
      ok: true,
      event: {
        eventId: `payment.failed:${session.providerSessionId}`,
        type: 'payment.failed',
        providerSessionId: session.providerSessionId,
        providerPaymentId: declined.paymentId,
        amountBaisa: 12_500,
        currency: 'OMR',
      },
    });
  });

  it("reads a refund's webhook as refund.succeeded once Thawani says it succeeded, ours or one made in Thawani's portal", async () => {
    const { providerSessionId, paymentId } = await paidSession(20_000);
    const ours = await thawani.refund({
      providerPaymentId: paymentId,
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
        providerPaymentId: paymentId,
        providerRefundId: refundId,
        amountBaisa,
        currency: 'OMR',
      },
    });
    expect(await refundWebhook(ours.providerRefundId)).toEqual(expected(ours.providerRefundId, 7_000));

    // Made in the portal: no metadata of ours, traced through the payment's invoice.
    const res = await call('/dev/thawani/api/v1/refunds', {
      method: 'POST',
      headers: { 'thawani-api-key': SECRET_KEY },
      json: { payment_id: paymentId, reason: 'Portal refund', amount: 3_000, metadata: {} },
    });
    const portal = ((await res.json()) as { data: { refund_id: string } }).data;
    expect(await refundWebhook(portal.refund_id)).toEqual(expected(portal.refund_id, 3_000));

    // Not done yet: nothing to apply.
    await call(`/api/dev/payments/refunds/${portal.refund_id}`, {
      method: 'POST',
      json: { status: 'inProcess' },
    });
    expect(await refundWebhook(portal.refund_id)).toEqual({
      ok: true,
      event: null,
      type: 'refund.succeeded',
    });
  });

  it('throws PaymentProviderError (not a refusal) when Thawani cannot be asked about a genuine event', async () => {
    const { webhooks } = await paidSession();
    await fakeControls({ status: 503, count: 1 });
    await expect(thawani.readWebhook(received(webhooks[0]!))).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
