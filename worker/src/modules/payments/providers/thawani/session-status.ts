import { PAYMENT_CURRENCY } from '@shared/payments';
import { PaymentProviderError, type SessionState } from '../payment-adapter';
import { baisa, isObject, text, unreadable, type ThawaniApi } from './api';

/**
 * A session's state as Thawani's API tells it (the cron's settlement, the reconciliation, and the
 * webhooks, which are read as hints and checked here).
 */

/** A Thawani checkout session as the adapter reads it. */
export type ThawaniSession = {
  sessionId: string;
  paymentStatus: string;
  invoice: string | undefined;
  totalBaisa: number | undefined;
  currency: string;
  expireAt: number | undefined;
};

export async function getSession(api: ThawaniApi, sessionId: string): Promise<ThawaniSession> {
  const data = await api.call('GET', `/checkout/session/${encodeURIComponent(sessionId)}`);
  const id = isObject(data) ? text(data.session_id) : undefined;
  const paymentStatus = isObject(data) ? text(data.payment_status)?.toLowerCase() : undefined;
  if (!isObject(data) || !id || !paymentStatus) throw unreadable('checkout session');
  const expireAt = text(data.expire_at) ? Date.parse(text(data.expire_at)!) : NaN;
  return {
    sessionId: id,
    paymentStatus,
    invoice: text(data.invoice) ?? (typeof data.invoice === 'number' ? String(data.invoice) : undefined),
    totalBaisa: baisa(data.total_amount),
    currency: text(data.currency)?.toUpperCase() ?? PAYMENT_CURRENCY,
    expireAt: Number.isNaN(expireAt) ? undefined : expireAt,
  };
}

/** The session a checkout invoice belongs to (Thawani's payment events name only the invoice). */
export async function sessionIdOfInvoice(api: ThawaniApi, invoice: string): Promise<string> {
  const data = await api.call('GET', `/checkout/invoice/${encodeURIComponent(invoice)}`);
  const id = isObject(data) ? text(data.session_id) : undefined;
  if (!id) throw unreadable('checkout session');
  return id;
}

/** The successful payment of a paid session (at most one: a session is paid once). */
async function successfulPayment(
  api: ThawaniApi,
  invoice: string,
): Promise<{ paymentId: string; amountBaisa: number }> {
  const query = new URLSearchParams({ checkout_invoice: invoice, limit: '10', skip: '0' });
  const data = await api.call('GET', `/payments?${query}`, undefined, { emptyWhenNotFound: true });
  if (!Array.isArray(data)) throw unreadable('payment list');
  for (const payment of data) {
    if (!isObject(payment) || text(payment.status)?.toLowerCase() !== 'successful') continue;
    const paymentId = text(payment.payment_id);
    const amountBaisa = baisa(payment.amount);
    if (!paymentId || amountBaisa === undefined) throw unreadable('payment');
    return { paymentId, amountBaisa };
  }
  throw new PaymentProviderError(`Thawani has no successful payment for paid invoice ${invoice}`);
}

/**
 * A session's state for the app: `paid` with its payment; `cancelled` (the guest or Thawani
 * ended it) is `failed`; `unpaid` is `open` until its `expire_at`, then `expired`.
 */
export async function stateOf(api: ThawaniApi, session: ThawaniSession): Promise<SessionState> {
  switch (session.paymentStatus) {
    case 'paid': {
      if (!session.invoice) throw unreadable('paid session (no invoice)');
      const payment = await successfulPayment(api, session.invoice);
      return {
        status: 'paid',
        providerPaymentId: payment.paymentId,
        amountBaisa: payment.amountBaisa,
        currency: session.currency,
      };
    }
    case 'cancelled':
      return { status: 'failed' };
    case 'unpaid':
      return session.expireAt !== undefined && session.expireAt <= Date.now()
        ? { status: 'expired' }
        : { status: 'open' };
    default:
      throw new PaymentProviderError(
        `Thawani answered an unknown payment_status "${session.paymentStatus.slice(0, 40)}"`,
      );
  }
}

/** What Thawani knows of a session now (`GET /checkout/session/<id>`, and its payment when paid). */
export async function lookUpSession(api: ThawaniApi, providerSessionId: string): Promise<SessionState> {
  return stateOf(api, await getSession(api, providerSessionId));
}
