import { eq } from 'drizzle-orm';
import { STATS_STEP_UP_MS } from '@shared/statistics';
import { sessions } from '../../platform/tables';
import { auditLog } from '../../platform/tables';
import { auditEntry } from '../../platform/audit';
import type { SessionUser } from '@shared/auth-schemas';
import type { Db, Env } from '../../platform/env';
import { sha256Bytes } from '../../platform/crypto';
import { ApiError, throttled } from '../../platform/api-error';
import {
  LIMITS,
  hitStatement,
  hitWhileUnderStatement,
  retryAfterSeconds,
  unhitStatement,
} from '../../platform/rate-limit';
import type { CurrentSession } from '../../platform/sessions';

/**
 * The statistics gate: an admin types STATS_PASSWORD, the server
 * compares it in constant time (SHA-256 of both, then crypto.subtle.timingSafeEqual, so
 * neither the length nor the first wrong character shows in the time taken), and grants a
 * step-up on the admin's own session row for 30 minutes. Logging out deletes the row, so
 * the step-up goes with it; another session of the same admin has none. Wrong tries are
 * audited and counted per session (5 in 15 minutes, then 429 for that session only), with a
 * higher ceiling per admin account across its sessions (20), so a typo elsewhere never locks
 * the admin out, while guessing from many sessions still stops.
 */
const sessionKey = (sessionIdHash: string) => `stats-gate:session:${sessionIdHash}`;
const accountKey = (userId: number) => `stats-gate:user:${userId}`;
const { statsGatePerSession: perSession, statsGatePerAccount: perAccount } = LIMITS;

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
  const keys = { session: sessionKey(session.idHash), account: accountKey(user.id) };
  // Every try takes its place in both counts first (one batch of atomic upserts), so racing
  // guesses cannot slip past the limits together; a right password gives its places back below.
  // A session already over its own limit does not use up the account's ceiling.
  const [[sessionCount], accountCount] = await db.batch([
    hitStatement(db, keys.session, perSession, now),
    hitWhileUnderStatement(db, keys.account, perAccount, keys.session, perSession, now),
  ]);
  if ((sessionCount?.count ?? 1) > perSession.max) {
    throw throttled('too_many_requests', retryAfterSeconds(perSession, now));
  }
  if ((accountCount[0]?.count ?? perAccount.max + 1) > perAccount.max) {
    throw throttled('too_many_requests', retryAfterSeconds(perAccount, now));
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
    unhitStatement(db, keys.session, perSession, now),
    unhitStatement(db, keys.account, perAccount, now),
  ]);
  return until;
}

/** The dashboard's guard: the session's step-up must still run. */
export function hasStatisticsAccess(session: CurrentSession, now = Date.now()): boolean {
  return session.statsAccessUntil !== null && session.statsAccessUntil.getTime() > now;
}
