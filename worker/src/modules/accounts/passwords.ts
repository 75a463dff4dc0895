import { AUTH_RULES } from '@shared/constants';

/**
 * PBKDF2-SHA256 with a per-hash salt and a server-side pepper. The iteration
 * count is stored in each hash so it can be raised later; 100,000 is the
 * ceiling of production Workers (local workerd does not enforce it, so a test
 * asserts the count). Format: pbkdf2-sha256$<iterations>$<salt>$<hash> (base64).
 */
const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password + pepper), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/**
 * A new hash of `password` (with the pepper), in the stored format above.
 *
 * @example const stored = await hashPassword('s3cret-Pass', env.PASSWORD_PEPPER);
 */
export async function hashPassword(
  password: string,
  pepper: string,
  iterations: number = AUTH_RULES.pbkdf2Iterations,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

/**
 * The password hashed with the salt and iterations of `stored` (the same cost as verifying it):
 * one derivation that can then be compared with several stored hashes sharing that salt.
 * Null when `stored` is not a hash of ours.
 */
export async function hashLike(password: string, pepper: string, stored: string): Promise<string | null> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterationsText || !saltText || !hashText) return null;
  const hash = await derive(password, pepper, fromBase64(saltText), Number(iterationsText));
  return `pbkdf2-sha256$${iterationsText}$${saltText}$${toBase64(hash)}`;
}

/** Two hashes compared in time that does not depend on where they differ. */
export function sameHash(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether `password` (with the pepper) matches the stored hash, in constant time.
 *
 * @example if (!(await verifyPassword(input.password, env.PASSWORD_PEPPER, user.passwordHash))) throw ...
 */
export async function verifyPassword(password: string, pepper: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterationsText || !saltText || !hashText) return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, pepper, fromBase64(saltText), Number(iterationsText));
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ expected[i]!;
  return diff === 0;
}

export function hashIterations(stored: string): number {
  return Number(stored.split('$')[1]);
}
