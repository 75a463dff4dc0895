import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AUTH_RULES, SIGNED_IN_HINT_COOKIE } from '../../../shared/src/constants';
import type { SessionUser } from '../../../shared/src/auth-schemas';
import { sessions } from '../db/schema/users';
import type { AppEnv, Db, Env } from '../env';
import { insertWhere } from './atomic';
import { randomToken, sha256Hex } from './crypto';

/**
 * Server-side sessions (DESIGN.md): a random 256-bit id in an HttpOnly,
 * SameSite=Lax cookie (Secure and __Host- in production); the table keeps
 * only its SHA-256, so a copy of the database holds no live session. Logout
 * and admin revocation delete rows; a disabled account's sessions stop working.
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

/**
 * A new session (a fresh id at every sign-in): the row to insert, which a caller may
 * put into a larger batch, and `setCookie` to call once that batch has committed.
 */
export async function newSession(c: Context<AppEnv>, userId: number, guard?: SQL) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + AUTH_RULES.sessionTtlMs);
  const values = {
    idHash: await sha256Hex(token),
    userId,
    expiresAt,
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  };
  const db = c.get('db');
  // With a guard, the session starts only if the guard holds when the batch reaches it.
  const insert = guard ? insertWhere(db, sessions, values, guard) : db.insert(sessions).values(values);
  return { insert, setCookie: () => setSessionCookie(c, token, expiresAt) };
}

/** Starts a new session for the user and sets the cookie. */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const session = await newSession(c, userId);
  await session.insert;
  session.setCookie();
}

function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  const production = c.env.ENVIRONMENT === 'production';
  setCookie(c, cookieName(c.env), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: production,
    path: '/',
    expires: expiresAt,
    ...(production && { prefix: 'host' as const }),
  });
  setSignedInHint(c, expiresAt);
}

/**
 * A hint the page can read (not HttpOnly, no secret in it): "a session cookie is probably
 * there". Set and cleared with the session cookie, so a signed-out visitor's page does not ask
 * `GET /api/auth/me` at all (it would answer 401, a console error on every load). The server
 * never trusts it; it only corrects it: a request whose session is gone clears it, and one with
 * a live session but no hint (a session from before the hint existed) sets it.
 */
function setSignedInHint(c: Context<AppEnv>, expiresAt: Date) {
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', {
    sameSite: 'Lax',
    secure: c.env.ENVIRONMENT === 'production',
    path: '/',
    expires: expiresAt,
  });
}

function clearSignedInHint(c: Context<AppEnv>) {
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: c.env.ENVIRONMENT === 'production' });
}

export type CurrentSession = { idHash: string; user: SessionUser; statsAccessUntil: Date | null };

const sessionOfRequest = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The signed-in user for this request, or null. One D1 query per request, however often asked. */
export function readSession(c: Context<AppEnv>): Promise<CurrentSession | null> {
  let session = sessionOfRequest.get(c.req.raw);
  if (!session) {
    session = loadSession(c);
    sessionOfRequest.set(c.req.raw, session);
  }
  return session;
}

/** The session this request has already read, if any (no query). */
export function sessionIfRead(c: Context<AppEnv>): Promise<CurrentSession | null> | undefined {
  return sessionOfRequest.get(c.req.raw);
}

async function loadSession(c: Context<AppEnv>): Promise<CurrentSession | null> {
  const session = await findSession(c);
  const hinted = getCookie(c, SIGNED_IN_HINT_COOKIE) === '1';
  if (!session && hinted) clearSignedInHint(c);
  if (session && !hinted) setSignedInHint(c, session.expiresAt);
  return (
    session && { idHash: session.idHash, statsAccessUntil: session.statsAccessUntil, user: session.user }
  );
}

async function findSession(c: Context<AppEnv>): Promise<(CurrentSession & { expiresAt: Date }) | null> {
  const token = getCookie(c, cookieName(c.env));
  if (!token || token.length > 100) return null;
  const idHash = await sha256Hex(token);
  // One row: the session carries a copy of its user's name, e-mail and role, and exists only
  // for an enabled, verified account (triggers, migrations/0019_session_user_copy.sql).
  const row = await c
    .get('db')
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
    user: { id: row.id, fullName, email, role: effectiveRole({ email, role }, c.env) },
  };
}

export async function endSession(c: Context<AppEnv>, idHash: string | null): Promise<void> {
  if (idHash) await c.get('db').delete(sessions).where(eq(sessions.idHash, idHash));
  deleteCookie(c, cookieName(c.env), {
    path: '/',
    secure: c.env.ENVIRONMENT === 'production',
    ...(c.env.ENVIRONMENT === 'production' && { prefix: 'host' as const }),
  });
  clearSignedInHint(c);
}

/** Housekeeping that costs nothing extra: expired sessions go when a user logs in. */
export function expiredSessionsCleanup(db: Db) {
  return db.delete(sessions).where(sql`${sessions.expiresAt} < ${Date.now()}`);
}
