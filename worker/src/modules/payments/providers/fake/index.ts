import { PAYMENT_CURRENCY } from '@shared/payments';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../../../platform/api-error';
import type { Db } from '../../../../platform/env';
import { fakeProviderRefunds, fakeProviderSessions } from '../../tables';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentAdapter,
  type RefundRequest,
  type RefundState,
} from '../payment-adapter';
import { newId, readFakeWebhook, sendWebhook, type FakeProviderConfig } from './webhook';

/**
 * The fake payment provider (development only, decision 071): a provider inside the development
 * worker that speaks the protocol a real one does. It keeps its own books (`fake_provider_sessions`,
 * `fake_provider_refunds`) that the app reads only through this adapter; its checkout page is
 * `/dev/pay/:sessionId` (../../routes/dev-pay.ts); paying there, declining, or a refund sends a
 * signed webhook (webhook.ts) to `POST /api/payments/webhooks/fake` as a real HTTP request through
 * the whole app. It passes the same contract suite as Thawani (../contract.test.ts).
 */
export {
  FAKE_WEBHOOK_PATH,
  readFakeWebhook,
  signWebhook,
  type FakeProviderConfig,
  type FakeWebhookBody,
} from './webhook';

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
