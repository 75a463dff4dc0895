import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { errorResponse } from '../../../platform/error-mapping';
import { databaseHealth } from '../health';

/** GET /api/health: answers ok only when D1 answered a query in the last few seconds. */
export const health = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const database = await databaseHealth(c.get('db'));
  if (!database.ok) {
    console.error(
      JSON.stringify({
        requestId: c.get('requestId'),
        msg: 'health: D1 failed',
        err: String(database.error),
      }),
    );
    return errorResponse(c, 503, 'database_unavailable');
  }
  return c.json({ status: 'ok' as const, db: 'ok' as const, time: new Date().toISOString() });
});
