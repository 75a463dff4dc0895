import type { ExecutionContext as WorkContext } from 'hono';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { hotelToday } from '@shared/dates';
import type { Db, Env } from '../../platform/env';
import { rangesOf, seriesFor, type Outgoing } from './ari-values';
import { channelAdapter, configuredChannel } from './channel-config';
import { readMappings, type Mappings } from './mappings';
import {
  ChannelProviderError,
  type AvailabilityValue,
  type ChannelAdapter,
  type RestrictionValue,
} from './providers/channel-adapter';
import {
  changedSince,
  emptyRecord,
  readAccepted,
  recordStatements,
  takeReceipt,
  type PushLog,
  type SendRecord,
} from './sent-values';
import { channelOutbox, channelRejected, channelState, type ChannelError, type OutboxKind } from './tables';

/**
 * The sender: turns the outbox's rows into the channel manager's range messages and sends them.
 * One sender at a time (a lease on the state row); within the provider's limits (Channex: 10
 * availability and 10 restrictions calls a rolling minute, 10 MB a call: as many values in one
 * call as the size allows, so a full sync is one call of each kind); only the nights whose value
 * changed since Channex last accepted it (`channel_sent`), but in a full sync. After any failure
 * (429, 5xx, a refusal or no answer) it pauses the property's pushes for a minute, as Channex asks,
 * then longer (the provider's Retry-After when longer, else doubling up to 5 minutes) and keeps
 * every row. Values are computed when sent, and only the rows' versions read before the call are
 * deleted after it: a night changed meanwhile is sent again, so the newest value always wins. A
 * value Channex ignores (a warning in its 200 answer) is not taken as sent: it is kept as an error
 * for staff (`channel_rejected`) until a later push of the night is accepted, and its row is
 * consumed (the same value would be refused again: it is sent again when the night changes, or by
 * a full sync). Each push is logged with Channex's `x-request-id` and task ids (`channel_pushes`).
 * Runs after each write request (waitUntil) and on the cron; while the link is off or not
 * configured it sends nothing and the outbox keeps its rows.
 */

/** Calls of one kind a rolling minute (Channex's limit per property). */
export const CALLS_PER_MINUTE = 10;
/** Outbox rows read at once (their nights merge into ranges; bounded by types x nights). */
const ROWS_PER_CALL = 5000;
const LEASE_MS = 60_000;
/** Channex: "If you hit any error you should pause updates for the property for 1 minute". */
const PAUSE_FIRST_MS = 60_000;
const BACKOFF_MAX_MS = 5 * 60_000;
const ERRORS_KEPT = 10;
const MINUTE = 60_000;

export type SendResult = {
  status: 'sent' | 'off' | 'backoff' | 'busy' | 'limited' | 'failed' | 'idle';
  calls: number;
  /** Outbox rows sent and removed. */
  rows: number;
  /** Values the provider ignored (warned in its answer): kept as errors, not taken as sent. */
  rejected: number;
};

export type SendOptions = {
  ctx?: WorkContext;
  fetchImpl?: typeof fetch;
  /** The clock (tests move it past a backoff or a minute). */
  now?: () => number;
  /** The most bytes of values a call carries (the adapter's, 10 MB for Channex; tests lower it). */
  maxCallBytes?: number;
};

/** Values packed into calls of at most `limit` bytes each (by the adapter's own count), in order. */
export function packCalls(values: Outgoing[], bytesOf: (o: Outgoing) => number, limit: number): Outgoing[][] {
  const calls: Outgoing[][] = [];
  let current: Outgoing[] = [];
  let size = 0;
  for (const o of values) {
    const bytes = bytesOf(o);
    if (current.length > 0 && size + bytes > limit) {
      calls.push(current);
      current = [];
      size = 0;
    }
    current.push(o);
    size += bytes;
  }
  if (current.length > 0) calls.push(current);
  return calls;
}

/** One push of `part`: the adapter's receipt, the part's bytes. */
async function pushPart(adapter: ChannelAdapter, kind: OutboxKind, part: Outgoing[]) {
  const values = part.map((o) => o.value);
  return kind === 'availability'
    ? adapter.pushAvailability(values as AvailabilityValue[])
    : adapter.pushRestrictions(values as RestrictionValue[]);
}

/** The app's origin outside a request. */
export const originOf = (env: Env, request?: Request) =>
  request ? new URL(request.url).origin : env.APP_ORIGIN;

