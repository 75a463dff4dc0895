import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_CURRENCY, PAYMENT_EVENT_TYPES, PAYMENT_LIMITS } from '@shared/payments';
import { ApiError } from '../../platform/api-error';
import { hmacSha256Hex } from '../../platform/crypto';
import type { Db } from '../../platform/env';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentAdapter,
  type RefundRequest,
  type RefundState,
  type WebhookReading,
  type WebhookRequest,
} from './provider';
import { fakeProviderRefunds, fakeProviderSessions } from './tables';

/**
 * The fake payment provider (development only, decision 071): a provider inside the development
 * worker that speaks the protocol a real one does. It keeps its own books (`fake_provider_sessions`,
 * `fake_provider_refunds`) that the app reads only through this adapter; its checkout page is
 * `/dev/pay/:sessionId` (routes/dev-pay.ts); paying there, declining, or a refund sends a signed
 * webhook to `POST /api/payments/webhooks/fake` as a real HTTP request through the whole app.
 */

export type FakeProviderConfig = {
  /** The app's origin: the checkout page and the webhook's address are on it. */
  origin: string;
  webhookSecret: string;
  /** Sends a request through the app (payment-config.ts installs it); no network. */
  dispatch: (request: Request) => Promise<Response>;
};

const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;

/** The webhook's path on the app. */
export const FAKE_WEBHOOK_PATH = '/api/payments/webhooks/fake';

/** The signature of a webhook: hex HMAC-SHA256 keyed by the secret over `rawBody + "-" + timestamp`. */
export function signWebhook(secret: string, rawBody: string, timestamp: string | number): Promise<string> {
  return hmacSha256Hex(secret, `${rawBody}-${timestamp}`);
}

/** Whether `signature` (hex) is the HMAC of `message` under `secret`, compared in constant time (Web Crypto's verify). */
async function signatureValid(secret: string, message: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const bytes = new Uint8Array(signature.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', key, bytes, encoder.encode(message));
}

/** The fake's webhook body. `currency` is OMR unless said (a test's forged one may say another). */
const webhookBodySchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(PAYMENT_EVENT_TYPES),
  data: z.object({
    sessionId: z.string().min(1).max(100),
    paymentId: z.string().min(1).max(100),
    amountBaisa: z.number().int().positive().max(1_000_000_000),
    refundId: z.string().min(1).max(100).optional(),
    currency: z.string().min(1).max(8).optional(),
  }),
});
export type FakeWebhookBody = z.infer<typeof webhookBodySchema>;

/** What can be read of a refused body for the staff log (never trusted). */
function peek(rawBody: string): { eventId?: string; type?: string } {
  try {
    const body = JSON.parse(rawBody) as { id?: unknown; type?: unknown };
    return {
      ...(typeof body.id === 'string' && { eventId: body.id.slice(0, 100) }),
      ...(typeof body.type === 'string' && { type: body.type.slice(0, 40) }),
    };
  } catch {
    return {};
  }
}

/** Reads a webhook the fake (or anyone holding the key) signed. */
export async function readFakeWebhook(
  secret: string,
  { rawBody, headers }: WebhookRequest,
  now = Date.now(),
): Promise<WebhookReading> {
  const timestamp = headers.get('x-timestamp') ?? '';
  const signature = headers.get('x-signature') ?? '';
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    !(await signatureValid(secret, `${rawBody}-${timestamp}`, signature))
  ) {
    return { ok: false, reason: 'signature_invalid', ...peek(rawBody) };
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > PAYMENT_LIMITS.webhookToleranceSeconds) {
    return { ok: false, reason: 'timestamp_stale', ...peek(rawBody) };
  }
  let parsed: ReturnType<typeof webhookBodySchema.safeParse>;
  try {
    parsed = webhookBodySchema.safeParse(JSON.parse(rawBody));
  } catch {
    return { ok: false, reason: 'body_invalid' };
  }
  if (!parsed.success) return { ok: false, reason: 'body_invalid', ...peek(rawBody) };
  const { id, type, data } = parsed.data;
  return {
    ok: true,
    event: {
      eventId: id,
      type,
      providerSessionId: data.sessionId,
      providerPaymentId: data.paymentId,
      ...(data.refundId && { providerRefundId: data.refundId }),
      amountBaisa: data.amountBaisa,
      currency: data.currency ?? PAYMENT_CURRENCY,
    },
  };
}

