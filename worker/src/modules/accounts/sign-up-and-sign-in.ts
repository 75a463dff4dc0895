import { and, eq } from 'drizzle-orm';
import type { UserRole } from '../../../../shared/src/constants';
import { sessions, users, type User } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { checkCode, issueCode, mayResend } from './email-codes';
import { ApiError, throttled } from '../../platform/api-error';
import { sendMail } from '../../platform/mail';
import { hotelOf, registrationAttemptMail } from './account-mails';
import { passwordProblem } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { LIMITS, hit, peekAll, retryAfterSeconds, type Limit } from '../../platform/rate-limit';
import { effectiveRole, newSessionRow } from '../../platform/sessions';
import { readSiteSettings } from '../catalog';

/**
 * Accounts (guest spec sections 2, 4, 5, 7, 8; modules/accounts/routes/auth.ts): register,
 * verify by e-mail code, resend, forgot and reset a password, log in. A call that signs in
 * returns the new session's token and end; the route sets the cookie (platform/session-cookies.ts).
 */

/** A session just started: its token and end, for the cookie. */
export type StartedSession = { token: string; expiresAt: Date };

// A fixed hash to verify against when the account does not exist, so a wrong
// e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

function sessionUser(user: Pick<User, 'id' | 'fullName' | 'email' | 'role'>, env: Pick<Env, 'ADMIN_EMAIL'>) {
  return { id: user.id, fullName: user.fullName, email: user.email, role: effectiveRole(user, env) };
}

function tooMany(limit: Limit): never {
  throw throttled('too_many_requests', retryAfterSeconds(limit));
}

/** Refuses a new password that breaks the policy (modules/accounts/password-policy.ts), as a field error. */
async function checkNewPassword(password: string, email: string, role: UserRole) {
  const problem = await passwordProblem(password, email, role);
  if (problem) throw new ApiError(400, 'validation_failed', { password: problem });
}

