import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { errorResponse } from '../lib/errors';

/** GET /api/health: answers ok only when D1 answers a query. */
export const health = new Hono<AppEnv>().get('/health', async (c) => {
  c.header('Cache-Control', 'no-store');
  try {
    await c.get('db').get(sql`select 1`);
  } catch (err) {
    console.error(
      JSON.stringify({ requestId: c.get('requestId'), msg: 'health: D1 failed', err: String(err) }),
    );
    return errorResponse(c, 503, 'database_unavailable');
  }
  return c.json({ status: 'ok' as const, db: 'ok' as const, time: new Date().toISOString() });
});
