import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { AUTH_RULES } from '@shared/constants';
import { emailCodes } from './tables';
import type { Db, Env } from '../../platform/env';
import { newChangeToken, rowExists } from '../../platform/atomic';
import { sendMail } from '../../platform/mail';
import { hotelOf, passwordResetMail, verificationMail } from './account-mails';
import { readSiteSettings } from '../catalog';
import { LIMITS, hit } from '../../platform/rate-limit';
import { sha256Hex } from '../../platform/crypto';

/**
 * Six-digit e-mail codes: random, single use, valid 10 minutes,
 * at most 5 wrong tries, stored only as a peppered hash; a new code kills the
 * previous ones of the same purpose. Sending is throttled per address and purpose
 * (1 a minute, 5 an hour). The same rules serve e-mail verification and password reset.
 */
export type CodePurpose = 'verify_email' | 'reset_password';

/** Six random digits, every code equally likely (also the phone codes, modules/accounts/phone-verification.ts). */
export function randomCode(): string {
  // Rejection sampling keeps every code equally likely.
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const n = crypto.getRandomValues(new Uint32Array(1))[0]!;
    if (n < limit) return String(n % 1_000_000).padStart(AUTH_RULES.codeLength, '0');
  }
}

function codeHash(purpose: CodePurpose, userId: number, code: string, pepper: string) {
  // The verification prefix stays 'verify' so codes issued before resets existed still check.
  return sha256Hex(`${purpose === 'verify_email' ? 'verify' : purpose}:${userId}:${code}:${pepper}`);
}

/** The throttle counters of each kind of e-mail to an address. */
const THROTTLE_PREFIX = { verify_email: 'resend', reset_password: 'reset', registration_notice: 'notice' };

/**
 * Whether another code (or, `registration_notice`, another "someone tried to register with
 * your address" e-mail) may be sent to this address now (counts the attempt).
 */
export async function mayResend(
  db: Db,
  email: string,
  purpose: CodePurpose | 'registration_notice' = 'verify_email',
  now = Date.now(),
): Promise<boolean> {
  const prefix = THROTTLE_PREFIX[purpose];
  const [perMinute, perHour] = await Promise.all([
    hit(db, `${prefix}:m:${email}`, LIMITS.resendPerMinute, now),
    hit(db, `${prefix}:h:${email}`, LIMITS.resendPerHour, now),
  ]);
  return perMinute <= LIMITS.resendPerMinute.max && perHour <= LIMITS.resendPerHour.max;
}

/** Makes a new code for the user (ending the old ones of that purpose) and e-mails it. */
export async function issueCode(
  env: Env,
  db: Db,
  user: { id: number; email: string; fullName: string },
  purpose: CodePurpose = 'verify_email',
) {
  const code = randomCode();
  const now = Date.now();
  await db.batch([
    db
      .update(emailCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(emailCodes.userId, user.id), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt))),
    db.insert(emailCodes).values({
      userId: user.id,
      purpose,
      codeHash: await codeHash(purpose, user.id, code, env.PASSWORD_PEPPER),
      expiresAt: new Date(now + AUTH_RULES.codeTtlMs),
    }),
  ]);
  const mail = purpose === 'verify_email' ? verificationMail : passwordResetMail;
  // The hotel's name and contacts as the admin set them (site settings).
  const settings = await readSiteSettings(db);
  await sendMail(env, db, mail(user.email, user.fullName, code, hotelOf(settings)));
}

export type CodeRefusal = 'code_invalid' | 'code_expired' | 'code_locked';

/**
 * A right code, not yet used: `use` is the statement that uses it up (it only
 * succeeds once, whoever races), and `used` the guard for everything that follows
 * from it in the same batch (platform/atomic.ts), so a code is never spent without its
 * effect, nor its effect had twice.
 */
export type CodeAccepted = { use: BatchItem<'sqlite'>; used: SQL };

/**
 * Checks a typed code against the user's live code. A wrong try is counted
 * atomically; the fifth kills the code.
 */
export async function checkCode(
  env: Env,
  db: Db,
  userId: number,
  code: string,
  purpose: CodePurpose = 'verify_email',
): Promise<CodeAccepted | CodeRefusal> {
  const now = Date.now();
  const live = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(sql`${emailCodes.id} desc`)
    .get();
  if (!live) return 'code_invalid';
  if (live.attempts >= AUTH_RULES.codeMaxAttempts) return 'code_locked';
  if (live.expiresAt.getTime() <= now) return 'code_expired';

  if ((await codeHash(purpose, userId, code, env.PASSWORD_PEPPER)) !== live.codeHash) {
    const row = await db.get<{ attempts: number }>(sql`
      update email_codes set attempts = attempts + 1, updated_at = ${now}
      where id = ${live.id} and attempts < ${AUTH_RULES.codeMaxAttempts}
      returning attempts`);
    return !row || row.attempts >= AUTH_RULES.codeMaxAttempts ? 'code_locked' : 'code_invalid';
  }
  const token = newChangeToken();
  return {
    use: db
      .update(emailCodes)
      .set({ usedAt: new Date(now), updatedAt: new Date(now), changeToken: token })
      .where(
        and(
          eq(emailCodes.id, live.id),
          isNull(emailCodes.usedAt),
          sql`${emailCodes.attempts} < ${AUTH_RULES.codeMaxAttempts} and ${emailCodes.expiresAt} > ${now}`,
        ),
      )
      .returning({ id: emailCodes.id }),
    used: rowExists(emailCodes, sql`${emailCodes.id} = ${live.id} and ${emailCodes.changeToken} = ${token}`),
  };
}
