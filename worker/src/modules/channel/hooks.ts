import { drizzle } from 'drizzle-orm/d1';
import type { ExecutionContext as WorkContext, MiddlewareHandler } from 'hono';
import type { AppEnv, Db, Env } from '../../platform/env';
import { pollChannelFeed } from './routes/webhooks';
import { sendOutbox, sendSoon } from './sender';

/**
 * Where the channel runs besides its routes: the entry mounts `channelAfterWrite` on /api/* and
 * hands its every-minute cron to `runChannelMinute`; it decides nothing of either.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The unmetered database, one wrapper per binding and isolate: `npm run bench` counts a request's
// own reads, not what the sender reads after the answer has gone.
const databases = new WeakMap<D1Database, Db>();
function unmetered(binding: D1Database): Db {
  let db = databases.get(binding);
  if (!db) databases.set(binding, (db = drizzle(binding)));
  return db;
}

/**
 * After a write request that succeeded: what it changed of what can be sold or its price was
 * queued in the outbox by the database's triggers in the write's own batch (outbox-sources.ts), so
 * the channel manager is told now, after the answer has gone (`waitUntil`); the cron sends
 * whatever this leaves.
 */
export const channelAfterWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!WRITES.has(c.req.method) || c.res.status >= 400) return;
  sendSoon(c.env, unmetered(c.env.DB), new URL(c.req.url).origin, c.executionCtx);
};

/**
 * The channel's minute (the entry's every-minute cron): the outbox sent as far as the provider's
 * limits allow, and the booking feed read (every revision not yet acknowledged, applied once).
 */
export function runChannelMinute(env: Env, db: Db, ctx: WorkContext): void {
  const origin = env.APP_ORIGIN;
  ctx.waitUntil(
    sendOutbox(env, db, origin, { ctx }).then(
      (r) => r.calls > 0 && console.log(JSON.stringify({ msg: 'channel-sent', ...r })),
      (err: unknown) => console.log(JSON.stringify({ msg: 'channel-send-failed', error: String(err) })),
    ),
  );
  ctx.waitUntil(
    pollChannelFeed(env, db, origin, ctx).then(
      (r) => r.applied > 0 && console.log(JSON.stringify({ msg: 'channel-feed', ...r })),
      (err: unknown) => console.log(JSON.stringify({ msg: 'channel-feed-failed', error: String(err) })),
    ),
  );
}
