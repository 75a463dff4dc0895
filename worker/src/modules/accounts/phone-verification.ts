import { normalizePhone } from '@shared/digits';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { AUTH_RULES } from '@shared/constants';
import { phoneVerificationRequests, userPhones } from './tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { countText } from '../../platform/counts';
import { text } from '../../platform/messages';
import { sha256Bytes, sha256Hex } from '../../platform/crypto';
import { randomCode, type CodeRefusal } from './email-codes';
import { ApiError, throttled } from '../../platform/api-error';
import { sendPhoneMessage } from '../../platform/phone-messages';
import { hit, retryAfterSeconds, type Limit } from '../../platform/rate-limit';
import { readSiteSettings } from '../catalog';

/**
 * Phone verification (the spec's `phone_verification_requests`; docs/decisions/039-phone-proofs.md). The rules of the e-mail codes (modules/accounts/email-codes.ts):
 * six random digits, stored only as a peppered hash, valid 10 minutes, single use, at most 5
 * wrong tries, a new code ends the phone's older ones. Sending is throttled per phone (1 a
 * minute, 5 an hour) and per client address (generous: the hotel's guests share its address).
 *
 * A right code proves the phone on the device for 30 days: a signed list of proven phones
 * (a JWT, HS256 under a key derived from the pepper) in an HttpOnly cookie (modules/accounts/phone-proofs.ts),
 * and, for a signed-in guest, on the account (`user_phones`), so their entries need no new code
 * on another device. Phones are compared normalised (shared/src/digits.ts normalizePhone).
 */

