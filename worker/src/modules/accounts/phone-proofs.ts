import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../platform/env';
import { accountHasPhone, addPhoneProof, readPhoneProofs, type PhoneProofs } from './phone-verification';
import { readSession } from '../../platform/session-cookies';

/**
 * The device's proven phones (modules/accounts/phone-verification.ts): a signed list in an HttpOnly,
 * SameSite=Lax cookie (`__Host-` and Secure in production), 30 days from the latest proof.
 */
const COOKIE = 'phone_proofs';

const production = (c: Context<AppEnv>) => c.env.ENVIRONMENT === 'production';

/** The unexpired phones this device has proven. */
export function devicePhoneProofs(c: Context<AppEnv>): Promise<PhoneProofs> {
  const token = getCookie(c, COOKIE, production(c) ? 'host' : undefined);
  return readPhoneProofs(token, c.env.PASSWORD_PEPPER);
}

/** Adds a just-proven phone to the device's cookie (keeping the others). */
export async function rememberPhoneOnDevice(c: Context<AppEnv>, phone: string): Promise<void> {
  const { token, expiresAt } = await addPhoneProof(await devicePhoneProofs(c), phone, c.env.PASSWORD_PEPPER);
  setCookie(c, COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: production(c),
    path: '/',
    expires: expiresAt,
    ...(production(c) && { prefix: 'host' as const }),
  });
}

/**
 * Whether the (normalised) phone is proven for this request: on this device (the cookie),
 * or on the signed-in account.
 */
export async function phoneProven(c: Context<AppEnv>, phone: string): Promise<boolean> {
  if ((await devicePhoneProofs(c)).has(phone)) return true;
  const session = await readSession(c);
  return session !== null && (await accountHasPhone(c.get('db'), session.user.id, phone));
}
