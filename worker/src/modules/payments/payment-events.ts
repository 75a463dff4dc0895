import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { formatBookingReference } from '@shared/booking-reference';
import { nightsBetween } from '@shared/money';
import { depositDueBaisa, type PaymentEventType, type PaymentProvider } from '@shared/payments';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { formatMoney } from '../../platform/format';
import { text } from '../../platform/messages';
import { auditLog, notifications, staffAlerts } from '../../platform/tables';
import { bookingRowsQuery, type BookingSubmission, paymentBookings } from '../bookings';
import { businessDateOf, folioRefusal, lastClosedDateQuery, paymentFolio } from '../folio';
import { depositTermsOfPlansQuery } from '../rates';
import type { EventOutcome } from './event-outcome';
import type { PaymentEvent } from './providers/payment-adapter';
import { applyRefundSucceeded } from './refund-events';
import { paymentEvents, paymentSessions } from './tables';

/**
 * Applying a provider's webhook (decision 071): once per event id, and only a genuine one for a
 * session of ours with its own amount and currency. A refused event changes nothing but its own
 * row in `payment_events` (for staff).
 *
 * A paid session is ONE batch: the event's row (inserted unless its id was applied before: the
 * partial unique index, ON CONFLICT DO NOTHING), then, each only if THIS batch inserted that row
 * (its `type` carries this request's random token until the batch's last statement puts the
 * plain type back, so no one ever reads the token), the folio's online payment line (one per
 * provider payment: its unique `provider_reference`), the session marked paid with its line, and,
 * only if this batch is the one that marked it paid, the audit line, the guest's notice and
 * e-mail, the staff's alert and, when the plan asks for it and the deposit is now paid, the
 * request's confirmation. Twenty copies at once post one line; a lookup's settlement
 * (`lookup:<session>`) and a late webhook for the same payment post one line too.
 */

/** Why a refused event was refused, as the provider hears it. */
export const REFUSAL_STATUS = {
  signature_invalid: 401,
  timestamp_stale: 401,
  body_invalid: 400,
  session_unknown: 404,
  amount_mismatch: 409,
  currency_mismatch: 409,
  refund_unknown: 404,
  payment_other_session: 409,
} as const;

type Refusal = keyof typeof REFUSAL_STATUS;

export function refused(reason: Refusal): EventOutcome {
  return { applied: false, reason, status: REFUSAL_STATUS[reason] };
}

/** Keeps a refused webhook for staff (its own row; nothing else changes). */
export async function recordRefusal(
  db: Db,
  provider: PaymentProvider,
  refusal: {
    eventId?: string;
    type?: string;
    sessionId?: number | null;
    amountBaisa?: number | null;
    reason: Refusal;
  },
): Promise<void> {
  await db.insert(paymentEvents).values({
    provider,
    eventId: (refusal.eventId ?? '').slice(0, 100) || '(unread)',
    type: (refusal.type ?? '').slice(0, 40) || '(unread)',
    sessionId: refusal.sessionId ?? null,
    outcome: 'refused',
    reason: refusal.reason,
    amountBaisa: refusal.amountBaisa ?? null,
  });
}

/** The event's row, inserted unless its id was applied before; `type` carries this request's token. */
function eventRow(db: Db, provider: PaymentProvider, event: PaymentEvent, sessionId: number, token: string) {
  return insertWhere(
    db,
    paymentEvents,
    {
      provider,
      eventId: event.eventId,
      type: `${event.type}#${token}`,
      sessionId,
      outcome: 'applied',
      amountBaisa: event.amountBaisa,
    },
    sql`1`,
  )
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
}

/** Whether THIS batch inserted the event's row (its token is on it). */
function eventMine(provider: PaymentProvider, event: PaymentEvent, token: string) {
  return rowExists(
    paymentEvents,
    sql`${paymentEvents.provider} = ${provider} and ${paymentEvents.eventId} = ${event.eventId}
      and ${paymentEvents.outcome} = 'applied' and ${paymentEvents.type} = ${`${event.type}#${token}`}`,
  );
}

