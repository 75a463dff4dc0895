// A VAPID key pair (RFC 8292: ECDSA on P-256), base64url as the worker reads it (worker/src/platform/env.ts):
// the public key as the 65-byte uncompressed point, the private key as its 32-byte scalar.
// Used by `npm start` / the e2e server (development .dev.vars) and the worker tests.
import { generateKeyPairSync } from 'node:crypto';

export function makeVapidKeys() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d };
}
