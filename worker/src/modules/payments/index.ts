export { paymentsAdmin, paymentsCsvRoutes } from './routes/admin/payments';
export { paymentCancellationHook } from './cancellation';
export { applyRefundSucceeded } from './refund-events';
export { refundChannel } from './refund-delivery';
export { paymentRefundsAdmin } from './routes/admin/payment-refunds';
export {
  configuredProvider,
  fakeProviderConfig,
  installWebhookDispatch,
  paymentAdapter,
  webhookSecret,
} from './payment-config';
export { completeFakeSession, fakeAdapter, readFakeWebhook, signWebhook } from './providers/fake';
export { applyPaymentEvent, recordRefusal } from './payment-events';
export { bookingOpen, openCheckout, paymentSummary, type PaymentSummary } from './sessions';
export { lookUpAndRecord, settleOpenSessions, settleSession } from './session-settlement';
export { bookingPaymentRoutes } from './routes/booking-payments';
export { paymentWebhookRoutes } from './routes/webhooks';
export { devPaymentRoutes, devPayPages } from './routes/dev-pay';
export {
  fakeProviderRefunds,
  fakeProviderSessions,
  paymentEvents,
  paymentRefunds,
  paymentSessions,
  type PaymentSessionRow,
} from './tables';
