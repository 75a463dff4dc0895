import { Hono } from 'hono';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@shared/payments';
import { ApiError } from '../../../platform/api-error';
import type { AppEnv } from '../../../platform/env';
import { hit, type Limit } from '../../../platform/rate-limit';
import { clientAddress } from '../../../platform/request';
import { adapterNamed } from '../payment-config';
import { applyPaymentEvent, recordRefusal, REFUSAL_STATUS } from '../payment-events';
import { PaymentProviderError, type WebhookReading } from '../providers/payment-adapter';

/**
 * POST /api/payments/webhooks/:provider (decision 071): the provider tells us a payment or a
 * refund happened. The adapter checks the signature over the body's bytes exactly as received,
 * and the timestamp; a refused reading is kept for staff (`payment_events`, outcome refused; at
 * most 60 in 10 minutes per client address) and answered 401 (signature, timestamp) or 400 (body)
 * `webhook_refused`; an event for no session of ours 404, with another amount or currency 409. A genuine event is applied once (payment-events.ts) and answered 200
 * `{ received: true }`, a repeat too. Only the configured provider's path exists (404 otherwise);
 * a provider that does not answer the adapter's own check is 502 (it sends the webhook again).
 */
/** Unreadable or unsigned webhooks kept per client address (more are answered the same, not kept). */
const REFUSALS_KEPT: Limit = { max: 60, windowMs: 10 * 60_000 };

export const paymentWebhookRoutes = new Hono<AppEnv>().post('/:provider', async (c) => {
  const name = c.req.param('provider');
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(name)) throw new ApiError(404, 'route_not_found');
  const provider = name as PaymentProvider;
  const db = c.get('db');
  const adapter = adapterNamed(c.env, provider, new URL(c.req.url).origin, { db, ctx: c.executionCtx });
  if (!adapter) throw new ApiError(404, 'route_not_found');
  // The bytes as they came: the signature is over them, not over a text decoded from them.
  const rawBody = new Uint8Array(await c.req.arrayBuffer());
  let reading: WebhookReading | { ok: true; event: null };
  try {
    reading = await adapter.readWebhook({ rawBody, headers: c.req.raw.headers });
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new ApiError(502, 'payment_provider_failed');
    throw err;
  }
  c.header('Cache-Control', 'no-store');
  if (!reading.ok) {
    // Kept for staff, up to a ceiling per sender: unsigned junk cannot fill the table.
    if ((await hit(db, `webhook_refused:${clientAddress(c)}`, REFUSALS_KEPT)) <= REFUSALS_KEPT.max) {
      await recordRefusal(db, provider, {
        eventId: reading.eventId,
        type: reading.type,
        reason: reading.reason,
      });
    }
    throw new ApiError(REFUSAL_STATUS[reading.reason], 'webhook_refused');
  }
  // Genuine, with nothing for us to apply (an adapter's own intermediate events).
  if (reading.event === null) return c.json({ received: true });
  const outcome = await applyPaymentEvent(db, provider, reading.event);
  if (!outcome.applied) throw new ApiError(outcome.status, 'webhook_refused');
  return c.json({ received: true });
});