/** One run of the sender: what it answers, and what it keeps in the state row when it ends. */
type Run = {
  now: () => number;
  result: SendResult;
  /** Each kind's calls in the last rolling minute. */
  calls: Record<OutboxKind, number[]>;
  errors: ChannelError[];
  backoffUntil: number;
  backoffAttempts: number;
  lastPushAt: number | null;
  /** Whether any value is kept as rejected: only then do accepted nights clear rejections. */
  anyRejected: boolean;
};

const nothingSent = (status: SendResult['status']): SendResult => ({
  status,
  calls: 0,
  rows: 0,
  rejected: 0,
});

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
  if (!adapter) return nothingSent('off');
  const [[state], waiting, rejectedAny] = await db.batch([
    db.select().from(channelState).where(eq(channelState.id, 1)),
    db.select({ id: channelOutbox.id }).from(channelOutbox).limit(1),
    db.select({ night: channelRejected.night }).from(channelRejected).limit(1),
  ]);
  if (!state || !state.enabled) return nothingSent('off');
  if (waiting.length === 0) return nothingSent('idle');
  if (state.backoffUntil > now()) return nothingSent('backoff');

  const owner = await takeLease(db, now());
  if (!owner) return nothingSent('busy');
  const run: Run = {
    now,
    result: nothingSent('idle'),
    calls: {
      availability: state.availabilityCalls.filter((t) => t > now() - MINUTE),
      restrictions: state.restrictionsCalls.filter((t) => t > now() - MINUTE),
    },
    errors: [...state.errors],
    backoffUntil: 0,
    backoffAttempts: state.backoffAttempts,
    lastPushAt: state.lastPushAt,
    anyRejected: rejectedAny.length > 0,
  };
  try {
    await sendWhileProgressing(db, adapter, run, options.maxCallBytes ?? adapter.maxCallBytes);
  } catch (err) {
    // Our own failure (the database): kept for staff, tried again by the next run.
    run.errors.unshift({
      at: now(),
      message: `Sending failed: ${(err as Error).message}`.slice(0, 300),
      code: 'internal',
    });
    run.result.status = 'failed';
  } finally {
    await releaseLease(db, owner, run);
  }
  return run.result;
}

/** One sender at a time: the lease on the state row, taken unless another run holds it (its owner id). */
async function takeLease(db: Db, now: number): Promise<string | null> {
  const owner = crypto.randomUUID();
  const took = await db
    .update(channelState)
    .set({ leaseUntil: now + LEASE_MS, leaseOwner: owner })
    .where(and(eq(channelState.id, 1), lt(channelState.leaseUntil, now)))
    .returning({ id: channelState.id });
  return took.length === 0 ? null : owner;
}

/** The lease given back, with what the run learnt: its calls, backoff, last push and errors. */
async function releaseLease(db: Db, owner: string, run: Run) {
  await db
    .update(channelState)
    .set({
      leaseUntil: 0,
      leaseOwner: null,
      backoffUntil: run.backoffUntil,
      backoffAttempts: run.backoffAttempts,
      lastPushAt: run.lastPushAt,
      availabilityCalls: run.calls.availability,
      restrictionsCalls: run.calls.restrictions,
      errors: run.errors.slice(0, ERRORS_KEPT),
    })
    .where(and(eq(channelState.id, 1), eq(channelState.leaseOwner, owner)));
}

/** Each kind's rows in turn, again while a round sent some, until a failure backs the run off. */
async function sendWhileProgressing(db: Db, adapter: ChannelAdapter, run: Run, limit: number) {
  const mappings = await readMappings(db, adapter.knowsOwnCodes, { retired: true });
  const today = hotelToday(new Date(run.now()));
  let progressed = true;
  while (progressed && run.backoffUntil === 0) {
    progressed = false;
    for (const kind of ['availability', 'restrictions'] as const) {
      if (run.backoffUntil !== 0) break;
      if (await sendKind(db, adapter, run, { kind, mappings, today, limit })) progressed = true;
    }
  }
}

/**
 * One kind's next outbox rows sent (in parts when they do not fit one call), and what was learnt
 * recorded with (when every part went) the rows cleared in one batch. Answers whether the rows went.
 */
