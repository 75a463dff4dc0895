import type { ExecutionContext as WorkContext } from 'hono';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import type { Db, Env } from '../../platform/env';
import { valuesFor } from './ari-values';
import { channelAdapter, configuredChannel } from './channel-config';
import { readMappings } from './mappings';
import {
  ChannelProviderError,
  type AvailabilityValue,
  type RestrictionValue,
} from './providers/channel-adapter';
import { channelOutbox, channelState, type ChannelError, type OutboxKind } from './tables';

/**
 * The sender: turns the outbox's rows into the channel manager's range messages and sends them.
 * One sender at a time (a lease on the state row); within the provider's limits (Channex: 10
 * availability and 10 restrictions calls a rolling minute); after a 429 or 5xx (or no answer) it
 * backs off (the provider's Retry-After, else 5 s doubling up to 5 minutes) and keeps every row.
 * Values are computed when sent, and only the rows' versions read before the call are deleted
 * after it: a night changed meanwhile is sent again, so the newest value always wins. Runs after
 * each write request (waitUntil) and on the cron; while the link is off or not configured it sends
 * nothing and the outbox keeps its rows.
 */

/** Calls of one kind a rolling minute (Channex's limit per property). */
export const CALLS_PER_MINUTE = 10;
/** Outbox rows read at once (their nights merge into ranges). */
const ROWS_PER_CALL = 1000;
/** Values (ranges) one call carries at most (Channex takes up to 10 MB a call; the fake 5,000 values). */
export const VALUES_PER_CALL = 2000;
const LEASE_MS = 60_000;
const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;
const ERRORS_KEPT = 10;
const MINUTE = 60_000;

export type SendResult = {
  status: 'sent' | 'off' | 'backoff' | 'busy' | 'limited' | 'failed' | 'idle';
  calls: number;
  /** Outbox rows sent and removed. */
  rows: number;
};

export type SendOptions = {
  ctx?: WorkContext;
  fetchImpl?: typeof fetch;
  /** The clock (tests move it past a backoff or a minute). */
  now?: () => number;
};

/** The app's origin outside a request. */
export const originOf = (env: Env, request?: Request) =>
  request ? new URL(request.url).origin : env.APP_ORIGIN;

/**
 * Sends what the outbox holds, as far as the limits allow, and answers what happened. Never
 * throws for the provider's failures (they are kept in the state's errors and backed off).
 */
