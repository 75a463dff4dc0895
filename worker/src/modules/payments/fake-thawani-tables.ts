import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';

/**
 * The fake payment provider's own books (migration 0079, development only; providers/fake/):
 * Thawani's objects as its "Thawani ECommerce API" 1.0 describes them, in its own field names.
 * The app never reads them but through the fake's HTTP API (`/dev/thawani/api/v1`), with the
 * Thawani adapter, as it would Thawani's; the fake's page and test controls (`/dev/pay`,
 * `/api/dev/payments`) read and write them directly.
 */

export const FAKE_THAWANI_SESSION_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
/** As Thawani writes them in its webhooks' samples (`InProccess` is Thawani's own spelling). */
export const FAKE_THAWANI_PAYMENT_STATUSES = ['InProccess', 'Successful', 'Failed'] as const;

/** Checkout_Model: a checkout session; `products` and `metadata` are JSON. */
export const fakeThawaniSessions = sqliteTable(
  'fake_thawani_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    clientReferenceId: text('client_reference_id').notNull(),
    invoice: text('invoice').notNull(),
    products: text('products').notNull(),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull().default('OMR'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    paymentStatus: text('payment_status', { enum: FAKE_THAWANI_SESSION_STATUSES })
      .notNull()
      .default('unpaid'),
    metadata: text('metadata').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    expireAt: integer('expire_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    check('fake_thawani_sessions_status_check', sql`${t.paymentStatus} IN ('unpaid', 'paid', 'cancelled')`),
    uniqueIndex('fake_thawani_sessions_invoice_idx').on(t.invoice),
  ],
);
export type FakeThawaniSession = typeof fakeThawaniSessions.$inferSelect;

/** Payment_Model: one attempt to pay a session's invoice (a declined card is one too). */
export const fakeThawaniPayments = sqliteTable(
  'fake_thawani_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    checkoutInvoice: text('checkout_invoice').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull().default(0),
    status: text('status', { enum: FAKE_THAWANI_PAYMENT_STATUSES }).notNull(),
    maskedCard: text('masked_card').notNull(),
    cardType: text('card_type').notNull(),
    reason: text('reason'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    check('fake_thawani_payments_status_check', sql`${t.status} IN ('InProccess', 'Successful', 'Failed')`),
    index('fake_thawani_payments_invoice_idx').on(t.checkoutInvoice),
  ],
);
export type FakeThawaniPayment = typeof fakeThawaniPayments.$inferSelect;

/** Refund_Model: a refund of (part of) a payment, its status in Thawani's word. */
export const fakeThawaniRefunds = sqliteTable(
  'fake_thawani_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => fakeThawaniPayments.paymentId),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    metadata: text('metadata').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [index('fake_thawani_refunds_payment_idx').on(t.paymentId)],
);
export type FakeThawaniRefund = typeof fakeThawaniRefunds.$inferSelect;

/** What a test asked of the fake (one row, id 1; providers/fake/controls.ts). */
export const fakeThawaniControls = sqliteTable(
  'fake_thawani_controls',
  {
    id: integer('id').primaryKey(),
    faultStatus: integer('fault_status').notNull().default(0),
    faultRemaining: integer('fault_remaining').notNull().default(0),
    pageLimit: integer('page_limit'),
    fee: integer('fee').notNull().default(0),
    feeOnTop: integer('fee_on_top', { mode: 'boolean' }).notNull().default(false),
    refundStatus: text('refund_status').notNull().default('successful'),
  },
  (t) => [check('fake_thawani_controls_one_row', sql`${t.id} = 1`)],
);
