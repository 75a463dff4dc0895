import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { formatBookingReference } from '@shared/booking-reference';
import {
  PAYMENT_LIMITS,
  SYSTEM_REFUND_REASONS,
  type PaymentProvider,
  type SystemRefundReason,
} from '@shared/payments';
import { ApiError } from '../../platform/api-error';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db, Env } from '../../platform/env';
import { formatMoney } from '../../platform/format';
import {
  claimKey,
  createOnce,
  storeAnswerWithId,
  storedAnswerQuery,
  type Created,
  type Idempotency,
} from '../../platform/idempotency';
import { auditLog, notifications } from '../../platform/tables';
import { text } from '../../platform/messages';
import { bookingRowsQuery, paymentBookings } from '../bookings';
import { businessDateQuery, paymentFolio } from '../folio';
import { paymentAdapter } from './payment-config';
import {
  PaymentProviderError,
  type PaymentAdapter,
  type PaymentEvent,
  type RefundState,
} from './providers/payment-adapter';
import { paymentEvents, paymentRefunds, paymentSessions, type PaymentRefundRow } from './tables';

/**
 * Refunds of online payments (decision 071): money paid at the provider goes back only through
 * it. A refund is queued (`payment_refunds`, `requested`) by a cancellation's own batch
 * (cancellation.ts) or by staff (`requestRefund`); the database's trigger `payment_refunds_limit`
 * keeps what is requested, on its way and refunded at or below the payment, whatever races.
 * `sendDueRefunds` sends the queued ones after the answer and from the five-minute cron (the
 * refund channel below); the folio's refund line is posted only when the provider confirms
 * (`settleRefund`: its webhook, refund-events.ts, or the cron's lookup).
 *
 *   requested --claimed--> sending --provider accepted--> sent --confirmed--> succeeded
 *                              \--clear refusal--> failed      \--refused later--> failed
 *
 * A refund never goes to the provider twice: sending claims the row first (a conditional
 * update only one runner wins), and a row left `sending` (the provider's answer lost) is looked
 * for at the provider by our reference before anything is sent again (`findLost`): sent again only
 * if the provider has none; its webhook, matched by payment and amount, may settle it first.
 * A `sent` refund's `sent_at` is when it was sent or last asked about (the lookup's pace).
 */

/** What is left of online payment line `lineId` to refund, at the moment a batch reaches it. */
export const remainderSql = (lineId: number | SQL): SQL =>
  sql`(${paymentFolio.lineAmountSql(lineId)}
    - ${paymentFolio.refundedSql(lineId)}
    - (select coalesce(sum(asked.amount_baisa), 0) from payment_refunds asked
       where asked.payment_line_id = ${lineId} and asked.status in ('requested', 'sending', 'sent')))`;

/** An online payment of a booking: its session, its folio line, and what is left of it to refund. */
export type OnlinePayment = {
  sessionId: number;
  lineId: number;
  amountBaisa: number;
  remainderBaisa: number;
};

/** The booking's online payments (paid sessions) with what each has left (one query, along the booking). */
export async function onlinePaymentsOf(db: Db, bookingId: number): Promise<OnlinePayment[]> {
  // A paid session has its payment line (payment_sessions_paid_check, and its foreign key).
  return db.all<OnlinePayment>(sql`select s.id as sessionId, s.payment_line_id as lineId,
      ${paymentFolio.lineAmountSql(sql`s.payment_line_id`)} as amountBaisa,
      ${remainderSql(sql`s.payment_line_id`)} as remainderBaisa
    from payment_sessions s
    where s.booking_id = ${bookingId} and s.status = 'paid'
    order by s.id`);
}

/** What the database said when a refund was refused: the payment has less left than asked. */
export function refundRefusal(err: unknown): ApiError | null {
  let said = '';
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    said += ` ${e instanceof Error ? e.message : String(e)}`;
  }
  return said.includes('refund_exceeds_payment') ? new ApiError(409, 'refund_exceeds_payment') : null;
}

/** A refund as the API answers it. */
export type RefundView = { id: number; amountBaisa: number; status: PaymentRefundRow['status'] };
export type RefundRequested = { message: string; refund: RefundView };

