/**
 * payments: money a guest pays online (docs/decisions/071-online-payments.md).
 *
 * Owns: checkout sessions with a provider, the providers' adapters (providers/, one interface),
 * webhooks and their replay, refunds and their delivery, reconciliation, the payments admin;
 * their tables (tables.ts).
 * Offers: the routes the entry mounts (the fake provider's API `fakeThawaniApi` at
 * /dev/thawani/api/v1, its page and controls); the hooks the entry installs
 * (`installWebhookDispatch`, `paymentCancellationHook`, `refundChannel`); the cron's settling of
 * open sessions (`settleOpenSessions`); the configured provider (for e-mails); the adapter, its
 * webhook secret and Thawani's signed webhooks (`paymentAdapter`, `webhookSecret`,
 * `signedWebhook`), used by the tests; `extrasCheckout`, a checkout of an extra the guest bought
 * (modules/extras: its amount, and the states of those opened).
 * Never: hands out its tables; keeps a balance of its own (money taken or given back is a folio
 * line, the folio's); confirms a booking but through the bookings module's statements.
 * Imports: bookings, catalog, folio, rates.
 */
export { paymentsAdmin, paymentsCsvRoutes } from './routes/admin/payments';
export { paymentCancellationHook } from './cancellation';
export { refundChannel } from './refund-delivery';
export { paymentRefundsAdmin } from './routes/admin/payment-refunds';
export { configuredProvider, installWebhookDispatch, paymentAdapter, webhookSecret } from './payment-config';
export { fakeThawaniApi, signedWebhook } from './providers/fake';
export { settleOpenSessions } from './session-settlement';
export { extrasCheckout } from './extras-checkout';
export { bookingPaymentRoutes } from './routes/booking-payments';
export { paymentWebhookRoutes } from './routes/webhooks';
export { devPaymentRoutes, devPayPages } from './routes/dev-pay';