/** Signs and sends one webhook through the app; answers the event's id and the app's status. */
async function sendWebhook(
  config: FakeProviderConfig,
  type: FakeWebhookBody['type'],
  data: FakeWebhookBody['data'],
): Promise<{ eventId: string; webhookStatus: number }> {
  const body: FakeWebhookBody = { id: newId('fake_evt'), type, data };
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const request = new Request(`${config.origin}${FAKE_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': await signWebhook(config.webhookSecret, rawBody, timestamp),
    },
    body: rawBody,
  });
  const res = await config.dispatch(request);
  // The body is read so the dispatched request finishes.
  await res.arrayBuffer();
  return { eventId: body.id, webhookStatus: res.status };
}

export type FakeSession = typeof fakeProviderSessions.$inferSelect;

/** A session in the fake's books (the checkout page reads it). */
export async function fakeSession(db: Db, sessionId: string): Promise<FakeSession | undefined> {
  return db.select().from(fakeProviderSessions).where(eq(fakeProviderSessions.id, sessionId)).get();
}

/**
 * The guest paid or declined on the fake's page (or a test said so): the fake's book marks the
 * session once (a second completion is 409 `payment_session_closed`), then the signed webhook
 * goes to the app. Answers the event's id, the app's answer's status, and the session (where to
 * send the guest back).
 */
export async function completeFakeSession(
  db: Db,
  config: FakeProviderConfig,
  sessionId: string,
  outcome: 'paid' | 'declined',
): Promise<{ eventId: string; webhookStatus: number; session: FakeSession }> {
  const paymentId = newId('fake_pay');
  const [updated] = await db
    .update(fakeProviderSessions)
    .set({ status: outcome, paymentId })
    .where(and(eq(fakeProviderSessions.id, sessionId), eq(fakeProviderSessions.status, 'open')))
    .returning();
  if (!updated) {
    const known = await fakeSession(db, sessionId);
    throw known ? new ApiError(409, 'payment_session_closed') : new ApiError(404, 'payment_not_found');
  }
  const sent = await sendWebhook(config, outcome === 'paid' ? 'payment.succeeded' : 'payment.failed', {
    sessionId,
    paymentId,
    amountBaisa: updated.amountBaisa,
  });
  return { ...sent, session: updated };
}

/** A refund in the fake's books as the adapter answers it. */
function refundState(refund: typeof fakeProviderRefunds.$inferSelect): RefundState {
  if (refund.status === 'succeeded') return { status: 'succeeded', amountBaisa: refund.amountBaisa };
  return refund.status === 'failed' ? { status: 'failed', failure: 'declined' } : { status: 'pending' };
}

/** The fake provider as the app sees it (payment-config.ts builds it in development). */
export function fakeAdapter(db: Db, config: FakeProviderConfig): PaymentAdapter {
  return {
    name: 'fake',

    async createSession(input: CheckoutRequest) {
      const id = newId('fake_sess');
      await db.insert(fakeProviderSessions).values({
        id,
        reference: input.reference,
        amountBaisa: input.amountBaisa,
        description: input.description,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
      return { providerSessionId: id, checkoutUrl: `${config.origin}/dev/pay/${id}` };
    },

    readWebhook: (request) => readFakeWebhook(config.webhookSecret, request),

    async lookUpSession(providerSessionId: string) {
      const session = await fakeSession(db, providerSessionId);
      if (!session) throw new PaymentProviderError('fake: no such session', 404);
      if (session.status === 'paid') {
        return {
          status: 'paid',
          providerPaymentId: session.paymentId!,
          amountBaisa: session.amountBaisa,
          currency: PAYMENT_CURRENCY,
        };
      }
      return session.status === 'declined' ? { status: 'failed' } : { status: 'open' };
    },

    async refund(input: RefundRequest) {
      const session = await fakeSession(db, input.providerSessionId);
      if (!session || session.status !== 'paid' || session.paymentId !== input.providerPaymentId) {
        throw new PaymentProviderError('fake: no such payment', 404);
      }
      const id = newId('fake_ref');
      // Never more than the payment has left (one statement: two refunds at once cannot both pass).
      const [made] = await db
        .insert(fakeProviderRefunds)
        .select(
          sql`select ${id}, ${session.id}, ${input.providerPaymentId}, ${input.amountBaisa}, ${input.reference}, 'succeeded', ${Date.now()}
            where ${input.amountBaisa} + (select coalesce(sum(amount_baisa), 0) from fake_provider_refunds
              where session_id = ${session.id} and status <> 'failed') <= ${session.amountBaisa}`,
        )
        .returning();
      if (!made) throw new PaymentProviderError('fake: refund exceeds the payment', 400);
      await sendWebhook(config, 'refund.succeeded', {
        sessionId: session.id,
        paymentId: input.providerPaymentId,
        amountBaisa: input.amountBaisa,
        refundId: id,
      });
      return { providerRefundId: id };
    },

    async lookUpRefund(providerRefundId: string) {
      const refund = await db
        .select()
        .from(fakeProviderRefunds)
        .where(eq(fakeProviderRefunds.id, providerRefundId))
        .get();
      if (!refund) throw new PaymentProviderError('fake: no such refund', 404);
      return refundState(refund);
    },

    async findRefund({ providerPaymentId, providerSessionId, reference }) {
      const refund = await db
        .select()
        .from(fakeProviderRefunds)
        .where(
          and(
            eq(fakeProviderRefunds.sessionId, providerSessionId),
            eq(fakeProviderRefunds.paymentId, providerPaymentId),
            eq(fakeProviderRefunds.reference, reference),
          ),
        )
        .orderBy(desc(fakeProviderRefunds.createdAt))
        .get();
      return refund ? { providerRefundId: refund.id, ...refundState(refund) } : null;
    },
  };
}