/** The batch's last statement: the event's plain type back in place of the token. */
function eventTypeBack(db: Db, provider: PaymentProvider, event: PaymentEvent, token: string) {
  return db
    .update(paymentEvents)
    .set({ type: event.type })
    .where(
      and(
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.eventId, event.eventId),
        eq(paymentEvents.type, `${event.type}#${token}`),
      ),
    );
}

/**
 * A session of ours by the provider's id, its booking, and its plan's confirm-on-deposit and
 * deposit rule, with the last closed day (one round trip; no join, whose like-named columns a
 * batch's answers would mix up).
 */
async function sessionContext(db: Db, provider: PaymentProvider, providerSessionId: string) {
  const ours = and(
    eq(paymentSessions.provider, provider),
    eq(paymentSessions.providerSessionId, providerSessionId),
  );
  const bookingId = db.select({ id: paymentSessions.bookingId }).from(paymentSessions).where(ours);
  const booked = bookingRowsQuery(db, { idIn: bookingId }).as('booked');
  const [sessions, bookings, plans, closed] = await db.batch([
    db.select().from(paymentSessions).where(ours),
    bookingRowsQuery(db, { idIn: bookingId }),
    depositTermsOfPlansQuery(db, db.select({ code: booked.ratePlan }).from(booked)),
    lastClosedDateQuery(db),
  ]);
  const session = sessions[0];
  const booking = bookings[0];
  const found =
    session && booking
      ? {
          session,
          booking,
          confirmOnDeposit: plans[0]?.confirmOnDeposit ?? false,
          planDeposit: plans[0]?.deposit ?? null,
        }
      : undefined;
  return { found, closed };
}

type Context = NonNullable<Awaited<ReturnType<typeof sessionContext>>['found']>;

/** The deposit the booking's plan asks for (its rule kept when booked, else the plan's now). */
function depositOf(booking: BookingSubmission, planDeposit: Context['planDeposit']): number {
  return depositDueBaisa(booking.depositRule ?? planDeposit ?? null, booking.cancellationRule, {
    totalBaisa: booking.isPointsBooking ? 0 : (booking.totalPrice ?? 0),
    nightPrices: booking.nightPrices,
    nights: nightsBetween(booking.checkInDate, booking.checkOutDate),
  });
}

