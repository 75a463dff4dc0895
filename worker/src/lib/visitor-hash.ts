import type { Env } from '../env';

/**
 * Who visited, without keeping who it was (DESIGN.md "Visits"; Oman's personal data
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
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`visits:${env.PASSWORD_PEPPER}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    encoder.encode(`${input.day}\n${input.address}\n${input.userAgent}`),
  );
  // 128 bits are plenty to tell a day's devices apart.
  return [...new Uint8Array(mac).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