/**
 * Staff refund (part of) an online payment with a reason (`POST
 * /api/admin/payments/:sessionId/refunds`): 404 `payment_not_found`, 409 `payment_not_refundable`
 * (the session is not paid), 409 `refund_exceeds_payment` (more than the payment has left, also
 * when another refund took it meanwhile: the trigger refuses the batch). The refund row, its audit
 * line and the key's stored answer are ONE batch; it is sent after the answer.
 */
export async function requestRefund(
  db: Db,
  user: SessionUser,
  sessionId: number,
  input: { amountBaisa: number; reason: string },
  options: { idem: Idempotency | null; message: string },
): Promise<Created<RefundRequested>> {
  const { idem, message } = options;
  const session = db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
  const [sessions, stored] = idem
    ? await db.batch([session, storedAnswerQuery(db, idem)])
    : [await session, []];
  const found = sessions[0];
  if (!found) throw new ApiError(404, 'payment_not_found');
  return createOnce(db, idem, stored[0], async () => {
    const lineId = found.paymentLineId;
    if (found.status !== 'paid' || lineId === null) throw new ApiError(409, 'payment_not_refundable');
    // The clear refusal first; the trigger holds it whatever happens meanwhile.
    const { remaining } = await db.get<{ remaining: number }>(
      sql`select ${remainderSql(lineId)} as remaining`,
    );
    if (input.amountBaisa > Number(remaining)) throw new ApiError(409, 'refund_exceeds_payment');
    const draft: RefundRequested = {
      message,
      refund: { id: 0, amountBaisa: input.amountBaisa, status: 'requested' },
    };
    const statements: BatchItem<'sqlite'>[] = [
      db
        .insert(paymentRefunds)
        .values({
          sessionId,
          bookingId: found.bookingId,
          paymentLineId: lineId,
          amountBaisa: input.amountBaisa,
          reason: input.reason,
          requestedBy: user.id,
        })
        .returning(),
      db.insert(auditLog).values(
        auditEntry(user, 'payment.refund_requested', 'payment', sessionId, null, {
          bookingId: found.bookingId,
          paymentLineId: lineId,
          amountBaisa: input.amountBaisa,
          reason: input.reason,
        }),
      ),
    ];
    if (idem) {
      statements.unshift(claimKey(db, idem));
      // Batches run one at a time: the session's newest refund is the one this batch inserted.
      statements.push(
        storeAnswerWithId(
          db,
          idem,
          draft,
          '$.refund.id',
          sql`(select max(id) from payment_refunds where session_id = ${sessionId})`,
        ),
      );
    }
    const results = await db
      .batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
      .catch((err: unknown) => {
        throw refundRefusal(err) ?? err;
      });
    const made = (results[idem ? 1 : 0] as PaymentRefundRow[])[0]!;
    return { message, refund: { id: made.id, amountBaisa: made.amountBaisa, status: made.status } };
  });
}

/** A refund with what settling it needs: its session at the provider and its booking. */
type RefundToSettle = PaymentRefundRow & {
  provider: string;
  providerSessionId: string;
  providerPaymentId: string | null;
  reference: string;
  phoneNumber: string;
  userId: number | null;
};

/** Refunds with their session and booking, where `where` holds (at most `limit`). */
async function refundsWhere(db: Db, where: SQL | undefined, limit: number): Promise<RefundToSettle[]> {
  const booking = bookingRowsQuery(db).as('booking');
  const rows = await db
    .select({
      refund: paymentRefunds,
      provider: paymentSessions.provider,
      providerSessionId: paymentSessions.providerSessionId,
      providerPaymentId: paymentSessions.providerPaymentId,
      reference: booking.reference,
      phoneNumber: booking.phoneNumber,
      userId: booking.userId,
    })
    .from(paymentRefunds)
    .innerJoin(paymentSessions, eq(paymentSessions.id, paymentRefunds.sessionId))
    .innerJoin(booking, eq(booking.id, paymentRefunds.bookingId))
    .where(where)
    .orderBy(paymentRefunds.createdAt)
    .limit(limit);
  return rows.map(({ refund, ...rest }) => ({ ...refund, ...rest }));
}

/**
 * The refund a provider's `refund.succeeded` confirms: the one carrying its refund id, or (the
 * provider told us before we stored its id: its webhook may come before its answer to `refund()`,
 * and a lost answer leaves a row `sending`) the oldest refund of that session's payment with that
 * amount, sent and not yet named.
 */
