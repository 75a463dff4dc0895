import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { errorResponse } from '../http/errors';

/**
 * How long an isolate trusts its last successful D1 query. A load balancer or monitor may ask
 * many times a second; D1 is then asked at most once per this time per isolate, and a failure
 * is seen within it.
 */
export const HEALTH_DB_CHECK_MS = 5_000;
let databaseAnsweredAt = Number.NEGATIVE_INFINITY;

/** GET /api/health: answers ok only when D1 answered a query in the last few seconds. */
export const health = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  if (Date.now() - databaseAnsweredAt >= HEALTH_DB_CHECK_MS) {
    try {
      await c.get('db').get(sql`select 1`);
      databaseAnsweredAt = Date.now();
    } catch (err) {
      databaseAnsweredAt = Number.NEGATIVE_INFINITY;
      console.error(
        JSON.stringify({ requestId: c.get('requestId'), msg: 'health: D1 failed', err: String(err) }),
      );
      return errorResponse(c, 503, 'database_unavailable');
    }
  }
  return c.json({ status: 'ok' as const, db: 'ok' as const, time: new Date().toISOString() });
});
