import type { Env } from './env';
import { hmacSha256Hex } from './crypto';

/**
 * Who visited, without keeping who it was (Oman's personal data
 * protection law asks for data minimisation): an HMAC-SHA256 of the hotel day, the
 * client address and the user agent, under a key derived from the server's secret
 * pepper. The same device gives the same value all day, so a unique index on
 * (day, hash) counts it once; the next day the value changes, so visits cannot be
 * linked across days, and the raw address is never stored.
 */
export async function dailyVisitorHash(
  env: Pick<Env, 'PASSWORD_PEPPER'>,
  input: { day: string; address: string; userAgent: string },
): Promise<string> {
  const mac = await hmacSha256Hex(
    `visits:${env.PASSWORD_PEPPER}`,
    `${input.day}\n${input.address}\n${input.userAgent}`,
  );
  // 128 bits are plenty to tell a day's devices apart.
  return mac.slice(0, 32);
}
