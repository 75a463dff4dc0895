import { base64url } from 'jose';
import { randomBookingReference } from '@shared/booking-reference';

/**
 * The hashing and encoding the worker uses, in one place: SHA-256 (hex or bytes),
 * HMAC-SHA256, base64url (jose's, as for the OpenID tokens) and random tokens.
 */
const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Bytes(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await sha256Bytes(text));
}

export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

export function toBase64Url(bytes: Uint8Array | ArrayBuffer): string {
  return base64url.encode(new Uint8Array(bytes));
}

/** A random token of `bytes` random bytes, base64url (session ids, references, PKCE). */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A new booking reference (shared/src/booking-reference.ts), from crypto.getRandomValues. */
export function newBookingReference(): string {
  return randomBookingReference((bytes) => crypto.getRandomValues(bytes));
}
