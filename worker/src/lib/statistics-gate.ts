import { eq } from 'drizzle-orm';
import { STATS_STEP_UP_MS } from '../../../shared/src/statistics';
import { sessions } from '../db/schema/users';
import { auditLog } from '../db/schema/operations';
import { auditEntry } from './audit';
import type { SessionUser } from '../../../shared/src/auth-schemas';
import type { Db, Env } from '../env';
import { sha256Bytes } from './crypto';
import { ApiError, throttled } from './errors';
import { LIMITS, hit, retryAfterSeconds, unhitStatement } from './rate-limit';
import type { CurrentSession } from './sessions';

/**
 * The statistics gate (DESIGN.md "Roles"): an admin types STATS_PASSWORD, the server
 * compares it in constant time (SHA-256 of both, then crypto.subtle.timingSafeEqual, so
 * neither the length nor the first wrong character shows in the time taken), and grants a
 * step-up on the admin's own session row for 30 minutes. Logging out deletes the row, so
 * the step-up goes with it; another session of the same admin has none. Wrong tries are
 * counted per admin (10 in 15 minutes, then 429) and audited with the count, in one batch.
 */
const gateKey = (userId: number) => `stats-gate:user:${userId}`;

async function samePassword(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256Bytes(given), sha256Bytes(expected)]);
  return crypto.subtle.timingSafeEqual(a, b);
}

export async function openStatisticsGate(
  db: Db,
  env: Pick<Env, 'STATS_PASSWORD'>,
  who: { user: SessionUser; session: CurrentSession },
  password: string,
): Promise<Date> {
  const { user, session } = who;
  const expected = env.STATS_PASSWORD;
  if (!expected) throw new ApiError(503, 'stats_not_configured');
  const now = Date.now();
  const key = gateKey(user.id);
  // Every try takes its place in the count first (one atomic upsert), so racing guesses cannot
  // slip past the limit together; a right password gives its place back below.
  if ((await hit(db, key, LIMITS.statsGate, now)) > LIMITS.statsGate.max) {
    throw throttled('too_many_requests', retryAfterSeconds(LIMITS.statsGate, now));
  }
  if (!(await samePassword(password, expected))) {
    await db
      .insert(auditLog)
      .values(auditEntry(user, 'statistics.access_denied', 'session', null, null, null));
    throw new ApiError(401, 'stats_password_wrong');
  }
  const until = new Date(now + STATS_STEP_UP_MS);
  await db.batch([
    db.update(sessions).set({ statsAccessUntil: until }).where(eq(sessions.idHash, session.idHash)),
    db
      .insert(auditLog)
      .values(
        auditEntry(user, 'statistics.access_granted', 'session', null, null, { until: until.toISOString() }),
      ),
    unhitStatement(db, key, LIMITS.statsGate, now),
  ]);
  return until;
}

/** The dashboard's guard: the session's step-up must still run. */
export function hasStatisticsAccess(session: CurrentSession, now = Date.now()): boolean {
  return session.statsAccessUntil !== null && session.statsAccessUntil.getTime() > now;
}
