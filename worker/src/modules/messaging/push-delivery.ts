import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { pushOutbox, pushSubscriptions } from './push-tables';
import type { Db, Env } from '../../platform/env';
import type { NotifyEvent } from '../../platform/notify';
import { endpointAllowed, vapidPublicKey } from './push-subscriptions';
import { type OutboxRow, pushMessageOf } from './push-messages';
import { AUDIENCE } from './push-outbox';

/** Seconds a push service keeps an undelivered message: staff alerts half a day, a guest's a day. */
const TTL_SECONDS = { staff: 12 * 60 * 60, guest: 24 * 60 * 60 };

/** Rows claimed per delivery (each one HTTP request; Workers allow 50 subrequests on the free plan). */
const BATCH_SIZE = 25;

/** Tries before a message is given up, and the waits between them (1 min, 5 min, 30 min, 2 h). */
export const PUSH_MAX_ATTEMPTS = 5;

const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

const SEND_TIMEOUT_MS = 10_000;

type Outcome = { row: OutboxRow; result: 'sent' | 'gone' | 'retry' | 'failed'; error?: string };

async function send(
  env: Env,
  row: OutboxRow,
  subscription: typeof pushSubscriptions.$inferSelect,
): Promise<Outcome> {
  const audience = AUDIENCE[row.kind as NotifyEvent['kind']] ?? 'guest';
  const message = pushMessageOf(row, subscription.lang);
  if (!endpointAllowed(subscription.endpoint, env.ENVIRONMENT)) {
    return { row, result: 'failed', error: 'endpoint not allowed' };
  }
  // The library signs and encrypts for https endpoints only (RFC 8030); a development receiver
  // on http://127.0.0.1 is addressed as its https twin (the JWT's `aud`) and reached over http.
  const url = new URL(subscription.endpoint);
  const signedFor = url.protocol === 'http:' ? `https://${url.host}${url.pathname}${url.search}` : url.href;
  let request;
  try {
    // Loaded with the first push an isolate sends, not with every request.
    const { buildPushPayload } = await import('@block65/webcrypto-web-push');
    request = await buildPushPayload(
      {
        data: message,
        options: {
          ttl: TTL_SECONDS[audience],
          urgency: audience === 'staff' ? 'high' : 'normal',
          topic: message.tag,
        },
      },
      {
        endpoint: signedFor,
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      { subject: env.VAPID_SUBJECT!, publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY! },
    );
  } catch (err) {
    return { row, result: 'failed', error: `build: ${(err as Error).message}`.slice(0, 200) };
  }
  try {
    const res = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return { row, result: 'sent' };
    if (res.status === 404 || res.status === 410) return { row, result: 'gone' };
    return { row, result: 'retry', error: `HTTP ${res.status}` };
  } catch (err) {
    return { row, result: 'retry', error: `${(err as Error).name}: ${(err as Error).message}`.slice(0, 200) };
  }
}

/**
 * Sends what is due (platform/notify.ts DELIVERERS; after the answer and from the cron). Answers
 * how many were sent, dropped with their subscription, put back for later and given up.
 */
export async function deliverPush(env: Env, db: Db, now = Date.now()) {
  const counts = { sent: 0, gone: 0, retry: 0, failed: 0 };
  if (!vapidPublicKey(env)) return counts;
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.state, 'pending'), lte(pushOutbox.nextAttemptAt, new Date(now))))
    .orderBy(pushOutbox.nextAttemptAt)
    .limit(BATCH_SIZE);
  // The claim: one statement, so a row is claimed by one delivery only (sent at most once).
  const claimed = await db
    .update(pushOutbox)
    .set({ state: 'sending', claimedAt: new Date(now), attempts: sql`${pushOutbox.attempts} + 1` })
    .where(and(inArray(pushOutbox.id, due), eq(pushOutbox.state, 'pending')))
    .returning();
  if (claimed.length === 0) return counts;
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.id,
        claimed.map((row) => row.subscriptionId),
      ),
    );
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  const outcomes = await Promise.all(
    claimed.map((row) => {
      const subscription = byId.get(row.subscriptionId);
      return subscription ? send(env, row, subscription) : Promise.resolve<Outcome>({ row, result: 'gone' });
    }),
  );

  const statements: BatchItem<'sqlite'>[] = [];
  const sent = outcomes.filter((o) => o.result === 'sent');
  if (sent.length > 0) {
    statements.push(
      db
        .update(pushOutbox)
        .set({ state: 'sent', sentAt: new Date(now), lastError: null })
        .where(
          inArray(
            pushOutbox.id,
            sent.map((o) => o.row.id),
          ),
        ),
      db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date(now) })
        .where(
          inArray(
            pushSubscriptions.id,
            sent.map((o) => o.row.subscriptionId),
          ),
        ),
    );
  }
  const gone = outcomes.filter((o) => o.result === 'gone');
  if (gone.length > 0) {
    // Its queued rows go with it (on delete cascade).
    statements.push(
      db.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          gone.map((o) => o.row.subscriptionId),
        ),
      ),
    );
  }
  for (const o of outcomes) {
    if (o.result !== 'retry' && o.result !== 'failed') continue;
    const giveUp = o.result === 'failed' || o.row.attempts >= PUSH_MAX_ATTEMPTS;
    const wait = BACKOFF_MS[Math.min(o.row.attempts - 1, BACKOFF_MS.length - 1)]!;
    statements.push(
      db
        .update(pushOutbox)
        .set({
          state: giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now + wait),
          lastError: o.error ?? null,
        })
        .where(eq(pushOutbox.id, o.row.id)),
    );
  }
  for (const o of outcomes)
    counts[o.result === 'retry' && o.row.attempts >= PUSH_MAX_ATTEMPTS ? 'failed' : o.result]++;
  if (statements.length > 0) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return counts;
}
