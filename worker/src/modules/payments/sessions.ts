import type { ExecutionContext as WorkContext } from 'hono';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { formatBookingReference } from '@shared/booking-reference';
import { FOLIO_OPEN_STATUSES } from '@shared/folio';
import { nightsBetween } from '@shared/money';
import {
  depositDueBaisa,
  PAYMENT_LIMITS,
  type PaymentPurpose,
  type PaymentRefundStatus,
  type PaymentSessionStatus,
} from '@shared/payments';
import { ApiError, throttled } from '../../platform/api-error';
import type { Db, Env } from '../../platform/env';
import { text, type Language } from '../../platform/messages';
import { hit, retryAfterSeconds, type Limit } from '../../platform/rate-limit';
import type { BookingSubmission } from '../bookings';
import { masterGroupQuery, paymentFolio, postedNightSet, postedNightsQuery, stayNightPrices } from '../folio';
import { planDepositQuery } from '../rates';
import { configuredProvider, paymentAdapter } from './payment-config';
import { PaymentProviderError } from './providers/payment-adapter';
import { paymentRefunds, paymentSessions } from './tables';

/**
 * What a booking's guest owes now and paying it online (decision 071): the deposit its plan asks
 * for (kept with the booking when it was made) less what the folio has been paid, net of
 * refunds; the balance (the folio's, plus the nights not yet posted); and a checkout at the
 * provider for either, answered again rather than opened twice.
 */

/** The sessions and refunds a booking's answer lists (newest first; a booking has a handful). */
const LISTED = 50;

/** An open session this young, for the same booking, purpose and amount, is answered again. */
const REUSE_MS = 30 * 60_000;

/** Checkouts a booking may open in an hour: a retry loop cannot open hundreds. */
export const SESSIONS_PER_BOOKING: Limit = { max: 20, windowMs: 60 * 60_000 };

/** Whether the booking's folio still takes payments for its stay (open, not checked out). */
export function bookingOpen(booking: Pick<BookingSubmission, 'status' | 'checkedOutAt'>): boolean {
  return (FOLIO_OPEN_STATUSES as readonly string[]).includes(booking.status) && booking.checkedOutAt === null;
}

export type PaymentSummary = {
  depositDueBaisa: number;
  paidBaisa: number;
  dueNowBaisa: number;
  outstandingBaisa: number;
  purpose: PaymentPurpose | null;
  onlineAvailable: boolean;
  sessions: {
    id: number;
    purpose: PaymentPurpose;
    amountBaisa: number;
    status: PaymentSessionStatus;
    createdAt: string;
    settledAt: string | null;
  }[];
  refunds: {
    id: number;
    amountBaisa: number;
    status: PaymentRefundStatus;
    createdAt: string;
    settledAt: string | null;
  }[];
};

/**
 * The booking's payments (one D1 round trip): its plan's deposit rule (when the booking kept
 * none), the folio's payments and refunds summed along the booking's own lines, the nights
 * posted, its newest sessions and refunds.
 */
export async function paymentSummary(env: Env, db: Db, booking: BookingSubmission): Promise<PaymentSummary> {
  const { summary } = await readPayments(env, db, booking);
  return summary;
}

/** The summary, and the sessions' rows it was made of (opening a checkout reuses an open one). */
async function readPayments(env: Env, db: Db, booking: BookingSubmission) {
  const [plans, money, posted, sessions, refunds, master] = await db.batch([
    planDepositQuery(db, booking.ratePlan, booking.depositRule === null),
    paymentFolio.paymentsAndRefundsQuery(db, booking.id),
    postedNightsQuery(db, booking.id),
    db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.bookingId, booking.id))
      .orderBy(desc(paymentSessions.id))
      .limit(LISTED),
    db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, booking.id))
      .orderBy(desc(paymentRefunds.id))
      .limit(LISTED),
    // A member of a master-billed group: its rooms are the group's to pay (decision 076).
    masterGroupQuery(db, booking.id),
  ]);
  const billedToGroup = master.length > 0;
  const rule = booking.depositRule ?? plans[0]?.deposit ?? null;
  const deposit = billedToGroup
    ? 0
    : depositDueBaisa(rule, booking.cancellationRule, {
        totalBaisa: booking.isPointsBooking ? 0 : (booking.totalPrice ?? 0),
        nightPrices: booking.nightPrices,
        nights: nightsBetween(booking.checkInDate, booking.checkOutDate),
      });
  const paid = Number(money[0]?.payments ?? 0) - Number(money[0]?.refunds ?? 0);
  const open = bookingOpen(booking);
  const postedNights = postedNightSet(posted);
  const unposted =
    open && !billedToGroup
      ? stayNightPrices(booking)
          .filter((n) => !postedNights.has(n.night))
          .reduce((sum, n) => sum + n.priceBaisa, 0)
      : 0;
  const dueNow = open ? Math.max(0, deposit - paid) : 0;
  const outstanding = Math.max(0, booking.folioBalanceBaisa + unposted);
  const summary: PaymentSummary = {
    depositDueBaisa: deposit,
    paidBaisa: paid,
    dueNowBaisa: dueNow,
    outstandingBaisa: outstanding,
    purpose: dueNow > 0 ? 'deposit' : open && outstanding > 0 ? 'balance' : null,
    onlineAvailable: configuredProvider(env) !== null,
    sessions: sessions.map((s) => ({
      id: s.id,
      purpose: s.purpose,
      amountBaisa: s.amountBaisa,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      settledAt: s.settledAt?.toISOString() ?? null,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amountBaisa: r.amountBaisa,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      settledAt: r.settledAt?.toISOString() ?? null,
    })),
  };
  return { summary, sessions };
}

