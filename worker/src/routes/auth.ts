import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  verifyEmailSchema,
} from '../../../shared/src/auth-schemas';
import { users, type User } from '../db/schema/users';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { checkCode, issueCode, mayResend } from '../lib/email-codes';
import { ApiError, errorResponse } from '../lib/errors';
import { translate } from '../lib/messages';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { LIMITS, hit, peek, retryAfterSeconds } from '../lib/rate-limit';
import {
  effectiveRole,
  endSession,
  expiredSessionsCleanup,
  readSession,
  startSession,
} from '../lib/sessions';
import { validate } from '../lib/validation';

/**
 * Accounts (guest spec sections 2, 4, 5, 7, 8; DESIGN.md "Roles"): register,
 * verify by e-mail code, resend, log in, log out, who am I. The session lives
 * only in the HttpOnly cookie; no token is ever handed to the page.
 */

// A fixed hash to verify against when the account does not exist, so a wrong
// e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

function sessionUser(user: Pick<User, 'id' | 'fullName' | 'email' | 'role'>, env: AppEnv['Bindings']) {
  return { id: user.id, fullName: user.fullName, email: user.email, role: effectiveRole(user, env) };
}

function clientAddress(c: Context<AppEnv>) {
  return c.req.header('cf-connecting-ip') ?? 'local';
}

function tooMany(c: Context<AppEnv>, limit: (typeof LIMITS)[keyof typeof LIMITS]) {
  c.header('Retry-After', String(retryAfterSeconds(limit)));
  return errorResponse(c, 429, 'too_many_requests');
}

export const auth = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const { fullName, email, password } = c.req.valid('json');
    const db = c.get('db');
    const passwordHash = await hashPassword(password, c.env.PASSWORD_PEPPER);
    const existing = await db.select().from(users).where(eq(users.email, email)).get();
    let user: User;
    if (existing?.isVerified) {
      throw new ApiError(409, 'email_taken');
    } else if (existing) {
      // Registering again before verifying: take the new details, send a new code.
      user = (await db
        .update(users)
        .set({ fullName, passwordHash })
        .where(eq(users.id, existing.id))
        .returning()
        .get())!;
    } else {
      const role = email === c.env.ADMIN_EMAIL.trim().toLowerCase() ? 'admin' : 'guest';
      user = (await db
        .insert(users)
        .values({ fullName, email, passwordHash, role })
        .onConflictDoNothing()
        .returning()
        .get())!;
      if (!user) throw new ApiError(409, 'email_taken');
    }
    if (await mayResend(db, email)) await issueCode(c.env, db, user);
    return c.json(
      { message: translate('registered', c.get('language')), requiresVerification: true as const, email },
      201,
    );
  })
  .post('/verify-email', validate('json', verifyEmailSchema), async (c) => {
    const { email, verificationCode } = c.req.valid('json');
    const db = c.get('db');
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    if (!user || user.isDisabled) throw new ApiError(400, 'code_invalid');
    if (user.isVerified) throw new ApiError(409, 'already_verified');
    const result = await checkCode(c.env, db, user.id, verificationCode);
    if (result !== 'ok') throw new ApiError(400, result);
    await db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
    await startSession(c, user.id);
    return c.json({
      message: translate('email_verified', c.get('language')),
      user: sessionUser(user, c.env),
    });
  })
  .post('/resend-verification', validate('json', resendVerificationSchema), async (c) => {
    const { email } = c.req.valid('json');
    const db = c.get('db');
    if (!(await mayResend(db, email))) return tooMany(c, LIMITS.resendPerMinute);
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    // The same answer whether or not the account exists: no account discovery here.
    if (user && !user.isVerified && !user.isDisabled) await issueCode(c.env, db, user);
    return c.json({ message: translate('code_sent', c.get('language')) });
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = c.get('db');
    const accountKey = `login:acct:${email}`;
    const addressKey = `login:addr:${clientAddress(c)}`;
    if ((await peek(db, accountKey, LIMITS.loginPerAccount)) >= LIMITS.loginPerAccount.max) {
      return tooMany(c, LIMITS.loginPerAccount);
    }
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    dummyHash ??= hashPassword('not-a-password', 'pepper');
    const ok = await verifyPassword(password, c.env.PASSWORD_PEPPER, user?.passwordHash ?? (await dummyHash));
    if (!user || !ok) {
      const [, perAddress] = await Promise.all([
        hit(db, accountKey, LIMITS.loginPerAccount),
        hit(db, addressKey, LIMITS.loginPerAddress),
      ]);
      // Per address only failures are refused: a correct login of an account that
      // is not itself throttled always goes through, even behind the hotel's NAT.
      if (perAddress > LIMITS.loginPerAddress.max) return tooMany(c, LIMITS.loginPerAddress);
      throw new ApiError(401, 'invalid_credentials');
    }
    if (user.isDisabled) throw new ApiError(403, 'account_disabled');
    const language = c.get('language');
    if (!user.isVerified) {
      if (await mayResend(db, email)) await issueCode(c.env, db, user);
      return c.json(
        {
          requiresVerification: true as const,
          message: translate('verify_required', language),
          email,
          error: { code: 'verify_required', message: translate('verify_required', language) },
        },
        403,
      );
    }
    await startSession(c, user.id);
    c.executionCtx.waitUntil(expiredSessionsCleanup(db).then(() => undefined));
    // 200 stated, so the client tells this answer from the 403 "verify first" one by its status.
    return c.json(
      {
        requiresVerification: false as const,
        message: translate('login_success', language),
        email,
        user: sessionUser(user, c.env),
      },
      200,
    );
  })
  .post('/logout', async (c) => {
    const session = await readSession(c);
    await endSession(c, session?.idHash ?? null);
    return c.json({ message: translate('logged_out', c.get('language')) });
  })
  .get('/me', requireUser, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ user: c.get('user') });
  });
