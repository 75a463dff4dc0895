import { call } from '@worker-test/helpers';
import { atFake, completeHeld } from '@worker-test/payments';
import { describe, expect, it } from 'vitest';
import { thawaniSignature } from './webhook';

/**
 * The fake payment provider speaks Thawani's API as Thawani's OpenAPI description documents it
 * (README.md beside this file): its key, its answers' shape and refusals, its lists, and its
 * webhooks' body and signature. The adapter's use of it is ../thawani/thawani.test.ts.
 */

const KEY = { 'thawani-api-key': 'fake-thawani-secret-key' };
const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call(`/dev/thawani/api/v1${path}`, { ...init, headers: { ...KEY, ...init.headers } });

const session = {
  client_reference_id: 'doc-1',
  mode: 'payment',
  products: [{ name: 'عربون الحجز ET8-D8CT', quantity: 1, unit_amount: 4_500 }],
  success_url: 'https://hotel.example/ok',
  cancel_url: 'https://hotel.example/no',
  metadata: { customer_name: 'هلال البوسعيدي' },
};

describe("the fake's API, as Thawani documents it", () => {
  it('answers only with the secret key, in `{ success, code, description, data }`, and refuses as Thawani does', async () => {
    const unkeyed = await call('/dev/thawani/api/v1/checkout/session/anything');
    expect(unkeyed.status).toBe(401);
    expect(await unkeyed.json()).toMatchObject({ success: false, code: 4001 });

    const made = await api('/checkout/session', { method: 'POST', json: session });
    expect(made.status).toBe(200);
    const body = (await made.json()) as { success: boolean; code: number; description: string; data: never };
    expect(body).toMatchObject({
      success: true,
      code: expect.any(Number),
      description: expect.any(String),
      data: {
        session_id: expect.stringMatching(/^checkout_/),
        client_reference_id: 'doc-1',
        total_amount: 4_500,
        currency: 'OMR',
        payment_status: 'unpaid',
        invoice: expect.any(String),
        metadata: { customer_name: 'هلال البوسعيدي' },
        expire_at: expect.any(String),
      },
    });

    // "the sum of the order should always be greater than or equals to 100 baisas".
    const small = await api('/checkout/session', {
      method: 'POST',
      json: { ...session, products: [{ name: 'x', quantity: 1, unit_amount: 99 }] },
    });
    expect(small.status).toBe(400);
    expect(await small.json()).toMatchObject({
      success: false,
      code: 4000,
      description: 'Invalid information',
      data: { error: [{ field: 'products' }] },
    });
    // metadata is required; a name is 40 characters at most.
    const { metadata: _metadata, ...noMetadata } = session;
    expect(await (await api('/checkout/session', { method: 'POST', json: noMetadata })).json()).toMatchObject(
      { data: { error: [{ field: 'metadata' }] } },
    );
    const long = { ...session, products: [{ name: 'x'.repeat(41), quantity: 1, unit_amount: 500 }] };
    expect(await (await api('/checkout/session', { method: 'POST', json: long })).json()).toMatchObject({
      data: { error: [{ field: 'products.name' }] },
    });
    // A POST needs a body; an unknown object is 404 code 4003.
    expect((await api('/refunds', { method: 'POST' })).status).toBe(411);
    const missing = await api('/refunds/refund_none');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, code: 4003, description: 'object not found' });
  });

  it('lists need `limit` and `skip`, and an empty page is a 404', async () => {
    expect((await api('/refunds?skip=0')).status).toBe(400);
    expect((await api('/payments?limit=10')).status).toBe(400);
    expect((await api('/payments?limit=10&skip=0&checkout_invoice=none')).status).toBe(404);
    expect((await api('/refunds?limit=10&skip=100000')).status).toBe(404);
  });

  it('sends `{ data, event_type }` with thawani-timestamp and thawani-signature over the body’s UTF-8 bytes and "-timestamp"', async () => {
    const made = (await (await api('/checkout/session', { method: 'POST', json: session })).json()) as {
      data: { session_id: string };
    };
    const paid = await completeHeld(made.data.session_id, 'paid');
    expect(paid.webhooks.map((w) => w.event_type)).toEqual(['checkout.completed', 'payment.succeeded']);
    for (const w of paid.webhooks) {
      const parsed = JSON.parse(w.rawBody) as Record<string, unknown>;
      expect(Object.keys(parsed)).toEqual(['data', 'event_type']);
      expect(parsed.event_type).toBe(w.event_type);
      expect(w.headers['thawani-timestamp']).toMatch(/^\d{10}$/);
      expect(w.headers['thawani-signature']).toBe(
        await thawaniSignature(
          'change-me-webhook',
          new TextEncoder().encode(w.rawBody),
          w.headers['thawani-timestamp'],
        ),
      );
    }
    // Arabic as itself (not escaped), so its UTF-8 bytes are what was signed.
    expect(paid.webhooks[0]!.rawBody).toContain('هلال البوسعيدي');
    expect(await atFake(`/payments/${paid.paymentId}`)).toMatchObject({
      payment_id: paid.paymentId,
      status: 'Successful',
      amount: 4_500,
      fee: 0,
      refunded: false,
      refunds: null,
      checkout_invoice: expect.any(String),
    });
  });
});
