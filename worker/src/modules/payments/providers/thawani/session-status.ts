import { PAYMENT_CURRENCY } from '@shared/payments';
import { PaymentProviderError, type SessionState } from '../payment-adapter';
import { baisa, everyPage, isObject, text, unreadable, type ThawaniApi } from './api';

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

/** A Thawani payment (Payment_Model) as the adapter reads it. */
export type ThawaniPayment = {
  paymentId: string;
  invoice: string | undefined;
  /** `successful`, `failed`, `inproccess`, ... (lower case; the samples write `Successful`). */
  status: string;
  amountBaisa: number;
  feeBaisa: number;
  createdAt: number;
};

/** A payment of Thawani's answers (one, or an item of its list). */
export function readPayment(data: unknown): ThawaniPayment {
  const paymentId = isObject(data) ? text(data.payment_id) : undefined;
  const status = isObject(data) ? text(data.status)?.toLowerCase() : undefined;
  const amountBaisa = isObject(data) ? baisa(data.amount) : undefined;
  if (!isObject(data) || !paymentId || !status || amountBaisa === undefined) throw unreadable('payment');
  const createdAt = text(data.created_at) ? Date.parse(text(data.created_at)!) : NaN;
  return {
    paymentId,
    invoice:
      text(data.checkout_invoice) ??
      (typeof data.checkout_invoice === 'number' ? String(data.checkout_invoice) : undefined),
    status,
    amountBaisa,
    feeBaisa: baisa(data.fee) ?? 0,
    createdAt: Number.isNaN(createdAt) ? 0 : createdAt,
  };
}

/**
 * What a successful payment paid toward `session`, in baisa. Thawani's Payment_Model has the
 * `amount` "intended to be collected by this payment" and the `fee` "intended to be collected by
 * this payment": a fee Thawani takes from the merchant leaves `amount` the session's total; a fee
 * passed on to the guest comes on top of it. Either way the session's total is what paid for the
 * stay (the fee is Thawani's, never the hotel's). Any other amount is answered as it is, and the
 * app refuses it as not the session's (`amount_mismatch`, kept for staff).
 */
export function paidTowardSession(payment: ThawaniPayment, session: ThawaniSession): number {
  const total = session.totalBaisa;
  if (total === undefined) return payment.amountBaisa;
  if (payment.amountBaisa === total) return total;
  if (payment.feeBaisa > 0 && payment.amountBaisa - payment.feeBaisa === total) return total;
  return payment.amountBaisa;
}

/**
 * The successful payment of a paid session: every page of `GET /payments?checkout_invoice=` is
 * read (a guest may have had many cards declined first, and Thawani documents no order), and of
 * the successful ones (one, unless the guest was charged twice) the earliest.
 */
async function successfulPayment(api: ThawaniApi, invoice: string): Promise<ThawaniPayment> {
  let first: ThawaniPayment | undefined;
  for await (const page of everyPage(api, '/payments', { checkout_invoice: invoice }, 'payment list')) {
    for (const item of page) {
      const payment = readPayment(item);
      if (payment.status !== 'successful') continue;
      if (
        !first ||
        payment.createdAt < first.createdAt ||
        (payment.createdAt === first.createdAt && payment.paymentId < first.paymentId)
      ) {
        first = payment;
      }
    }
  }
  if (!first) throw new PaymentProviderError(`Thawani has no successful payment for paid invoice ${invoice}`);
  return first;
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
        amountBaisa: paidTowardSession(payment, session),
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
