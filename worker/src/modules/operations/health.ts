import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/env';

/**
 * How long an isolate trusts its last successful D1 query. A load balancer or monitor may ask
 * many times a second; D1 is then asked at most once per this time per isolate, and a failure
 * is seen within it.
 */
export const HEALTH_DB_CHECK_MS = 5_000;
let databaseAnsweredAt = Number.NEGATIVE_INFINITY;

/**
 * Whether D1 answers: a `select 1` at most every HEALTH_DB_CHECK_MS per isolate, the last
 * success trusted in between. A failure is returned (never thrown) and forgets that success.
 */
export async function databaseHealth(db: Db): Promise<{ ok: true } | { ok: false; error: unknown }> {
  if (Date.now() - databaseAnsweredAt < HEALTH_DB_CHECK_MS) return { ok: true };
  try {
    await db.get(sql`select 1`);
    databaseAnsweredAt = Date.now();
    return { ok: true };
  } catch (error) {
    databaseAnsweredAt = Number.NEGATIVE_INFINITY;
    return { ok: false, error };
  }
}