/** The statements of a paid session (see the file's comment), guarded by `mine`. */
function paidStatements(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  { session, booking, confirmOnDeposit, planDeposit }: Context,
  mine: ReturnType<typeof rowExists>,
  businessDate: string,
  now: Date,
): BatchItem<'sqlite'>[] {
  const line = paymentFolio.paymentLineIdSql(event.providerPaymentId);
  // This batch marked the session paid (the session's state guards every later copy).
  const settledNow = rowExists(
    paymentSessions,
    sql`${paymentSessions.id} = ${session.id} and ${paymentSessions.status} = 'paid'
      and ${paymentSessions.providerPaymentId} = ${event.providerPaymentId} and ${paymentSessions.settledAt} = ${now.getTime()}`,
  );
  const won = sql`${mine} and ${settledNow}`;
  // This batch posted a line for a session another payment had paid already.
  const lineNow = paymentFolio.paymentLinePostedSql(event.providerPaymentId, now);
  const again = sql`${mine} and ${lineNow} and not ${settledNow}`;
  const amount = event.amountBaisa;
  const reference = formatBookingReference(booking.reference);
  const statements: BatchItem<'sqlite'>[] = [
    // Posted whatever the booking's status (money was taken: a cancelled booking's is refunded by staff).
    paymentFolio.paymentLineStatement(
      db,
      {
        bookingId: booking.id,
        amountBaisa: amount,
        businessDate,
        providerReference: event.providerPaymentId,
        createdAt: now,
      },
      mine,
    ),
    db
      .update(paymentSessions)
      .set({
        status: 'paid',
        paymentLineId: line,
        providerPaymentId: event.providerPaymentId,
        settledAt: now,
      })
      .where(
        and(
          eq(paymentSessions.id, session.id),
          sql`${paymentSessions.status} <> 'paid'`,
          sql`${line} is not null`,
          // Never another checkout's payment (a race past the read in applySucceeded).
          sql`${paymentFolio.lineBookingSql(line)} = ${booking.id}`,
          sql`not exists (select 1 from ${paymentSessions} o where o.booking_id = ${booking.id}
            and o.payment_line_id = ${line} and o.id <> ${session.id})`,
          mine,
        ),
      ),
    insertWhere(
      db,
      auditLog,
      auditEntry(null, 'payment.received', 'booking', booking.id, null, {
        sessionId: session.id,
        purpose: session.purpose,
        provider,
        providerPaymentId: event.providerPaymentId,
        amountBaisa: amount,
        businessDate,
      }),
      won,
    ),
    insertWhere(
      db,
      notifications,
      {
        userPhone: booking.phoneNumber,
        userId: booking.userId,
        bookingId: booking.id,
        title: text('en', 'payment.received.notice'),
        titleAr: text('ar', 'payment.received.notice'),
        message: text('en', 'payment.received.notice_details', {
          amount: formatMoney(amount, 'en'),
          reference,
        }),
        messageAr: text('ar', 'payment.received.notice_details', {
          amount: formatMoney(amount, 'ar'),
          reference,
        }),
        type: 'payment_received',
      },
      won,
    ),
    insertWhere(db, staffAlerts, { kind: 'payment_received', bookingId: booking.id }, won),
    // A second payment at the provider for a session already paid (the guest was charged twice):
    // posted all the same, since the money was taken, with its audit line and the staff's alert,
    // so staff refund it.
    insertWhere(
      db,
      auditLog,
      auditEntry(null, 'payment.received_again', 'booking', booking.id, null, {
        sessionId: session.id,
        provider,
        providerPaymentId: event.providerPaymentId,
        amountBaisa: amount,
        businessDate,
      }),
      sql`${again}`,
    ),
    insertWhere(db, staffAlerts, { kind: 'payment_received', bookingId: booking.id }, sql`${again}`),
    ...paymentBookings.notifyOfBooking(db, 'payment_received', booking.id, sql`${won}`, String(amount)),
  ];
  if (booking.status === 'pending' && confirmOnDeposit) {
    // Paid (net of refunds, every method) at least the deposit once this payment is on the folio.
    const paid = paymentFolio.paidNetSql(booking.id);
    const guard = sql`${won} and ${paid} >= ${depositOf(booking, planDeposit)}`;
    statements.push(...paymentBookings.confirmPendingStatements(db, booking, guard, undefined));
  }
  return statements;
}

/** A paid session's batch; answers whether this request applied the event (false: a repeat). */
async function applyPaid(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  context: Context,
  businessDate: string,
): Promise<boolean> {
  const token = newChangeToken();
  const mine = eventMine(provider, event, token);
  const now = new Date();
  const results = await db.batch([
    eventRow(db, provider, event, context.session.id, token),
    ...paidStatements(db, provider, event, context, mine, businessDate, now),
    eventTypeBack(db, provider, event, token),
  ]);
  return (results[0] as { id: number }[]).length > 0;
}

/**
 * Whether the provider's payment `providerPaymentId` is on the folio as another checkout's: its
 * line is another booking's, or another session's payment line (one indexed read each).
 */
async function paymentOfAnotherSession(
  db: Db,
  providerPaymentId: string,
  sessionId: number,
  bookingId: number,
): Promise<boolean> {
  return paymentFolio.paymentLineWhere(
    db,
    providerPaymentId,
    (line) => sql`${line.bookingId} <> ${bookingId} or exists (select 1 from ${paymentSessions} s
        where s.booking_id = ${line.bookingId} and s.payment_line_id = ${line.id} and s.id <> ${sessionId})`,
  );
}