export async function refundForEvent(db: Db, provider: PaymentProvider, event: PaymentEvent) {
  const providerRefundId = event.providerRefundId!;
  const [named] = await refundsWhere(db, eq(paymentRefunds.providerRefundId, providerRefundId), 1);
  if (named)
    return named.provider === provider && named.providerSessionId === event.providerSessionId ? named : null;
  const [unnamed] = await refundsWhere(
    db,
    and(
      eq(paymentSessions.provider, provider),
      eq(paymentSessions.providerSessionId, event.providerSessionId),
      inArray(paymentRefunds.status, ['sending', 'sent']),
      sql`${paymentRefunds.providerRefundId} is null`,
      eq(paymentRefunds.amountBaisa, event.amountBaisa),
    ),
    1,
  );
  return unnamed ?? null;
}

/**
 * Settles a refund the provider confirmed, in ONE batch: the event's row (when a webhook
 * confirms it; applied once per provider and event id), the folio's refund line (method online,
 * of the payment's line, the provider's refund id as its reference: one line per provider refund),
 * the refund `succeeded` with its line, the audit line and the guest's notice. Only the batch that
 * moves the refund from `sending`/`sent` writes the line and what follows (a token on the row for
 * the batch's length); a repeat writes nothing but, for a new event id, its row. Answers whether
 * this call settled it (false: settled before).
 */
export async function settleRefund(
  db: Db,
  refund: RefundToSettle,
  providerRefundId: string,
  event: { provider: string; event: PaymentEvent } | null,
  now = new Date(),
): Promise<boolean> {
  const businessDate = await businessDateQuery(db, now);
  const token = newChangeToken();
  const open = sql`${paymentRefunds.id} = ${refund.id} and ${paymentRefunds.status} in ('sending', 'sent')`;
  const mine = rowExists(
    paymentRefunds,
    sql`${paymentRefunds.id} = ${refund.id} and ${paymentRefunds.failure} = ${token}`,
  );
  const line = paymentFolio.refundLineIdSql(providerRefundId, refund.paymentLineId);
  const amount = { en: formatMoney(refund.amountBaisa, 'en'), ar: formatMoney(refund.amountBaisa, 'ar') };
  const reference = formatBookingReference(refund.reference);
  const statements: BatchItem<'sqlite'>[] = [];
  if (event) {
    statements.push(
      db
        .insert(paymentEvents)
        .values({
          provider: event.provider,
          eventId: event.event.eventId,
          type: event.event.type,
          sessionId: refund.sessionId,
          outcome: 'applied',
          amountBaisa: event.event.amountBaisa,
        })
        .onConflictDoNothing(),
    );
  }
  statements.push(
    paymentFolio.refundLineStatement(
      db,
      {
        bookingId: refund.bookingId,
        amountBaisa: refund.amountBaisa,
        refundsLineId: refund.paymentLineId,
        reason: refund.reason,
        providerReference: providerRefundId,
        businessDate,
        createdAt: now,
      },
      rowExists(paymentRefunds, open),
    ),
    // The move only one batch makes; the token marks it for this batch's statements after it.
    db
      .update(paymentRefunds)
      .set({
        status: 'succeeded',
        refundLineId: sql`${line}`,
        providerRefundId,
        settledAt: now,
        failure: token,
      })
      .where(and(sql`${open}`, sql`${line} is not null`))
      .returning({ id: paymentRefunds.id }),
    insertWhere(
      db,
      auditLog,
      auditEntry(null, 'payment.refund_succeeded', 'payment', refund.sessionId, null, {
        refundId: refund.id,
        bookingId: refund.bookingId,
        amountBaisa: refund.amountBaisa,
        providerRefundId,
        ...(event && { eventId: event.event.eventId }),
      }),
      mine,
    ),
    insertWhere(
      db,
      notifications,
      {
        userPhone: refund.phoneNumber,
        userId: refund.userId,
        bookingId: refund.bookingId,
        title: text('en', 'payment.refunded.notice'),
        titleAr: text('ar', 'payment.refunded.notice'),
        message: text('en', 'payment.refunded.notice_details', {
          amount: amount.en,
          reference,
        }),
        messageAr: text('ar', 'payment.refunded.notice_details', {
          amount: amount.ar,
          reference,
        }),
        type: 'payment_refunded',
      },
      mine,
    ),
    // The guest's e-mail and push (platform/notify.ts), the amount as the event's reason.
    ...paymentBookings.notifyOfBooking(
      db,
      'payment_refunded',
      refund.bookingId,
      mine,
      String(refund.amountBaisa),
    ),
    // The token is gone when the batch commits: a refund that succeeded has no failure.
    db
      .update(paymentRefunds)
      .set({ failure: null })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.failure, token))),
  );
  const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  const moved = results[event ? 2 : 1] as { id: number }[];
  return moved.length > 0;
}

