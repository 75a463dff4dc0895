/**
 * Meta's webhook signature: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed
 * by the app secret>`. Checked over the bytes exactly as received (a decoded and re-encoded text
 * would differ for Arabic text Meta escapes as \uXXXX or for a byte-order mark), with Web Crypto's
 * verify (a constant-time comparison).
 */
const encoder = new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    usage,
  ]);
}

export async function signatureHolds(secret: string, rawBody: ArrayBuffer, header: string | undefined) {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? '');
  if (!secret || !match) return false;
  const hex = match[1]!;
  const signature = new Uint8Array(32);
  for (let i = 0; i < 32; i++) signature[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, rawBody);
}

/** The header's value for a body (the fake signs what it delivers with it). */
export async function signatureOf(secret: string, rawBody: string): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(rawBody)),
  );
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
