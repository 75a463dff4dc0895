import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { UserRole } from '@shared/constants';
import type { SessionUser } from '@shared/auth-schemas';
import type { AppEnv } from './env';
import { hasRole } from './roles';
import { ApiError } from './api-error';
import type { CurrentSession } from './sessions';
import { readSession } from './session-cookies';
import { noteGuard } from './openapi';

export type AuthedEnv = AppEnv & { Variables: { session: CurrentSession; user: SessionUser } };

/** 401 when signed out; otherwise puts the session and user on the context. */
export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  const session = await readSession(c as unknown as Context<AppEnv>);
  if (!session) throw new ApiError(401, 'not_signed_in');
  c.set('session', session);
  c.set('user', session.user);
  await next();
});
noteGuard(requireUser, 'guest');

/** 401 when signed out, 403 when the role is too low. */
export function requireRole(role: UserRole) {
  const guard = createMiddleware<AuthedEnv>(async (c, next) => {
    const session = await readSession(c as unknown as Context<AppEnv>);
    if (!session) throw new ApiError(401, 'not_signed_in');
    if (!hasRole(session.user, role)) throw new ApiError(403, 'forbidden');
    c.set('session', session);
    c.set('user', session.user);
    await next();
  });
  // Noted for the OpenAPI document: the routes behind it need a session (platform/openapi.ts).
  return noteGuard(guard, role);
}
