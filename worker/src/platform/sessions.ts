import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { AUTH_RULES } from '@shared/constants';
import type { SessionUser } from '@shared/auth-schemas';
import { sessions } from './tables';
import type { Db, Env } from './env';
import { insertWhere } from './atomic';
import { randomToken, sha256Hex } from './crypto';

/**
 * Server-side sessions: a random 256-bit id in an HttpOnly,
 * SameSite=Lax cookie (Secure and __Host- in production; the cookie itself in
 * platform/session-cookies.ts); the table keeps only its SHA-256, so a copy of the database
 * holds no live session. Logout and admin revocation delete rows; a disabled
 * account's sessions stop working.
 */
export function cookieName(env: Pick<Env, 'ENVIRONMENT'>) {
  return env.ENVIRONMENT === 'production' ? '__Host-session' : 'session';
}

/** The role that counts: the ADMIN_EMAIL account is always admin. */
export function effectiveRole(
  user: { email: string; role: SessionUser['role'] },
  env: Pick<Env, 'ADMIN_EMAIL'>,
) {
  return user.email === env.ADMIN_EMAIL.trim().toLowerCase() ? 'admin' : user.role;
}

export type CurrentSession = {
  idHash: string;
  user: SessionUser;
  statsAccessUntil: Date | null;
  /** When the session ends (its cookie's expiry): the page keeps who is signed in until then, offline too. */
  expiresAt: Date;
};

/**
 * A new session (a fresh id at every sign-in): its token for the cookie, when it ends, and
 * the row's insert, which a caller may put into a larger batch. With a guard, the session
 * starts only if the guard holds when the batch reaches it.
 */
export async function newSessionRow(db: Db, userId: number, userAgent: string | null, guard?: SQL) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + AUTH_RULES.sessionTtlMs);
  const values = { idHash: await sha256Hex(token), userId, expiresAt, userAgent };
  const insert = guard ? insertWhere(db, sessions, values, guard) : db.insert(sessions).values(values);
  return { token, expiresAt, insert };
}

/** The live session of a cookie's token, or null (one query). */
export async function findSession(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL'>,
  token: string | undefined,
): Promise<CurrentSession | null> {
  if (!token || token.length > 100) return null;
  const idHash = await sha256Hex(token);
  // One row: the session carries a copy of its user's name, e-mail and role, and exists only
  // for an enabled, verified account (triggers, migrations/0019_session_user_copy.sql).
  const row = await db
    .select({
      idHash: sessions.idHash,
      statsAccessUntil: sessions.statsAccessUntil,
      expiresAt: sessions.expiresAt,
      id: sessions.userId,
      fullName: sessions.userFullName,
      email: sessions.userEmail,
      role: sessions.userRole,
    })
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .get();
  const { fullName, email, role } = row ?? {};
  if (!row || !fullName || !email || !role) return null;
  return {
    idHash: row.idHash,
    statsAccessUntil: row.statsAccessUntil,
    expiresAt: row.expiresAt,
    user: { id: row.id, fullName, email, role: effectiveRole({ email, role }, env) },
  };
}

/** Ends a session (logout): its row goes. */
export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Housekeeping that costs nothing extra: expired sessions go when a user logs in. */
export function expiredSessionsCleanup(db: Db) {
  return db.delete(sessions).where(sql`${sessions.expiresAt} < ${Date.now()}`);
}
