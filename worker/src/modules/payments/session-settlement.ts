import type { ExecutionContext as WorkContext } from 'hono';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { PAYMENT_LIMITS } from '@shared/payments';
import type { Db, Env } from '../../platform/env';
import { applyPaymentEvent } from './payment-events';
import { configuredProvider, paymentAdapter } from './payment-config';
import { PaymentProviderError, type SessionState } from './providers/payment-adapter';
import { paymentSessions, type PaymentSessionRow } from './tables';

/**
 * Sessions left open (decision 071): the five-minute cron asks the provider about every session
 * still open past `sessionCheckAfterMinutes` (at most `perCronRun` a run, oldest first along the
 * open sessions' own index) and settles it as its webhook would have: paid is the webhook's very
 * batch (event id `lookup:<session>`, so a later webhook for the same payment changes nothing),
 * failed or expired closes it, and one the provider still has open a day later is expired.
 */

/** An open session the provider still calls open this long is expired. */
const EXPIRE_AFTER_MS = 24 * 60 * 60_000;

type Options = { now?: Date; ctx?: WorkContext; origin?: string };

/**
 * Asks the provider what it knows of `session` now and records it (`provider_status`,
 * `checked_at`); nothing else changes. The reconciliation compares it with ours. Throws
 * PaymentProviderError when the provider does not answer, ApiError 503 without a provider.
 */
export async function lookUpAndRecord(
  env: Env,
  db: Db,
  session: PaymentSessionRow,
  { now = new Date(), ctx, origin = env.APP_ORIGIN }: Options = {},
): Promise<SessionState> {
  const adapter = paymentAdapter(env, origin, { db, ctx });
  if (adapter.name !== session.provider) {
    throw new PaymentProviderError(`session of ${session.provider}, provider is ${adapter.name}`);
  }
  const state = await adapter.lookUpSession(session.providerSessionId);
  await db
    .update(paymentSessions)
    .set({ providerStatus: state.status, checkedAt: now })
    .where(eq(paymentSessions.id, session.id));
  return state;
}

export type Settlement = 'paid' | 'failed' | 'expired' | 'open' | 'refused';

/** Closes an open session as `status` (only while still open). */
async function close(db: Db, id: number, status: 'failed' | 'expired', now: Date) {
  await db
    .update(paymentSessions)
    .set({ status, settledAt: now })
    .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')));
}

/** Looks `session` up (recording it) and settles it by what the provider says. */
export async function settleSession(
  env: Env,
  db: Db,
  session: PaymentSessionRow,
  options: Options = {},
): Promise<Settlement> {
  const now = options.now ?? new Date();
  // A row whose checkout never opened (the provider failed, or the request died before it answered).
  if (session.providerSessionId.startsWith('pending:')) {
    await close(db, session.id, 'expired', now);
    return 'expired';
  }
  const state = await lookUpAndRecord(env, db, session, { ...options, now });
  if (state.status === 'paid') {
    const outcome = await applyPaymentEvent(db, session.provider, {
      eventId: `lookup:${session.id}`,
      type: 'payment.succeeded',
      providerSessionId: session.providerSessionId,
      providerPaymentId: state.providerPaymentId,
      amountBaisa: state.amountBaisa,
      currency: state.currency,
    });
    return outcome.applied ? 'paid' : 'refused';
  }
  if (state.status === 'failed' || state.status === 'expired') {
    await close(db, session.id, state.status, now);
    return state.status;
  }
  if (now.getTime() - session.createdAt.getTime() > EXPIRE_AFTER_MS) {
    await close(db, session.id, 'expired', now);
    return 'expired';
  }
  return 'open';
}

/**
 * The cron's run: the open sessions older than `sessionCheckAfterMinutes`, oldest first, at most
 * `perCronRun`, each looked up and settled; one provider failure does not stop the others.
 */
export async function settleOpenSessions(env: Env, db: Db, now = new Date(), ctx?: WorkContext) {
  const counts: Record<Settlement | 'failedLookups', number> = {
    paid: 0,
    failed: 0,
    expired: 0,
    open: 0,
    refused: 0,
    failedLookups: 0,
  };
  if (configuredProvider(env) === null) return counts;
  const cutoff = new Date(now.getTime() - PAYMENT_LIMITS.sessionCheckAfterMinutes * 60_000);
  const due = await db
    .select()
    .from(paymentSessions)
    .where(and(sql`${paymentSessions.status} = 'open'`, lt(paymentSessions.createdAt, cutoff)))
    .orderBy(asc(paymentSessions.createdAt))
    .limit(PAYMENT_LIMITS.perCronRun);
  for (const session of due) {
    try {
      counts[await settleSession(env, db, session, { now, ctx })]++;
    } catch (err) {
      counts.failedLookups++;
      console.log(
        JSON.stringify({ msg: 'payment-lookup-failed', sessionId: session.id, error: String(err) }),
      );
    }
  }
  return counts;
}