/** `payment.succeeded`: the session must be ours, the amount and currency its own. */
async function applySucceeded(db: Db, provider: PaymentProvider, event: PaymentEvent): Promise<EventOutcome> {
  const { found, closed } = await sessionContext(db, provider, event.providerSessionId);
  if (!found) {
    await recordRefusal(db, provider, { ...eventFields(event), reason: 'session_unknown' });
    return refused('session_unknown');
  }
  const mismatch: Refusal | null =
    event.amountBaisa !== found.session.amountBaisa
      ? 'amount_mismatch'
      : event.currency !== found.session.currency
        ? 'currency_mismatch'
        : null;
  if (mismatch) {
    await recordRefusal(db, provider, {
      ...eventFields(event),
      sessionId: found.session.id,
      reason: mismatch,
    });
    return refused(mismatch);
  }
  // A payment id already posted for another checkout (another session's, or another booking's)
  // never marks this one paid: it would be paid with nothing posted.
  if (await paymentOfAnotherSession(db, event.providerPaymentId, found.session.id, found.booking.id)) {
    await recordRefusal(db, provider, {
      ...eventFields(event),
      sessionId: found.session.id,
      reason: 'payment_other_session',
    });
    return refused('payment_other_session');
  }
  let applied: boolean;
  try {
    applied = await applyPaid(db, provider, event, found, businessDateOf(closed));
  } catch (err) {
    // The day closed between the read and the batch: the line goes on the next open day.
    if (folioRefusal(err)?.code !== 'day_closed') throw err;
    applied = await applyPaid(db, provider, event, found, businessDateOf(await lastClosedDateQuery(db)));
  }
  // Another checkout's payment took this id between the read and the batch: the batch's guard
  // left this session as it was; the provider hears the refusal.
  if (
    applied &&
    (await paymentOfAnotherSession(db, event.providerPaymentId, found.session.id, found.booking.id))
  ) {
    await recordRefusal(db, provider, {
      ...eventFields(event),
      sessionId: found.session.id,
      reason: 'payment_other_session',
    });
    return refused('payment_other_session');
  }
  return applied ? { applied: true } : { applied: true, repeat: true };
}

/** `payment.failed`: an open session is failed (a paid one stays paid). */
async function applyFailed(db: Db, provider: PaymentProvider, event: PaymentEvent): Promise<EventOutcome> {
  const { found } = await sessionContext(db, provider, event.providerSessionId);
  if (!found) {
    await recordRefusal(db, provider, { ...eventFields(event), reason: 'session_unknown' });
    return refused('session_unknown');
  }
  const token = newChangeToken();
  const mine = eventMine(provider, event, token);
  const results = await db.batch([
    eventRow(db, provider, event, found.session.id, token),
    db
      .update(paymentSessions)
      .set({ status: 'failed', settledAt: new Date() })
      .where(and(eq(paymentSessions.id, found.session.id), eq(paymentSessions.status, 'open'), mine)),
    eventTypeBack(db, provider, event, token),
  ]);
  return (results[0] as unknown[]).length > 0 ? { applied: true } : { applied: true, repeat: true };
}

const eventFields = (event: PaymentEvent) => ({
  eventId: event.eventId,
  type: event.type,
  amountBaisa: event.amountBaisa,
});

/**
 * Applies a genuine (signature-checked) event of `provider`: payment.succeeded and
 * payment.failed here, refund.succeeded by the refunds (refund-events.ts). A refusal is recorded
 * before it is answered.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const handlers: Record<PaymentEventType, () => Promise<EventOutcome>> = {
    'payment.succeeded': () => applySucceeded(db, provider, event),
    'payment.failed': () => applyFailed(db, provider, event),
    'refund.succeeded': async () => {
      const outcome = await applyRefundSucceeded(db, provider, event);
      // The refunds' applier answers its refusal; it is kept here, as every other.
      if (!outcome.applied)
        await recordRefusal(db, provider, { ...eventFields(event), reason: outcome.reason });
      return outcome;
    },
  };
  return handlers[event.type]();
}