/** A refund the provider refused: kept `failed` with its words, for staff (nothing reached the folio). */
async function markFailed(db: Db, id: number, failure: string, from: readonly ('sending' | 'sent')[]) {
  await db
    .update(paymentRefunds)
    .set({ status: 'failed', failure: failure.slice(0, 500), settledAt: new Date() })
    .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.status, [...from])));
}

/** A provider's clear refusal (it answered, and said no) rather than an answer lost on the way. */
const refusedByProvider = (err: unknown) =>
  err instanceof PaymentProviderError && err.status !== undefined && err.status >= 400 && err.status < 500;

/** The app's own reasons in words for the provider's books (English, as its back office reads). */
const PROVIDER_REASONS: Record<SystemRefundReason, string> = {
  cancelled_free_period: 'Booking cancelled within the free period',
  request_rejected: 'Booking request rejected by the hotel',
  request_expired: 'Booking request expired',
  request_withdrawn: 'Booking request withdrawn by the guest',
};
const providerReason = (reason: string) =>
  (SYSTEM_REFUND_REASONS as readonly string[]).includes(reason)
    ? PROVIDER_REASONS[reason as SystemRefundReason]
    : reason;

/** Sends one queued refund: claimed first, so two runners never send it twice. */
async function sendRefund(db: Db, adapter: PaymentAdapter, refund: RefundToSettle): Promise<void> {
  const [claimed] = await db
    .update(paymentRefunds)
    .set({ status: 'sending', sentAt: new Date() })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'requested')))
    .returning({ id: paymentRefunds.id });
  if (!claimed) return;
  if (!refund.providerPaymentId) {
    await markFailed(db, refund.id, 'no provider payment id', ['sending']);
    return;
  }
  try {
    const accepted = await adapter.refund({
      providerPaymentId: refund.providerPaymentId,
      providerSessionId: refund.providerSessionId,
      amountBaisa: refund.amountBaisa,
      reason: providerReason(refund.reason),
      reference: String(refund.id),
    });
    // Sent, unless a webhook settled it meanwhile.
    const [named] = await db
      .update(paymentRefunds)
      .set({ status: 'sent', providerRefundId: accepted.providerRefundId })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'sending')))
      .returning({ id: paymentRefunds.id });
    // The provider's answer itself says where the refund stands: done (or refused) is settled now,
    // anything else when a webhook or a later lookup says so.
    if (named) await settleByState(db, refund, accepted.providerRefundId, accepted.state);
  } catch (err) {
    if (refusedByProvider(err)) {
      await markFailed(db, refund.id, (err as Error).message, ['sending']);
      return;
    }
    // The answer was lost: the provider may have made it. Left `sending`, never sent again.
    console.log(JSON.stringify({ msg: 'refund-send-unknown', refundId: refund.id, error: String(err) }));
  }
}

/** A refund now `sent` under `providerRefundId`, settled or failed as `state` says (left as it is while pending). */
async function settleByState(
  db: Db,
  refund: RefundToSettle,
  providerRefundId: string,
  state: RefundState,
  now = new Date(),
): Promise<void> {
  const sent = { ...refund, status: 'sent' as const, providerRefundId };
  if (state.status === 'succeeded' && state.amountBaisa === refund.amountBaisa) {
    await settleRefund(db, sent, providerRefundId, null, now);
  } else if (state.status === 'failed') {
    await markFailed(db, refund.id, state.failure, ['sent']);
  }
}

/** Asks the provider about a refund it accepted whose webhook never came, and settles or fails it. */
async function lookUp(db: Db, adapter: PaymentAdapter, refund: RefundToSettle, now: Date): Promise<void> {
  // Asked now: the next runs (after every write) wait LOOK_UP_AFTER_MS before asking again.
  const [asking] = await db
    .update(paymentRefunds)
    .set({ sentAt: now })
    .where(
      and(
        eq(paymentRefunds.id, refund.id),
        eq(paymentRefunds.status, 'sent'),
        sql`${paymentRefunds.sentAt} is ${refund.sentAt?.getTime() ?? null}`,
      ),
    )
    .returning({ id: paymentRefunds.id });
  if (!asking) return;
  const state = await adapter.lookUpRefund(refund.providerRefundId!);
  await settleByState(db, refund, refund.providerRefundId!, state, now);
}

