import { Hono } from 'hono';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetWithCodeSchema,
  verifyEmailSchema,
} from '@shared/auth-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { clientAddress } from '../../../platform/request';
import { sessionsEnded } from '../../../platform/session-hooks';
import { endSession, readSession, setSessionCookie, userAgentOf } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import {
  forgotPassword,
  logIn,
  register,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '../sign-up-and-sign-in';
import { translate } from '../../../platform/messages';
import { googleSignInConfigured } from '../google-sign-in';
import { expiredSessionsCleanup } from '../../../platform/sessions';

/**
 * Accounts (guest spec sections 2, 4, 5, 7, 8; the rules in modules/accounts/sign-up-and-sign-in.ts):
 * register, verify by e-mail code, resend, log in, log out, who am I. The session lives
 * only in the HttpOnly cookie; no token is ever handed to the page.
 */
export const auth = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const input = c.req.valid('json');
    await register(c.get('db'), c.env, input);
    return c.json(
      {
        message: translate('registered', c.get('language')),
        requiresVerification: true as const,
        email: input.email,
      },
      201,
    );
  })
  .post('/verify-email', validate('json', verifyEmailSchema), async (c) => {
    const { user, session } = await verifyEmail(c.get('db'), c.env, c.req.valid('json'), userAgentOf(c));
    setSessionCookie(c, session);
    return c.json({
      message: translate('email_verified', c.get('language')),
      user,
      sessionExpiresAt: session.expiresAt.toISOString(),
    });
  })
  .post('/resend-verification', validate('json', resendVerificationSchema), async (c) => {
    await resendVerification(c.get('db'), c.env, c.req.valid('json').email);
    return c.json({ message: translate('code_sent', c.get('language')) });
  })
  .post('/forgot-password', validate('json', forgotPasswordSchema), async (c) => {
    await forgotPassword(c.get('db'), c.env, c.req.valid('json').email);
    return c.json({ message: translate('reset_code_sent', c.get('language')) });
  })
  .post('/reset-password', validate('json', resetWithCodeSchema), async (c) => {
    const { user, session } = await resetPassword(c.get('db'), c.env, c.req.valid('json'), userAgentOf(c));
    // Every other session ended with the reset: their live sockets close too.
    await sessionsEnded(c.env, { userId: user.id });
    setSessionCookie(c, session);
    return c.json({
      message: translate('password_reset_done', c.get('language')),
      user,
      sessionExpiresAt: session.expiresAt.toISOString(),
    });
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const result = await logIn(db, c.env, input, clientAddress(c), userAgentOf(c), (work) =>
      c.executionCtx.waitUntil(work),
    );
    const language = c.get('language');
    setSessionCookie(c, result.session);
    c.executionCtx.waitUntil(expiredSessionsCleanup(db).then(() => undefined));
    // An address not verified yet is answered 401 like a wrong password (modules/accounts/sign-up-and-sign-in.ts logIn).
    return c.json(
      {
        requiresVerification: false as const,
        message: translate('login_success', language),
        email: input.email,
        user: result.user,
        sessionExpiresAt: result.session.expiresAt.toISOString(),
      },
      200,
    );
  })
  .post('/logout', async (c) => {
    const session = await readSession(c);
    await endSession(c, session?.idHash ?? null);
    return c.json({ message: translate('logged_out', c.get('language')) });
  })
  // The sign-in methods this hotel offers besides e-mail: the login screen shows Google only when
  // it is configured (a button that always fails is worse than none).
  .get('/providers', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ google: googleSignInConfigured(c.env) });
  })
  // With the session's end, so that an installed app keeps showing who is signed in while it is
  // offline, for as long as the session can still be valid and no longer (docs/decisions/005).
  .get('/me', requireUser, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ user: c.get('user'), sessionExpiresAt: c.get('session').expiresAt.toISOString() });
  });
