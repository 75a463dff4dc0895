import type { CheckoutRequest, CheckoutSession } from '../payment-adapter';
import { isObject, text, unreadable, type ThawaniApi } from './api';

/** Thawani's payment page shows a product name of at most 40 characters. */
const PRODUCT_NAME_MAX = 40;

/**
 * A checkout session at Thawani (`POST /checkout/session`): our session's id as its
 * `client_reference_id`, one product of the whole amount in baisa, and the booking reference and
 * the guest's details in its metadata; the guest goes to Thawani's page with the publishable key.
 */
export async function createSession(api: ThawaniApi, input: CheckoutRequest): Promise<CheckoutSession> {
  const metadata: Record<string, string> = {
    booking_reference: input.bookingReference,
    customer_name: input.customer.name,
  };
  if (input.customer.email) metadata.customer_email = input.customer.email;
  if (input.customer.phone) metadata.customer_phone = input.customer.phone;
  const name = [...input.description].slice(0, PRODUCT_NAME_MAX).join('');
  const data = await api.call('POST', '/checkout/session', {
    client_reference_id: input.reference,
    mode: 'payment',
    products: [{ name, quantity: 1, unit_amount: input.amountBaisa }],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata,
  });
  const sessionId = isObject(data) ? text(data.session_id) : undefined;
  if (!sessionId) throw unreadable('checkout session');
  const base = api.config.checkoutUrl.replace(/\/+$/, '');
  const page = `${base}/${encodeURIComponent(sessionId)}?key=${encodeURIComponent(api.config.publishableKey)}`;
  // A page that takes the guest's language opens in it, not the browser's.
  const param = api.config.pageLanguageParam;
  return {
    providerSessionId: sessionId,
    checkoutUrl: param && input.language ? `${page}&${param}=${input.language}` : page,
  };
}
