import { and, asc, count, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { addDays } from '@shared/dates';
import type { PaymentListRow } from '@shared/payment-admin-schemas';
import type { Db } from '../../platform/env';
import { hotelDayStartMs, PAYMENT_ROW_SELECT, toListRow, type PaymentRowRead } from './payment-list';
import { PaymentProviderError } from './providers/payment-adapter';
import { paymentSessions, type PaymentSessionRow } from './tables';

/**
 * A manager's check of one hotel day with the provider (POST /api/admin/payments/reconcile,
 * decision 071): every session created that day that our books and the provider's do not
 * already agree on (still open, never asked, or asked and answered otherwise) is looked up at
 * the provider; the lookup stores what the provider said (`provider_status`) and settles a
 * payment the provider has through the same batch as its webhook. The answer is the day's rows
 * that still need staff (flagged).
 */

/** At most this many sessions are asked about in one request (the rest on the next). */
export const RECONCILE_MAX = 100;

/** Asks the provider about one session and records its answer (session-settlement.ts). */
export type SessionLookUp = (session: PaymentSessionRow) => Promise<unknown>;

export type ReconcileResult = {
  date: string;
  /** Sessions asked about. */
  checked: number;
  /** Sessions the provider did not answer about (asked again on the next check). */
  unanswered: number;
  /** Sessions of the day still to ask about after this request (more than RECONCILE_MAX). */
  remaining: number;
  /** The day's sessions that need staff, after the check. */
  payments: PaymentListRow[];
};

export async function reconcileDay(db: Db, date: string, lookUp: SessionLookUp): Promise<ReconcileResult> {
  const from = hotelDayStartMs(date);
  const to = hotelDayStartMs(addDays(date, 1));
  const s = paymentSessions;
  const unsettled = and(
    gte(s.createdAt, new Date(from)),
    lt(s.createdAt, new Date(to)),
    or(eq(s.status, 'open'), isNull(s.providerStatus), sql`${s.providerStatus} <> ${s.status}`),
  );
  const sessions = await db
    .select()
    .from(s)
    .where(unsettled)
    .orderBy(asc(s.createdAt), asc(s.id))
    .limit(RECONCILE_MAX + 1);
  const toAsk = sessions.slice(0, RECONCILE_MAX);
  let unanswered = 0;
  for (const session of toAsk) {
    try {
      await lookUp(session);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      unanswered += 1;
    }
  }
  const rows = await db.all<PaymentRowRead>(
    sql`${PAYMENT_ROW_SELECT} where s.created_at >= ${from} and s.created_at < ${to} order by s.created_at desc, s.id desc`,
  );
  const left =
    sessions.length > RECONCILE_MAX ? await db.select({ n: count() }).from(s).where(unsettled).get() : null;
  return {
    date,
    checked: toAsk.length - unanswered,
    unanswered,
    remaining: left ? Math.max(0, left.n - (toAsk.length - unanswered)) : 0,
    payments: rows.map(toListRow).filter((r) => r.flags.length > 0),
  };
}