/**
 * A refund left `sending` (the provider's answer to our request was lost) is looked for at the
 * provider by our reference before anything is sent again: found, it is named and settled or
 * failed as a lookup says (or left `sent` while the provider is on it); the provider has none (our
 * request never reached it), it goes back to `requested` and a later run sends it. Unknown (the
 * provider does not answer): left as it is, asked again later.
 */
async function findLost(db: Db, adapter: PaymentAdapter, refund: RefundToSettle, now: Date): Promise<void> {
  const [asking] = await db
    .update(paymentRefunds)
    .set({ sentAt: now })
    .where(
      and(
        eq(paymentRefunds.id, refund.id),
        eq(paymentRefunds.status, 'sending'),
        sql`${paymentRefunds.providerRefundId} is null`,
        sql`${paymentRefunds.sentAt} is ${refund.sentAt?.getTime() ?? null}`,
      ),
    )
    .returning({ id: paymentRefunds.id });
  if (!asking || !refund.providerPaymentId) return;
  const found = await adapter.findRefund({
    providerPaymentId: refund.providerPaymentId,
    providerSessionId: refund.providerSessionId,
    reference: String(refund.id),
  });
  const lost = and(
    eq(paymentRefunds.id, refund.id),
    eq(paymentRefunds.status, 'sending'),
    sql`${paymentRefunds.providerRefundId} is null`,
  );
  if (!found) {
    await db.update(paymentRefunds).set({ status: 'requested' }).where(lost);
    return;
  }
  const [named] = await db
    .update(paymentRefunds)
    .set({ status: 'sent', providerRefundId: found.providerRefundId })
    .where(lost)
    .returning({ id: paymentRefunds.id });
  // Settled meanwhile (the provider's webhook came).
  if (!named) return;
  await settleByState(db, refund, found.providerRefundId, found, now);
}

/** A refund accepted (or left sending) this long ago without its webhook, or asked about that long ago, is asked about. */
const LOOK_UP_AFTER_MS = 10 * 60_000;

/**
 * Sends the refunds queued (`requested`), asks about those the provider accepted long ago
 * without confirming (`sent`) and looks for those whose answer was lost (`sending`), oldest first, at most PAYMENT_LIMITS.perCronRun a run. One read
 * along the open refunds' index when there is nothing to do (it runs after every write).
 */
export async function sendDueRefunds(
  env: Env,
  db: Db,
  options: { adapter?: PaymentAdapter; now?: Date; ctx?: ExecutionContext } = {},
): Promise<{ sent: number; checked: number }> {
  const now = options.now ?? new Date();
  // The open refunds' partial index (its condition written as the index's, not bound).
  const due = await refundsWhere(
    db,
    sql`${paymentRefunds.status} in ('requested', 'sending', 'sent')`,
    PAYMENT_LIMITS.perCronRun,
  );
  const toSend = due.filter((r) => r.status === 'requested');
  const asked = (r: RefundToSettle) => (r.sentAt?.getTime() ?? 0) < now.getTime() - LOOK_UP_AFTER_MS;
  const toCheck = due.filter((r) => r.status === 'sent' && r.providerRefundId && asked(r));
  const toFind = due.filter((r) => r.status === 'sending' && !r.providerRefundId && asked(r));
  if (toSend.length + toCheck.length + toFind.length === 0) return { sent: 0, checked: 0 };
  const adapter = options.adapter ?? paymentAdapter(env, env.APP_ORIGIN, { db, ctx: options.ctx });
  for (const refund of toSend) await sendRefund(db, adapter, refund);
  for (const refund of toCheck) {
    await lookUp(db, adapter, refund, now).catch((err: unknown) =>
      console.log(JSON.stringify({ msg: 'refund-lookup-failed', refundId: refund.id, error: String(err) })),
    );
  }
  for (const refund of toFind) {
    await findLost(db, adapter, refund, now).catch((err: unknown) =>
      console.log(JSON.stringify({ msg: 'refund-find-failed', refundId: refund.id, error: String(err) })),
    );
  }
  return { sent: toSend.length, checked: toCheck.length + toFind.length };
}
