import { z } from './zod';
import type { BookingStatus } from './constants';
import { calendarDate, idSchema, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import {
  PAYMENT_SESSION_STATUSES,
  type PaymentProvider,
  type PaymentPurpose,
  type PaymentSessionStatus,
} from './payments';

/**
 * The staff's view of online payments (decision 071): the list's filters and rows, the refused
 * webhooks, and a day's check with the provider. Amounts are integer baisa; dates are the
 * hotel's days (Asia/Muscat).
 */
export const PAYMENT_ADMIN_RULES = { pageMax: 100, pageSize: 50, queryMax: 100 } as const;

/**
 * What staff are told about a payment, beyond its state: the provider and our books disagree,
 * money was taken for a booking cancelled since, or the provider refused a refund.
 */
export const PAYMENT_FLAGS = [
  'provider_paid_not_on_folio',
  'on_folio_not_paid_at_provider',
  /** Paid here, still open at the provider (asked by the reconciliation): no money came for it. */
  'paid_here_open_at_provider',
  'paid_after_cancellation',
  'refund_failed',
] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

const cursor = (pattern: RegExp) => z.string().regex(pattern, 'invalid_cursor').optional();

/** GET /api/admin/payments: created from/to (hotel days, both included), a state, a reference or name. */
export const paymentListQuerySchema = z
  .object({
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    status: z.enum(PAYMENT_SESSION_STATUSES, { error: 'invalid_setting' }).optional(),
    /** One booking's sessions (the folio finds an online line's session among them). */
    booking: idSchema.optional(),
    q: z
      .preprocess(
        (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
        z.string().max(PAYMENT_ADMIN_RULES.queryMax, 'text_too_long'),
      )
      .optional(),
    /** The page after this one's last row: `createdAtMs_id`. */
    cursor: cursor(/^\d{1,15}_\d{1,15}$/),
    limit: wholeNumber('invalid_setting')
      .pipe(z.number().min(1, 'invalid_setting').max(PAYMENT_ADMIN_RULES.pageMax, 'invalid_setting'))
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'to_after_from', path: ['to'] });
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/** GET /api/admin/payments/events: the refused webhooks, a page at a time (`receivedAtMs_id`). */
export const paymentEventsQuerySchema = z.object({ cursor: cursor(/^\d{1,15}_\d{1,15}$/) });

/** POST /api/admin/payments/reconcile: the hotel day whose sessions are checked with the provider. */
export const paymentReconcileSchema = z.object({ date: calendarDate() });

/** A row of the staff list. */
export type PaymentListRow = {
  sessionId: number;
  bookingId: number;
  bookingReference: string;
  /** The booking's state now (a payment kept on a cancelled booking is flagged). */
  bookingStatus: BookingStatus;
  guestName: string;
  purpose: PaymentPurpose;
  provider: PaymentProvider;
  providerSessionId: string;
  providerPaymentId: string | null;
  amountBaisa: number;
  status: PaymentSessionStatus;
  /** What the provider said when last asked (null: never asked). */
  providerStatus: PaymentSessionStatus | null;
  createdAt: string;
  settledAt: string | null;
  paymentLineId: number | null;
  /** Refunds the provider confirmed. */
  refundedBaisa: number;
  /** Refunds asked of the provider and not yet confirmed. */
  refundPendingBaisa: number;
  flags: PaymentFlag[];
};

/** A webhook refused (a forgery, a stale copy, an amount that is not the session's…). */
export type RefusedPaymentEvent = {
  id: number;
  receivedAt: string;
  provider: string;
  eventId: string;
  type: string;
  reason: string;
  amountBaisa: number | null;
  sessionId: number | null;
};

/** What a payment can still give back: what was paid less what is refunded or on its way. */
export function refundableBaisa(
  row: Pick<PaymentListRow, 'status' | 'amountBaisa' | 'refundedBaisa' | 'refundPendingBaisa'>,
) {
  if (row.status !== 'paid') return 0;
  return Math.max(0, row.amountBaisa - row.refundedBaisa - row.refundPendingBaisa);
}
