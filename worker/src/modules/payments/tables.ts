import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_REFUND_STATUSES,
  PAYMENT_SESSION_STATUSES,
} from '@shared/payments';
import { nowMs } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissions } from '../bookings/tables';
import { folioLineKey } from '../folio';

/**
 * Online payments (migration 0061, decision 071): checkout sessions at the provider, the webhooks
 * received (applied once, or refused and kept for staff), and refunds asked of the provider.
 */
export const paymentSessions = sqliteTable(
  'payment_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    amountBaisa: integer('amount_baisa').notNull(),
    currency: text('currency').notNull().default('OMR'),
    status: text('status', { enum: PAYMENT_SESSION_STATUSES }).notNull().default('open'),
    checkoutUrl: text('checkout_url').notNull(),
    providerPaymentId: text('provider_payment_id'),
    paymentLineId: integer('payment_line_id').references(folioLineKey),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    settledAt: integer('settled_at', { mode: 'timestamp_ms' }),
    /** When the cron last asked the provider about it. */
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }),
    /** What the provider said of it when last asked (reconciliation flags a difference). */
    providerStatus: text('provider_status', { enum: PAYMENT_SESSION_STATUSES }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('payment_sessions_provider_check', sql`${t.provider} IN ('fake', 'thawani')`),
    check('payment_sessions_purpose_check', sql`${t.purpose} IN ('deposit', 'balance')`),
    check('payment_sessions_status_check', sql`${t.status} IN ('open', 'paid', 'failed', 'expired')`),
    check('payment_sessions_amount_check', sql`${t.amountBaisa} > 0`),
    check(
      'payment_sessions_provider_status_check',
      sql`${t.providerStatus} IS NULL OR ${t.providerStatus} IN ('open', 'paid', 'failed', 'expired')`,
    ),
    check('payment_sessions_paid_check', sql`(${t.status} = 'paid') = (${t.paymentLineId} IS NOT NULL)`),
    uniqueIndex('payment_sessions_provider_idx').on(t.provider, t.providerSessionId),
    index('payment_sessions_booking_idx').on(t.bookingId, t.id),
    index('payment_sessions_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('payment_sessions_created_idx').on(t.createdAt),
    index('payment_sessions_status_idx').on(t.status, t.createdAt),
    index('payment_sessions_payment_line_idx').on(t.paymentLineId),
    index('payment_sessions_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} IS NOT NULL`),
  ],
);
export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    sessionId: integer('session_id').references(() => paymentSessions.id),
    outcome: text('outcome', { enum: ['applied', 'refused'] }).notNull(),
    reason: text('reason'),
    amountBaisa: integer('amount_baisa'),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    check('payment_events_outcome_check', sql`${t.outcome} IN ('applied', 'refused')`),
    check('payment_events_reason_check', sql`(${t.outcome} = 'refused') = (${t.reason} IS NOT NULL)`),
    uniqueIndex('payment_events_applied_idx')
      .on(t.provider, t.eventId)
      .where(sql`${t.outcome} = 'applied'`),
    index('payment_events_received_idx').on(t.receivedAt),
    index('payment_events_refused_idx')
      .on(t.receivedAt)
      .where(sql`${t.outcome} = 'refused'`),
    index('payment_events_session_idx')
      .on(t.sessionId)
      .where(sql`${t.sessionId} IS NOT NULL`),
  ],
);
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

export const paymentRefunds = sqliteTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => paymentSessions.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id),
    paymentLineId: integer('payment_line_id').notNull().references(folioLineKey),
    amountBaisa: integer('amount_baisa').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: PAYMENT_REFUND_STATUSES }).notNull().default('requested'),
    providerRefundId: text('provider_refund_id'),
    refundLineId: integer('refund_line_id').references(folioLineKey),
    /** What the provider said when it refused (for staff). */
    failure: text('failure'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    settledAt: integer('settled_at', { mode: 'timestamp_ms' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('payment_refunds_amount_check', sql`${t.amountBaisa} > 0`),
    check(
      'payment_refunds_status_check',
      sql`${t.status} IN ('requested', 'sending', 'sent', 'succeeded', 'failed')`,
    ),
    check('payment_refunds_line_check', sql`(${t.status} = 'succeeded') = (${t.refundLineId} IS NOT NULL)`),
    index('payment_refunds_payment_idx').on(t.paymentLineId),
    index('payment_refunds_refund_line_idx').on(t.refundLineId),
    index('payment_refunds_booking_idx').on(t.bookingId, t.id),
    index('payment_refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('requested', 'sending', 'sent')`),
    uniqueIndex('payment_refunds_provider_idx')
      .on(t.providerRefundId)
      .where(sql`${t.providerRefundId} IS NOT NULL`),
    index('payment_refunds_requested_by_idx')
      .on(t.requestedBy)
      .where(sql`${t.requestedBy} IS NOT NULL`),
  ],
);
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