async function sendKind(
  db: Db,
  adapter: ChannelAdapter,
  run: Run,
  { kind, mappings, today, limit }: { kind: OutboxKind; mappings: Mappings; today: string; limit: number },
): Promise<boolean> {
  const rows = await db
    .select()
    .from(channelOutbox)
    .where(eq(channelOutbox.kind, kind))
    .orderBy(asc(channelOutbox.id))
    .limit(ROWS_PER_CALL);
  if (rows.length === 0) return false;
  // A full sync sends every night; otherwise only what changed since Channex accepted it.
  const full = rows.some((r) => r.full);
  const series = await seriesFor(db, kind, rows, mappings, today);
  const send = full ? () => true : changedSince(await readAccepted(db, kind, series));
  const parts = packCalls(rangesOf(series, send), (o) => adapter.valueBytes(kind, o.value), limit);
  const record: SendRecord = emptyRecord();
  const sentAll = await pushParts(adapter, run, { kind, full, parts, record });
  if (record.unmatched.length > 0) {
    run.errors.unshift({ at: run.now(), message: unmatchedWords(record), code: 'values_rejected' });
  }
  // What was learnt, and (when every part went) the rows cleared: one batch. Only the
  // versions read before the calls: a night changed meanwhile stays to be sent again.
  run.anyRejected ||= record.rejected.length > 0;
  const statements: BatchItem<'sqlite'>[] = recordStatements(
    db,
    kind,
    record,
    today,
    run.now(),
    run.anyRejected,
  );
  if (sentAll) statements.push(deleteSentRows(db, rows));
  if (statements.length > 0) {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  }
  if (!sentAll) return false;
  run.result.rows += rows.length;
  if (run.result.status !== 'limited') run.result.status = 'sent';
  return true;
}

/** Deletes the outbox rows at the versions read (a row changed since stays). */
function deleteSentRows(db: Db, rows: { id: number; version: number }[]) {
  const sent = JSON.stringify(rows.map((r) => `${r.id}:${r.version}`));
  return db
    .delete(channelOutbox)
    .where(
      sql`(${channelOutbox.id} || ':' || ${channelOutbox.version}) in (select value from json_each(${sent}))`,
    );
}

/**
 * A full sync of many values may not fit one call: sent in parts, each a call, within the calls a
 * minute allows; stops at the first failure. Answers whether every part went (the rows are
 * deleted only then; what went is kept in the record: it is not sent again).
 */
async function pushParts(
  adapter: ChannelAdapter,
  run: Run,
  { kind, full, parts, record }: { kind: OutboxKind; full: boolean; parts: Outgoing[][]; record: SendRecord },
): Promise<boolean> {
  for (const part of parts) {
    if (run.calls[kind].length >= CALLS_PER_MINUTE) {
      run.result.status = 'limited';
      return false;
    }
    run.calls[kind].push(run.now());
    run.result.calls += 1;
    const log = {
      at: run.now(),
      kind,
      full,
      values: part.length,
      bytes: part.reduce((sum, o) => sum + adapter.valueBytes(kind, o.value), 0),
    };
    try {
      const receipt = await pushPart(adapter, kind, part);
      const { rejected } = takeReceipt(record, kind, part, receipt);
      run.result.rejected += rejected;
      record.pushes.push({
        ...log,
        outcome: receipt.warnings.length > 0 ? 'warned' : 'accepted',
        warnings: receipt.warnings.length,
        status: 200,
        requestId: receipt.requestId,
        taskIds: receipt.taskIds,
      });
    } catch (err) {
      pushFailed(run, record, log, err);
      return false;
    }
    run.lastPushAt = run.now();
    run.backoffAttempts = 0;
  }
  return true;
}

/**
 * A failed push: kept as an error and in the push log, and the property's pushes paused (Channex:
 * for a minute after any error, then backing off; longer when the provider asks).
 */
function pushFailed(
  run: Run,
  record: SendRecord,
  log: Omit<PushLog, 'outcome' | 'warnings' | 'status' | 'requestId' | 'taskIds'>,
  err: unknown,
) {
  const failure = describe(err);
  run.errors.unshift({ at: run.now(), message: failure.message, code: failure.code });
  record.pushes.push({
    ...log,
    outcome: 'failed',
    warnings: 0,
    status: err instanceof ChannelProviderError ? (err.status ?? null) : null,
    requestId: err instanceof ChannelProviderError ? (err.requestId ?? null) : null,
    taskIds: [],
  });
  const wait = Math.max(
    (failure.retryAfter ?? 0) * 1000,
    Math.min(BACKOFF_MAX_MS, PAUSE_FIRST_MS * 2 ** run.backoffAttempts),
  );
  run.backoffUntil = run.now() + wait;
  run.backoffAttempts += 1;
  run.result.status = 'failed';
}

/** Warnings that name no value sent, in the provider's words (for support; the screen words the code). */
function unmatchedWords(record: SendRecord): string {
  const words = record.unmatched
    .slice(0, 3)
    .map((w) =>
      Object.entries(w.reasons)
        .map(([field, list]) => `${field}: ${list.join(', ')}`)
        .join('; '),
    )
    .join(' | ');
  return `The channel manager ignored values it did not name: ${words}`.slice(0, 300);
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
