import type { PaymentProvider } from '@shared/payments';
import type { PaymentAdapter } from '../payment-adapter';
import { thawaniApi, type ThawaniConfig } from './api';
import { createSession } from './checkout';
import { findRefund, lookUpRefund, refund } from './refunds';
import { lookUpSession } from './session-status';
import { readWebhook } from './webhook';

/**
 * Thawani Pay's hosted checkout behind the app's adapter (decision 071, section "Thawani Pay"):
 * its E-Commerce API v1 (`apiUrl`, e.g. https://uatcheckout.thawani.om/api/v1, with the secret
 * key in the `thawani-api-key` header), its payment page (`checkoutUrl`/<session_id>?key=<publishable
 * key>), and its webhooks (`thawani-signature`: hex HMAC-SHA256 keyed by the webhook secret over
 * the body's bytes + "-" + thawani-timestamp). Amounts are baisa on both sides.
 *
 * - api.ts: the one HTTP call (key, timeout, Thawani's `{success, data}` answers), its readers, and
 *   every page of a list (`everyPage`);
 * - checkout.ts: a checkout session and the guest's payment page;
 * - webhook.ts: signature, timestamp, and the body read as a hint checked against the API;
 * - refunds.ts: a refund sent, looked up, and found by our reference;
 * - session-status.ts: a session's state (the cron's settlement and the reconciliation).
 *
 * `name`: the provider the app keeps it as: `thawani`, or `fake` when it talks to the fake, the
 * stand-in for Thawani's API inside the development worker (../fake/), which its tests run
 * against (../contract.test.ts and ./thawani.test.ts).
 */
export type { ThawaniConfig } from './api';

export function thawaniAdapter(
  config: ThawaniConfig,
  fetchImpl: typeof fetch = fetch,
  name: PaymentProvider = 'thawani',
): PaymentAdapter {
  const api = thawaniApi(config, fetchImpl);
  return {
    name,
    createSession: (input) => createSession(api, input),
    readWebhook: (request) => readWebhook(api, request),
    lookUpSession: (providerSessionId) => lookUpSession(api, providerSessionId),
    refund: (input) => refund(api, input),
    lookUpRefund: (providerRefundId) => lookUpRefund(api, providerRefundId),
    findRefund: (input) => findRefund(api, input),
  };
}
