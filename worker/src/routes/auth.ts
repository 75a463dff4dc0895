import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetWithCodeSchema,
  verifyEmailSchema,
} from '../../../shared/src/auth-schemas';
import type { UserRole } from '../../../shared/src/constants';
import { sessions, users, type User } from '../db/schema/users';
import type { AppEnv } from '../env';
import { requireUser } from '../http/auth';
import { checkCode, issueCode, mayResend } from '../lib/email-codes';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/messages';
import { passwordProblem } from '../lib/password-policy';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { LIMITS, hit, peekAll, retryAfterSeconds } from '../lib/rate-limit';
import { clientAddress } from '../http/request';
import { effectiveRole, expiredSessionsCleanup } from '../lib/sessions';
import { endSession, newSession, readSession, startSession } from '../http/sessions';
import { validate } from '../http/validation';

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

/** 429 with Retry-After; thrown, so each route's answer type stays its success shape. */
function tooMany(c: Context<AppEnv>, limit: (typeof LIMITS)[keyof typeof LIMITS]): never {
  c.header('Retry-After', String(retryAfterSeconds(limit)));
  throw new ApiError(429, 'too_many_requests');
}

/** Refuses a new password that breaks the policy (lib/password-policy.ts), as a field error. */
async function checkNewPassword(password: string, email: string, role: UserRole) {
  const problem = await passwordProblem(password, email, role);
  if (problem) throw new ApiError(400, 'validation_failed', { password: problem });
}

export const auth = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const { fullName, email, password } = c.req.valid('json');
    const db = c.get('db');
    const role = email === c.env.ADMIN_EMAIL.trim().toLowerCase() ? 'admin' : 'guest';
    const answer = () =>
      c.json(
        { message: translate('registered', c.get('language')), requiresVerification: true as const, email },
        201,
      );
    const existing = await db.select().from(users).where(eq(users.email, email)).get();
    if (existing?.isVerified) throw new ApiError(409, 'email_taken');
    if (existing) {
      // Registering again before verifying changes nothing (else whoever registers last
      // would own the account once its owner verifies): it only re-sends the code, throttled.
      if (!existing.isDisabled && (await mayResend(db, email))) await issueCode(c.env, db, existing);
      return answer();
    }
    await checkNewPassword(password, email, role);
    const user = await db
      .insert(users)
      .values({ fullName, email, passwordHash: await hashPassword(password, c.env.PASSWORD_PEPPER), role })
      .onConflictDoNothing()
      .returning()
      .get();
    // Registered by a concurrent request a moment ago: the same answer, nothing changed.
    if (!user) return answer();
    if (await mayResend(db, email)) await issueCode(c.env, db, user);
    return answer();
  })
  .post('/verify-email', validate('json', verifyEmailSchema), async (c) => {
    const { email, verificationCode } = c.req.valid('json');
    const db = c.get('db');
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    // Unknown, disabled and already verified addresses get the same answer as a wrong
    // code: this call tells nobody which addresses have accounts.
    if (!user || user.isDisabled || user.isVerified) throw new ApiError(400, 'code_invalid');
    const code = await checkCode(c.env, db, user.id, verificationCode);
    if (typeof code === 'string') throw new ApiError(400, code);
    // The code used up, the account verified and the session started: one batch.
    const session = await newSession(c, user.id, code.used);
    const [used] = await db.batch([
      code.use,
      db
        .update(users)
        .set({ isVerified: true })
        .where(and(eq(users.id, user.id), code.used)),
      session.insert,
    ]);
    if (used.length === 0) throw new ApiError(400, 'code_invalid');
    session.setCookie();
    return c.json({
      message: translate('email_verified', c.get('language')),
      user: sessionUser(user, c.env),
    });
  })
  .post('/resend-verification', validate('json', resendVerificationSchema), async (c) => {
    const { email } = c.req.valid('json');
    const db = c.get('db');
    if (!(await mayResend(db, email))) tooMany(c, LIMITS.resendPerMinute);
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    // The same answer whether or not the account exists: no account discovery here.
    if (user && !user.isVerified && !user.isDisabled) await issueCode(c.env, db, user);
    return c.json({ message: translate('code_sent', c.get('language')) });
  })
  .post('/forgot-password', validate('json', forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid('json');
    const db = c.get('db');
    // Throttled per address whether or not it has an account, so the answer says nothing.
    if (!(await mayResend(db, email, 'reset_password'))) tooMany(c, LIMITS.resendPerMinute);
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    if (user && !user.isDisabled) await issueCode(c.env, db, user, 'reset_password');
    return c.json({ message: translate('reset_code_sent', c.get('language')) });
  })
  .post('/reset-password', validate('json', resetWithCodeSchema), async (c) => {
    const { email, code, password } = c.req.valid('json');
    const db = c.get('db');
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    if (!user || user.isDisabled) throw new ApiError(400, 'code_invalid');
    const role = effectiveRole(user, c.env);
    // The policy first, so a refused password does not use up the code.
    await checkNewPassword(password, email, role);
    const accepted = await checkCode(c.env, db, user.id, code, 'reset_password');
    if (typeof accepted === 'string') throw new ApiError(400, accepted);
    // The code used up, the new password, every old session ended and a new one started:
    // one batch, each step only if this request used the code. The code proved the
    // mailbox, so an account never verified is verified now.
    const session = await newSession(c, user.id, accepted.used);
    const [used] = await db.batch([
      accepted.use,
      db
        .update(users)
        .set({ passwordHash: await hashPassword(password, c.env.PASSWORD_PEPPER), isVerified: true })
        .where(and(eq(users.id, user.id), accepted.used)),
      db.delete(sessions).where(and(eq(sessions.userId, user.id), accepted.used)),
      session.insert,
    ]);
    if (used.length === 0) throw new ApiError(400, 'code_invalid');
    session.setCookie();
    return c.json({
      message: translate('password_reset_done', c.get('language')),
      user: sessionUser(user, c.env),
    });
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = c.get('db');
    const address = clientAddress(c);
    const pairKey = `login:pair:${email}:${address}`;
    const accountKey = `login:acct:${email}`;
    const addressKey = `login:addr:${address}`;
    // Refused before the password is checked: this address has failed too often for this
    // account, or the account has reached its ceiling across all addresses. Another
    // address that has not failed still signs in below the ceiling.
    const [pairFailures, accountFailures] = await peekAll(db, [
      [pairKey, LIMITS.loginPerAccountAddress],
      [accountKey, LIMITS.loginPerAccount],
    ]);
    if (pairFailures! >= LIMITS.loginPerAccountAddress.max) tooMany(c, LIMITS.loginPerAccountAddress);
    if (accountFailures! >= LIMITS.loginPerAccount.max) tooMany(c, LIMITS.loginPerAccount);
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    dummyHash ??= hashPassword('not-a-password', 'pepper');
    const ok = await verifyPassword(password, c.env.PASSWORD_PEPPER, user?.passwordHash ?? (await dummyHash));
    if (!user || !ok) {
      const [, , perAddress] = await Promise.all([
        hit(db, pairKey, LIMITS.loginPerAccountAddress),
        hit(db, accountKey, LIMITS.loginPerAccount),
        hit(db, addressKey, LIMITS.loginPerAddress),
      ]);
      // Per address only failures are refused: a correct login of an account that
      // is not itself throttled always goes through, even behind the hotel's NAT.
      if (perAddress > LIMITS.loginPerAddress.max) tooMany(c, LIMITS.loginPerAddress);
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