export const PHONE_LIMITS = {
  perPhoneMinute: { max: 1, windowMs: 60_000 },
  perPhoneHour: { max: 5, windowMs: 60 * 60_000 },
  perAddressHour: { max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** How long a right code proves a phone on a device. */
export const PHONE_PROOF_TTL_MS = 30 * 24 * 60 * 60_000;
/** At most this many phones proven on one device (the newest are kept). */
export const MAX_PROVEN_PHONES = 10;

function codeHash(phone: string, code: string, pepper: string) {
  return sha256Hex(`phone:${phone}:${code}:${pepper}`);
}

/** The text of the code's message, in the request's language, with the hotel's name. */
export function phoneCodeText(code: string, language: 'ar' | 'en', hotel: { ar: string; en: string }) {
  return text(language, 'sms.verification_code', {
    hotel: hotel[language],
    // The code's digits as typed, kept left-to-right inside the Arabic sentence.
    code: language === 'ar' ? `\u2066${code}\u2069` : code,
    minutes: countText(AUTH_RULES.codeTtlMs / 60_000, language, 'minutes'),
  });
}

/**
 * Sends a new code to the phone (throttled per phone and per client address; 429 with
 * Retry-After when over), ending the phone's older codes.
 */
export async function requestPhoneCode(
  env: Env,
  db: Db,
  phone: string,
  address: string,
  language: 'ar' | 'en',
): Promise<void> {
  const now = Date.now();
  const checks: [string, Limit][] = [
    [`phone:m:${phone}`, PHONE_LIMITS.perPhoneMinute],
    [`phone:h:${phone}`, PHONE_LIMITS.perPhoneHour],
    [`phone:a:${address}`, PHONE_LIMITS.perAddressHour],
  ];
  // In order, each counted only once the narrower ones let it through: a request refused
  // within the minute does not use up the phone's hour, nor the address's.
  for (const [key, limit] of checks) {
    if ((await hit(db, key, limit, now)) > limit.max) {
      throw throttled('too_many_requests', retryAfterSeconds(limit, now));
    }
  }

  const code = randomCode();
  const settings = await readSiteSettings(db);
  const text = phoneCodeText(code, language, { ar: settings.siteNameAr, en: settings.siteName });
  const hash = await codeHash(phone, code, env.PASSWORD_PEPPER);
  // The older codes end and the new one is stored before it is sent: a code the guest
  // receives always works.
  await db.batch([
    db
      .update(phoneVerificationRequests)
      .set({ usedAt: new Date(now), isUsed: true, updatedAt: new Date(now) })
      .where(and(eq(phoneVerificationRequests.phoneNumber, phone), isNull(phoneVerificationRequests.usedAt))),
    db.insert(phoneVerificationRequests).values({
      phoneNumber: phone,
      verificationCodeHash: hash,
      expiresAt: new Date(now + AUTH_RULES.codeTtlMs),
      channel: env.PHONE_PROVIDER === 'whatsapp' ? 'whatsapp' : 'sms',
    }),
  ]);
  try {
    await sendPhoneMessage(env, db, { to: phone, text, code, language });
  } catch (err) {
    console.error(JSON.stringify({ msg: 'phone message failed', err: String(err) }));
    throw new ApiError(503, 'phone_send_failed');
  }
}

/**
 * Checks a typed code against the phone's live code: the code used up (once, whoever races)
 * and, for a signed-in guest, the phone remembered on the account, in one batch. A wrong try
 * is counted atomically; the fifth kills the code. Throws the refusal (400).
 */
export async function verifyPhoneCode(
  env: Env,
  db: Db,
  phone: string,
  code: string,
  userId: number | null,
): Promise<void> {
  const now = Date.now();
  const live = await db
    .select()
    .from(phoneVerificationRequests)
    .where(and(eq(phoneVerificationRequests.phoneNumber, phone), isNull(phoneVerificationRequests.usedAt)))
    .orderBy(sql`${phoneVerificationRequests.id} desc`)
    .get();
  const refuse = (reason: CodeRefusal): never => {
    throw new ApiError(400, reason);
  };
  if (!live) return refuse('code_invalid');
  if (live.attempts >= AUTH_RULES.codeMaxAttempts) return refuse('code_locked');
  if (live.expiresAt.getTime() <= now) return refuse('code_expired');

  if ((await codeHash(phone, code, env.PASSWORD_PEPPER)) !== live.verificationCodeHash) {
    const row = await db.get<{ attempts: number }>(sql`
      update phone_verification_requests set attempts = attempts + 1, updated_at = ${now}
      where id = ${live.id} and attempts < ${AUTH_RULES.codeMaxAttempts}
      returning attempts`);
    return refuse(!row || row.attempts >= AUTH_RULES.codeMaxAttempts ? 'code_locked' : 'code_invalid');
  }
  const token = newChangeToken();
  const used = rowExists(
    phoneVerificationRequests,
    sql`${phoneVerificationRequests.id} = ${live.id} and ${phoneVerificationRequests.changeToken} = ${token}`,
  );
  const [spent] = await db.batch([
    db
      .update(phoneVerificationRequests)
      .set({ usedAt: new Date(now), isUsed: true, updatedAt: new Date(now), changeToken: token })
      .where(
        and(
          eq(phoneVerificationRequests.id, live.id),
          isNull(phoneVerificationRequests.usedAt),
          sql`${phoneVerificationRequests.attempts} < ${AUTH_RULES.codeMaxAttempts} and ${phoneVerificationRequests.expiresAt} > ${now}`,
        ),
      )
      .returning({ id: phoneVerificationRequests.id }),
    ...(userId === null
      ? []
      : [
          insertWhere(
            db,
            userPhones,
            { userId, phoneNumber: phone, verifiedAt: new Date(now) },
            used,
          ).onConflictDoUpdate({
            target: [userPhones.userId, userPhones.phoneNumber],
            set: { verifiedAt: new Date(now), updatedAt: new Date(now) },
          }),
        ]),
  ]);
  if (spent.length === 0) refuse('code_invalid');
}

/** Whether the account has proven this (normalised) phone. */
export async function accountHasPhone(db: Db, userId: number, phone: string): Promise<boolean> {
  const row = await db
    .select({ id: userPhones.id })
    .from(userPhones)
    .where(and(eq(userPhones.userId, userId), eq(userPhones.phoneNumber, phone)))
    .get();
  return row !== undefined;
}

// ---------------------------------------------------------------------------
// The device's proofs: a signed list of (phone, until) pairs, kept in an HttpOnly cookie.

/** Proven phones and until when (epoch ms). */
export type PhoneProofs = Map<string, number>;

const PROOF_AUDIENCE = 'phone-proofs';

function proofKey(pepper: string) {
  return sha256Bytes(`phone-proofs:${pepper}`);
}

/** The unexpired proofs of a cookie's token; none when it is missing, forged or expired. */
export async function readPhoneProofs(
  token: string | undefined,
  pepper: string,
  now = Date.now(),
): Promise<PhoneProofs> {
  const proofs: PhoneProofs = new Map();
  if (!token || token.length > 4096) return proofs;
  try {
    const { payload } = await jwtVerify(token, await proofKey(pepper), {
      algorithms: ['HS256'],
      audience: PROOF_AUDIENCE,
      currentDate: new Date(now),
    });
    const list = Array.isArray(payload.ph) ? (payload.ph as unknown[]) : [];
    for (const item of list) {
      if (!Array.isArray(item)) continue;
      const [phone, until] = item as [unknown, unknown];
      // A proof from before phones were stored in full holds an Omani number's 8 digits: read in full.
      if (typeof phone === 'string' && typeof until === 'number' && until > now)
        proofs.set(normalizePhone(phone), until);
    }
  } catch {
    // Forged, altered or expired: no proof.
  }
  return proofs;
}

/** Adds a proven phone (30 days from now) to the device's proofs; answers the new token and its end. */
export async function addPhoneProof(proofs: PhoneProofs, phone: string, pepper: string, now = Date.now()) {
  const next = new Map(proofs);
  next.delete(phone);
  next.set(phone, now + PHONE_PROOF_TTL_MS);
  // The newest few (the last set is the newest).
  const kept = [...next.entries()].sort((a, b) => a[1] - b[1]).slice(-MAX_PROVEN_PHONES);
  const expiresAt = Math.max(...kept.map(([, until]) => until));
  const token = await new SignJWT({ ph: kept })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(PROOF_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await proofKey(pepper));
  return { token, expiresAt: new Date(expiresAt) };
}