export async function sendOutbox(
  env: Env,
  db: Db,
  origin: string,
  options: SendOptions = {},
): Promise<SendResult> {
  const now = options.now ?? Date.now;
  const adapter = channelAdapter(env, origin, options);
  if (!adapter) return { status: 'off', calls: 0, rows: 0 };
  const [[state], waiting] = await db.batch([
    db.select().from(channelState).where(eq(channelState.id, 1)),
    db.select({ id: channelOutbox.id }).from(channelOutbox).limit(1),
  ]);
  if (!state || !state.enabled) return { status: 'off', calls: 0, rows: 0 };
  if (waiting.length === 0) return { status: 'idle', calls: 0, rows: 0 };
  if (state.backoffUntil > now()) return { status: 'backoff', calls: 0, rows: 0 };

  const owner = crypto.randomUUID();
  const took = await db
    .update(channelState)
    .set({ leaseUntil: now() + LEASE_MS, leaseOwner: owner })
    .where(and(eq(channelState.id, 1), lt(channelState.leaseUntil, now())))
    .returning({ id: channelState.id });
  if (took.length === 0) return { status: 'busy', calls: 0, rows: 0 };

  const result: SendResult = { status: 'idle', calls: 0, rows: 0 };
  const calls: Record<OutboxKind, number[]> = {
    availability: state.availabilityCalls.filter((t) => t > now() - MINUTE),
    restrictions: state.restrictionsCalls.filter((t) => t > now() - MINUTE),
  };
  const errors: ChannelError[] = [...state.errors];
  let backoffUntil = 0;
  let backoffAttempts = state.backoffAttempts;
  let lastPushAt = state.lastPushAt;
  try {
    const mappings = await readMappings(db, configuredChannel(env), { retired: true });
    const today = hotelToday(new Date(now()));
    let progressed = true;
    while (progressed && backoffUntil === 0) {
      progressed = false;
      for (const kind of ['availability', 'restrictions'] as const) {
        if (backoffUntil !== 0) break;
        const rows = await db
          .select()
          .from(channelOutbox)
          .where(eq(channelOutbox.kind, kind))
          .orderBy(asc(channelOutbox.id))
          .limit(ROWS_PER_CALL);
        if (rows.length === 0) continue;
        const values = await valuesFor(db, kind, rows, mappings, today);
        // A full sync of many types may be more values than one call takes: sent in parts, each a
        // call; the rows are deleted only when every part went (a part sent twice is harmless).
        let sentAll = true;
        for (let i = 0; i < values.length; i += VALUES_PER_CALL) {
          if (calls[kind].length >= CALLS_PER_MINUTE) {
            result.status = 'limited';
            sentAll = false;
            break;
          }
          const part = values.slice(i, i + VALUES_PER_CALL);
          calls[kind].push(now());
          result.calls += 1;
          try {
            if (kind === 'availability') await adapter.pushAvailability(part as AvailabilityValue[]);
            else await adapter.pushRestrictions(part as RestrictionValue[]);
          } catch (err) {
            const failure = describe(err);
            errors.unshift({ at: now(), message: failure.message, code: failure.code });
            const wait = failure.retryAfter
              ? failure.retryAfter * 1000
              : Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** backoffAttempts);
            backoffUntil = now() + wait;
            backoffAttempts += 1;
            result.status = 'failed';
            sentAll = false;
            break;
          }
          lastPushAt = now();
          backoffAttempts = 0;
        }
        if (!sentAll) {
          if (backoffUntil !== 0) break;
          continue;
        }
        // Only the versions read before the call: a night changed meanwhile stays to be sent again.
        await db.run(sql`delete from channel_outbox where (id || ':' || version) in
          (select value from json_each(${JSON.stringify(rows.map((r) => `${r.id}:${r.version}`))}))`);
        result.rows += rows.length;
        if (result.status !== 'limited') result.status = 'sent';
        progressed = true;
      }
    }
  } catch (err) {
    // Our own failure (the database): kept for staff, tried again by the next run.
    errors.unshift({
      at: now(),
      message: `Sending failed: ${(err as Error).message}`.slice(0, 300),
      code: 'internal',
    });
    result.status = 'failed';
  } finally {
    await db
      .update(channelState)
      .set({
        leaseUntil: 0,
        leaseOwner: null,
        backoffUntil,
        backoffAttempts,
        lastPushAt,
        availabilityCalls: calls.availability,
        restrictionsCalls: calls.restrictions,
        errors: errors.slice(0, ERRORS_KEPT),
      })
      .where(and(eq(channelState.id, 1), eq(channelState.leaseOwner, owner)));
  }
  return result;
}

/** A provider's failure in the staff's terms: what happened, a code the screen words, the wait asked. */
function describe(err: unknown): Required<Pick<ChannelError, 'message' | 'code'>> & { retryAfter?: number } {
  if (err instanceof ChannelProviderError) {
    const code =
      err.status === 429
        ? 'rate_limited'
        : err.status === undefined
          ? 'unreachable'
          : err.status >= 500
            ? 'provider_down'
            : err.status === 401 || err.status === 403
              ? 'unauthorized'
              : 'refused';
    return { message: err.message.slice(0, 300), code, retryAfter: err.retryAfter };
  }
  return { message: String(err).slice(0, 300), code: 'internal' };
}

/** Tries again while another run holds the lease, this often and this many times. */
const BUSY_RETRY_MS = 400;
const BUSY_RETRIES = 5;

/**
 * Sends after a write (`waitUntil`). While another run holds the lease it tries again a few times,
 * so a change made just as that run finished is not left for the cron.
 */
export function sendSoon(env: Env, db: Db, origin: string, ctx: WorkContext): void {
  if (configuredChannel(env) === 'off') return;
  const run = async () => {
    for (let attempt = 0; attempt <= BUSY_RETRIES; attempt += 1) {
      const result = await sendOutbox(env, db, origin, { ctx });
      if (result.status !== 'busy') return;
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  };
  ctx.waitUntil(
    run().catch((err) => console.log(JSON.stringify({ msg: 'channel-send-failed', error: String(err) }))),
  );
}