export type OpenedCheckout = { sessionId: number; checkoutUrl: string; amountBaisa: number };

/** Where the provider sends the guest back: the booking's page, naming the session. */
export function returnUrls(origin: string, reference: string, sessionId: number) {
  const success = `${origin}/booking/${encodeURIComponent(reference)}?payment=${sessionId}`;
  return { successUrl: success, cancelUrl: `${success}&cancelled=1` };
}

/**
 * Opens a checkout at the provider for what the booking owes now: the deposit still due, or the
 * balance (asked for, or when no deposit is due). Answers an open session of the same booking,
 * purpose and amount younger than 30 minutes again (`reused`) rather than opening another.
 * 409 `booking_not_open` (cancelled, completed, checked out), 409 `payment_nothing_due`, 409
 * `payment_below_minimum` (under PAYMENT_LIMITS.minOnlineBaisa: Thawani's least order), 429 past
 * SESSIONS_PER_BOOKING, 503 `payments_unavailable`, 502 `payment_provider_failed`.
 *
 * Our session row is written first (its id is the provider's reference and is in the return
 * addresses), then the provider is asked, then the row gets the provider's session; a provider
 * that fails leaves no row.
 */
export async function openCheckout(
  env: Env,
  db: Db,
  {
    origin,
    booking,
    purpose: asked,
    actor,
    language,
    ctx,
    fixed,
  }: {
    origin: string;
    booking: BookingSubmission;
    purpose?: PaymentPurpose;
    actor: SessionUser | null;
    language: Language;
    ctx?: WorkContext;
    /**
     * A checkout of this amount with this description (an extra the guest bought, modules/extras),
     * paid on the folio as the balance is.
     */
    fixed?: { amountBaisa: number; description: string };
  },
): Promise<OpenedCheckout & { reused: boolean }> {
  if (!bookingOpen(booking)) throw new ApiError(409, 'booking_not_open');
  const adapter = paymentAdapter(env, origin, { db, ctx });
  const { summary, sessions } = await readPayments(env, db, booking);
  const purpose: PaymentPurpose = fixed
    ? 'balance'
    : (asked ?? (summary.dueNowBaisa > 0 ? 'deposit' : 'balance'));
  const amount = fixed
    ? fixed.amountBaisa
    : purpose === 'deposit'
      ? summary.dueNowBaisa
      : summary.outstandingBaisa;
  if (amount <= 0) throw new ApiError(409, 'payment_nothing_due');
  // The provider refuses an order this small: paid at the hotel, never a 502 from the provider.
  if (amount < PAYMENT_LIMITS.minOnlineBaisa) throw new ApiError(409, 'payment_below_minimum');
  const now = Date.now();
  const open = sessions.find(
    (s) =>
      s.status === 'open' &&
      s.purpose === purpose &&
      s.amountBaisa === amount &&
      s.checkoutUrl !== '' &&
      now - s.createdAt.getTime() < REUSE_MS,
  );
  if (open) return { sessionId: open.id, checkoutUrl: open.checkoutUrl, amountBaisa: amount, reused: true };

  const key = `payment_session:${booking.id}`;
  if ((await hit(db, key, SESSIONS_PER_BOOKING, now)) > SESSIONS_PER_BOOKING.max) {
    throw throttled('too_many_requests', retryAfterSeconds(SESSIONS_PER_BOOKING, now));
  }
  // A stand-in for the provider's session until it answers (unique, never a provider's).
  const placeholder = `pending:${crypto.randomUUID()}`;
  const [row] = await db
    .insert(paymentSessions)
    .values({
      bookingId: booking.id,
      provider: adapter.name,
      providerSessionId: placeholder,
      purpose,
      amountBaisa: amount,
      checkoutUrl: '',
      createdBy: actor?.id ?? null,
    })
    .returning({ id: paymentSessions.id });
  const sessionId = row!.id;
  const reference = formatBookingReference(booking.reference);
  let checkout: { providerSessionId: string; checkoutUrl: string };
  try {
    checkout = await adapter.createSession({
      reference: String(sessionId),
      bookingReference: booking.reference,
      amountBaisa: amount,
      description: fixed?.description ?? text(language, `payment.description.${purpose}`, { reference }),
      customer: {
        name: booking.fullName,
        email: booking.email ?? booking.userEmail ?? null,
        phone: booking.phoneNumber,
      },
      ...returnUrls(origin, booking.reference, sessionId),
      language,
    });
  } catch (err) {
    await db
      .delete(paymentSessions)
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.providerSessionId, placeholder)));
    if (err instanceof ApiError) throw err;
    if (err instanceof PaymentProviderError) throw new ApiError(502, 'payment_provider_failed');
    throw err;
  }
  await db
    .update(paymentSessions)
    .set({ providerSessionId: checkout.providerSessionId, checkoutUrl: checkout.checkoutUrl })
    .where(eq(paymentSessions.id, sessionId));
  return { sessionId, checkoutUrl: checkout.checkoutUrl, amountBaisa: amount, reused: false };
}

/**
 * The checkouts `ids` with their states (an extra's payment, modules/extras): one read along the
 * primary key.
 *
 * @example const states = await checkoutStates(db, [12, 14]); // Map { 12 => 'paid', 14 => 'open' }
 */
export async function checkoutStates(db: Db, ids: number[]): Promise<Map<number, PaymentSessionStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentSessions.id, status: paymentSessions.status })
    .from(paymentSessions)
    .where(inArray(paymentSessions.id, ids.slice(0, 90)));
  return new Map(rows.map((r) => [r.id, r.status]));
}
