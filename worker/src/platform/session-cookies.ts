import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SQL } from 'drizzle-orm';
import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import type { AppEnv } from './env';
import { cookieName, deleteSession, findSession, newSessionRow, type CurrentSession } from './sessions';
import { sessionsEnded } from './session-hooks';

/**
 * The session cookie of a request (platform/sessions.ts keeps the rows): read once per request,
 * set at sign-in, cleared at logout.
 */

/**
 * A new session (a fresh id at every sign-in): the row to insert, which a caller may
 * put into a larger batch, and `setCookie` to call once that batch has committed.
 */
export async function newSession(c: Context<AppEnv>, userId: number, guard?: SQL) {
  const { token, expiresAt, insert } = await newSessionRow(c.get('db'), userId, userAgentOf(c), guard);
  return { insert, setCookie: () => setSessionCookie(c, { token, expiresAt }) };
}

/** The request's user agent as a session row keeps it (at most 300 characters). */
export function userAgentOf(c: Context<AppEnv>): string | null {
  return c.req.header('user-agent')?.slice(0, 300) ?? null;
}

/** Starts a new session for the user and sets the cookie. */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const session = await newSession(c, userId);
  await session.insert;
  session.setCookie();
}

/** Sets the cookie of a session lib has started (modules/accounts/sign-up-and-sign-in.ts). */
export function setSessionCookie(
  c: Context<AppEnv>,
  { token, expiresAt }: { token: string; expiresAt: Date },
) {
  const production = c.env.ENVIRONMENT === 'production';
  setCookie(c, cookieName(c.env), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: production,
    path: '/',
    expires: expiresAt,
    // The name is `__Host-session` in production already (platform/sessions.ts cookieName): Hono's
    // `prefix: 'host'` would prepend a second `__Host-`, and the cookie read back by its name
    // would never be found (no production sign-in would last one request).
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

function clearSignedInHint<E extends AppEnv>(c: Context<E>) {
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: c.env.ENVIRONMENT === 'production' });
}

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

/** The raw session cookie (for work done after the answer, e.g. counting a visit). */
export function sessionToken(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, cookieName(c.env));
  return token && token.length <= 100 ? token : undefined;
}

async function loadSession(c: Context<AppEnv>): Promise<CurrentSession | null> {
  const session = await findSession(c.get('db'), c.env, getCookie(c, cookieName(c.env)));
  const hinted = getCookie(c, SIGNED_IN_HINT_COOKIE) === '1';
  if (!session && hinted) clearSignedInHint(c);
  if (session && !hinted) setSignedInHint(c, session.expiresAt);
  return (
    session && {
      idHash: session.idHash,
      statsAccessUntil: session.statsAccessUntil,
      expiresAt: session.expiresAt,
      user: session.user,
    }
  );
}

export async function endSession(c: Context<AppEnv>, idHash: string | null): Promise<void> {
  if (idHash) {
    await deleteSession(c.get('db'), idHash);
    // Its live sockets close with it (platform/session-hooks.ts).
    await sessionsEnded(c.env, { idHash });
  }
  clearSessionCookies(c);
}

/** Clears the session cookie and its hint (the rows are gone already, e.g. an erased account). */
export function clearSessionCookies<E extends AppEnv>(c: Context<E>): void {
  deleteCookie(c, cookieName(c.env), {
    path: '/',
    secure: c.env.ENVIRONMENT === 'production',
  });
  clearSignedInHint(c);
}