function findUser(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/**
 * Registers an account and sends its code. An address that already has an account gets the
 * same answer as a new one, after the same work (the password checked and hashed), so the
 * call tells nobody which addresses have accounts: an unverified account is sent its code
 * again, a verified one is told by e-mail that someone tried to register with its address.
 * Neither changes the account.
 */
export async function register(
  db: Db,
  env: Env,
  { fullName, email, password }: { fullName: string; email: string; password: string },
): Promise<void> {
  const role = email === env.ADMIN_EMAIL.trim().toLowerCase() ? 'admin' : 'guest';
  await checkNewPassword(password, email, role);
  const passwordHash = await hashPassword(password, env.PASSWORD_PEPPER);
  const existing = await findUser(db, email);
  if (existing) return registeredAgain(db, env, existing);
  const user = await db
    .insert(users)
    .values({ fullName, email, passwordHash, role })
    .onConflictDoNothing()
    .returning()
    .get();
  // Registered by a concurrent request a moment ago: the same answer, nothing changed.
  if (!user) return;
  if (await mayResend(db, email)) await issueCode(env, db, user);
}

/**
 * Someone registered with an address that has an account. Before verification this changes
 * nothing (else whoever registers last would own the account once its owner verifies): it
 * only re-sends the code. A verified owner is told by e-mail. Each throttled as codes are.
 */
async function registeredAgain(db: Db, env: Env, user: User): Promise<void> {
  if (user.isDisabled) return;
  if (!user.isVerified) {
    if (await mayResend(db, user.email)) await issueCode(env, db, user);
    return;
  }
  if (!(await mayResend(db, user.email, 'registration_notice'))) return;
  const settings = await readSiteSettings(db);
  await sendMail(env, db, registrationAttemptMail(user.email, user.fullName, hotelOf(settings)));
}

/** Verifies an account by its code and signs it in. */
export async function verifyEmail(
  db: Db,
  env: Env,
  { email, verificationCode }: { email: string; verificationCode: string },
  userAgent: string | null,
) {
  const user = await findUser(db, email);
  // Unknown, disabled and already verified addresses get the same answer as a wrong
  // code: this call tells nobody which addresses have accounts.
  if (!user || user.isDisabled || user.isVerified) throw new ApiError(400, 'code_invalid');
  const code = await checkCode(env, db, user.id, verificationCode);
  if (typeof code === 'string') throw new ApiError(400, code);
  // The code used up, the account verified and the session started: one batch.
  const session = await newSessionRow(db, user.id, userAgent, code.used);
  const [used] = await db.batch([
    code.use,
    db
      .update(users)
      .set({ isVerified: true })
      .where(and(eq(users.id, user.id), code.used)),
    session.insert,
  ]);
  if (used.length === 0) throw new ApiError(400, 'code_invalid');
  return { user: sessionUser(user, env), session: { token: session.token, expiresAt: session.expiresAt } };
}

/** Sends a new verification code (throttled per address; the same answer for any address). */
export async function resendVerification(db: Db, env: Env, email: string): Promise<void> {
  if (!(await mayResend(db, email))) tooMany(LIMITS.resendPerMinute);
  const user = await findUser(db, email);
  // The same answer whether or not the account exists: no account discovery here.
  if (user && !user.isVerified && !user.isDisabled) await issueCode(env, db, user);
}

/** Sends a password reset code (throttled per address whether or not it has an account). */
export async function forgotPassword(db: Db, env: Env, email: string): Promise<void> {
  if (!(await mayResend(db, email, 'reset_password'))) tooMany(LIMITS.resendPerMinute);
  const user = await findUser(db, email);
  if (user && !user.isDisabled) await issueCode(env, db, user, 'reset_password');
}

/** Sets a new password with a reset code, ends every old session and signs in. */
export async function resetPassword(
  db: Db,
  env: Env,
  { email, code, password }: { email: string; code: string; password: string },
  userAgent: string | null,
) {
  const user = await findUser(db, email);
  if (!user || user.isDisabled) throw new ApiError(400, 'code_invalid');
  const role = effectiveRole(user, env);
  // The policy first, so a refused password does not use up the code.
  await checkNewPassword(password, email, role);
  const accepted = await checkCode(env, db, user.id, code, 'reset_password');
  if (typeof accepted === 'string') throw new ApiError(400, accepted);
  // The code used up, the new password, every old session ended and a new one started:
  // one batch, each step only if this request used the code. The code proved the
  // mailbox, so an account never verified is verified now.
  const session = await newSessionRow(db, user.id, userAgent, accepted.used);
  const [used] = await db.batch([
    accepted.use,
    db
      .update(users)
      .set({ passwordHash: await hashPassword(password, env.PASSWORD_PEPPER), isVerified: true })
      .where(and(eq(users.id, user.id), accepted.used)),
    db.delete(sessions).where(and(eq(sessions.userId, user.id), accepted.used)),
    session.insert,
  ]);
  if (used.length === 0) throw new ApiError(400, 'code_invalid');
  return { user: sessionUser(user, env), session: { token: session.token, expiresAt: session.expiresAt } };
}

/**
 * Logs in: a session started, or 401 `invalid_credentials`. Throttled per address and account
 * pair, per account, and failures per address.
 *
 * An account not verified yet answers exactly as a wrong password does: the
 * same 401, body and throttling, so a login after a failed registration cannot tell a new
 * address (whose registration made an unverified account with that password) from one that
 * had an account already. With the right password it is also sent a verification code
 * (throttled as resends are), after the answer (`defer`), so the time taken does not tell
 * either; the login screen offers to enter the code.
 */
export async function logIn(
  db: Db,
  env: Env,
  { email, password }: { email: string; password: string },
  address: string,
  userAgent: string | null,
  defer: (work: Promise<unknown>) => void,
): Promise<{ user: ReturnType<typeof sessionUser>; session: StartedSession }> {
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
  if (pairFailures! >= LIMITS.loginPerAccountAddress.max) tooMany(LIMITS.loginPerAccountAddress);
  if (accountFailures! >= LIMITS.loginPerAccount.max) tooMany(LIMITS.loginPerAccount);
  const user = await findUser(db, email);
  dummyHash ??= hashPassword('not-a-password', 'pepper');
  const ok = await verifyPassword(password, env.PASSWORD_PEPPER, user?.passwordHash ?? (await dummyHash));
  const unverified = ok && user !== undefined && !user.isVerified && !user.isDisabled;
  if (!user || !ok || unverified) {
    if (unverified) {
      defer(
        (async () => {
          if (await mayResend(db, email)) await issueCode(env, db, user);
        })().catch((error: unknown) => console.warn('The verification code was not sent.', error)),
      );
    }
    const [, , perAddress] = await Promise.all([
      hit(db, pairKey, LIMITS.loginPerAccountAddress),
      hit(db, accountKey, LIMITS.loginPerAccount),
      hit(db, addressKey, LIMITS.loginPerAddress),
    ]);
    // Per address only failures are refused: a correct login of an account that
    // is not itself throttled always goes through, even behind the hotel's NAT.
    if (perAddress > LIMITS.loginPerAddress.max) tooMany(LIMITS.loginPerAddress);
    throw new ApiError(401, 'invalid_credentials');
  }
  if (user.isDisabled) throw new ApiError(403, 'account_disabled');
  const session = await newSessionRow(db, user.id, userAgent);
  await session.insert;
  return {
    user: sessionUser(user, env),
    session: { token: session.token, expiresAt: session.expiresAt },
  };
}
