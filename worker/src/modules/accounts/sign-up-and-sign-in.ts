import { and, eq, isNull } from 'drizzle-orm';
import type { UserRole } from '@shared/constants';
import { sessions, users, type User } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { checkCode, issueCode, mayResend } from './email-codes';
import { ApiError, throttled } from '../../platform/api-error';
import { sendMail } from '../../platform/mail';
import { hotelOf, registrationAttemptMail } from './account-mails';
import { passwordProblem } from './password-policy';
import { hashLike, hashPassword, sameHash } from './passwords';
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
 * same answer as a new one, after the same work (the password checked and hashed once), so the
 * call tells nobody which addresses have accounts: an unverified account is sent its code
 * again, a verified one is told by e-mail that someone tried to register with its address.
 * Neither changes what signs the account in.
 */
export async function register(
  db: Db,
  env: Env,
  { fullName, email, password }: { fullName: string; email: string; password: string },
): Promise<void> {
  const role = email === env.ADMIN_EMAIL.trim().toLowerCase() ? 'admin' : 'guest';
  await checkNewPassword(password, email, role);
  const existing = await findUser(db, email);
  if (existing) {
    // Hashed with the account's own salt (one derivation, as for a new address), so a later
    // login can compare it with the same single derivation it verifies the password with.
    const reference = existing.passwordHash ?? existing.registrationAttemptHash;
    const attempt =
      (reference && (await hashLike(password, env.PASSWORD_PEPPER, reference))) ??
      (await hashPassword(password, env.PASSWORD_PEPPER));
    return registeredAgain(db, env, existing, attempt);
  }
  const passwordHash = await hashPassword(password, env.PASSWORD_PEPPER);
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
 *
 * The first password tried on a verified account is kept (`attempt`, with the account's salt):
 * a login with it is then answered as the unverified account a new address would have made
 * answers (go and enter the code), and any later one as a wrong password, as a second
 * registration of a new address changes nothing either. It signs nobody in; the code screen
 * it leads to accepts no code for an account already verified.
 */
async function registeredAgain(db: Db, env: Env, user: User, attempt: string): Promise<void> {
  if (user.isDisabled) return;
  if (!user.isVerified) {
    if (await mayResend(db, user.email)) await issueCode(env, db, user);
    return;
  }
  if (!user.registrationAttemptHash) {
    await db
      .update(users)
      .set({ registrationAttemptHash: attempt })
      .where(and(eq(users.id, user.id), isNull(users.registrationAttemptHash)));
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
      .set({
        passwordHash: await hashPassword(password, env.PASSWORD_PEPPER),
        isVerified: true,
        registrationAttemptHash: null,
      })
      .where(and(eq(users.id, user.id), accepted.used)),
    db.delete(sessions).where(and(eq(sessions.userId, user.id), accepted.used)),
    session.insert,
  ]);
  if (used.length === 0) throw new ApiError(400, 'code_invalid');
  return { user: sessionUser(user, env), session: { token: session.token, expiresAt: session.expiresAt } };
}

/**
 * Logs in: a session started, 403 `verify_required` for an account not verified yet (its right
 * password: the login screen goes on to the code screen), or 401 `invalid_credentials`.
 * Throttled per address and account pair, per account, and failures per address (a login that
 * needs verification counts as a failure).
 *
 * A login after a failed registration cannot tell a new address (whose registration made an
 * unverified account with that password) from one that had an account already: that account
 * kept the first password tried on it (`registrationAttemptHash`), and a login with it gets
 * the same 403, body and throttling. One derivation either way (the account's salt), so the time
 * does not tell either. A real unverified account is also sent a new code (throttled as resends
 * are), after the answer (`defer`).
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
  const reference = user?.passwordHash ?? user?.registrationAttemptHash ?? (await dummyHash);
  const derived = await hashLike(password, env.PASSWORD_PEPPER, reference);
  const ok = sameHash(derived, user?.passwordHash);
  const unverified = ok && user !== undefined && !user.isVerified && !user.isDisabled;
  const triedOnTaken =
    !ok && user !== undefined && !user.isDisabled && sameHash(derived, user.registrationAttemptHash);
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
    if (unverified || triedOnTaken) throw new ApiError(403, 'verify_required');
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
