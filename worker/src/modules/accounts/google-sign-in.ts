import { eq, or } from 'drizzle-orm';
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { users, type User } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { randomToken, sha256Bytes, toBase64Url } from '../../platform/crypto';

/**
 * Google sign-in's rules: OpenID Connect authorization-code flow with PKCE (S256),
 * `state` and `nonce`, the ID token verified with jose against the issuer's keys; the issuer is
 * configuration (GOOGLE_ISSUER), so the e2e run points it at a local test issuer. The flow's
 * secrets travel as an HS256 JWT signed with a key derived from PASSWORD_PEPPER, which the
 * route keeps in a short-lived HttpOnly cookie (modules/accounts/routes/google.ts).
 */
export const FLOW_TTL_SECONDS = 10 * 60;
const DISCOVERY_TTL_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;
const FLOW_JWT_AUDIENCE = 'google-oauth-flow';

export type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
};

export type FlowState = { state: string; nonce: string; verifier: string; redirectUri: string };

export class SignInFailure extends Error {
  constructor(
    readonly reason: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(reason);
  }
}

// Per-isolate caches; every isolate fetches its own copy, nothing assumes one machine.
const discoveryCache = new Map<string, { doc: Discovery; expiresAt: number }>();
const jwksCache = new Map<string, JWTVerifyGetKey>();

export function issuerOf(env: Env) {
  return (env.GOOGLE_ISSUER ?? '').trim().replace(/\/+$/, '');
}

/** Whether Google sign-in is set up (a client id and an issuer): the login screen shows it only then. */
export function googleSignInConfigured(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID?.trim() && issuerOf(env));
}

export async function discover(env: Env): Promise<Discovery> {
  const issuer = issuerOf(env);
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expiresAt > Date.now()) return cached.doc;
  let res: Response;
  try {
    res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new SignInFailure('discovery_unreachable', { error: String(err) });
  }
  if (!res.ok) throw new SignInFailure('discovery_http_error', { status: res.status });
  const doc = (await res.json().catch(() => null)) as Partial<Discovery> | null;
  const fields = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const;
  if (!doc || fields.some((f) => typeof doc[f] !== 'string' || !doc[f])) {
    throw new SignInFailure('discovery_invalid');
  }
  // OpenID Connect Discovery 1.0, section 4.3: the document speaks for the configured issuer only.
  if (doc.issuer!.replace(/\/+$/, '') !== issuer) {
    throw new SignInFailure('discovery_issuer_mismatch', { issuer: doc.issuer });
  }
  if (env.ENVIRONMENT === 'production' && fields.some((f) => !doc[f]!.startsWith('https://'))) {
    throw new SignInFailure('discovery_not_https');
  }
  const valid = doc as Discovery;
  discoveryCache.set(issuer, { doc: valid, expiresAt: Date.now() + DISCOVERY_TTL_MS });
  return valid;
}

function jwksFor(uri: string): JWTVerifyGetKey {
  let jwks = jwksCache.get(uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(uri), { timeoutDuration: FETCH_TIMEOUT_MS });
    jwksCache.set(uri, jwks);
  }
  return jwks;
}

/** The cookie's signing key: SHA-256('oauth:' + pepper), so it is never the pepper itself. */
async function flowKey(env: Env) {
  return sha256Bytes(`oauth:${env.PASSWORD_PEPPER}`);
}

/** Equal texts, compared through their digests so the time taken says nothing about them. */
export async function sameText(a: string, b: string) {
  const [x, y] = await Promise.all([sha256Bytes(a), sha256Bytes(b)]);
  const xa = new Uint8Array(x);
  const ya = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < xa.length; i++) diff |= xa[i]! ^ ya[i]!;
  return diff === 0;
}

/**
 * A new flow: its secrets, the signed token the browser keeps (a cookie), and the address of
 * the provider's sign-in page.
 */
export async function startFlow(env: Env, clientId: string, discovery: Discovery, redirectUri: string) {
  const flow: FlowState = {
    state: randomToken(32),
    nonce: randomToken(32),
    verifier: randomToken(48), // 64 characters, within RFC 7636's 43-128
    redirectUri,
  };
  const token = await new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(FLOW_JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .sign(await flowKey(env));
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId.trim(),
    redirect_uri: flow.redirectUri,
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: toBase64Url(await sha256Bytes(flow.verifier)),
    code_challenge_method: 'S256',
  }).toString();
  return { token, authorizationUrl: url.toString() };
}

/** The flow a browser's token carries, checked (signature, audience, expiry, fields). */
export async function readFlowToken(env: Env, raw: string | undefined): Promise<FlowState> {
  if (!raw) throw new SignInFailure('flow_cookie_missing');
  try {
    const { payload } = await jwtVerify(raw, await flowKey(env), {
      algorithms: ['HS256'],
      audience: FLOW_JWT_AUDIENCE,
    });
    const { state, nonce, verifier, redirectUri } = payload;
    if ([state, nonce, verifier, redirectUri].some((v) => typeof v !== 'string' || !v)) {
      throw new SignInFailure('flow_cookie_invalid');
    }
    return payload as unknown as FlowState;
  } catch (err) {
    if (err instanceof SignInFailure) throw err;
    throw new SignInFailure('flow_cookie_invalid', { code: (err as { code?: string }).code });
  }
}

export async function exchangeCode(env: Env, discovery: Discovery, code: string, flow: FlowState) {
  let res: Response;
  try {
    res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: flow.redirectUri,
        client_id: env.GOOGLE_CLIENT_ID!.trim(),
        client_secret: env.GOOGLE_CLIENT_SECRET ?? '',
        code_verifier: flow.verifier,
      }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new SignInFailure('token_endpoint_unreachable', { error: String(err) });
  }
  const body = (await res.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
  if (!res.ok) {
    // The provider's error code (e.g. invalid_grant) only; the body may carry tokens.
    throw new SignInFailure('token_exchange_failed', {
      status: res.status,
      error: typeof body?.error === 'string' ? body.error.slice(0, 100) : undefined,
    });
  }
  if (typeof body?.id_token !== 'string' || !body.id_token) throw new SignInFailure('token_response_invalid');
  return body.id_token;
}

type GoogleClaims = JWTPayload & {
  nonce?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  azp?: unknown;
};

export async function verifyIdToken(env: Env, discovery: Discovery, idToken: string, flow: FlowState) {
  const clientId = env.GOOGLE_CLIENT_ID!.trim();
  let claims: GoogleClaims;
  try {
    ({ payload: claims } = await jwtVerify<GoogleClaims>(idToken, jwksFor(discovery.jwks_uri), {
      // Google documents both spellings of its own issuer in ID tokens.
      issuer:
        discovery.issuer === 'https://accounts.google.com'
          ? [discovery.issuer, 'accounts.google.com']
          : discovery.issuer,
      audience: clientId,
      algorithms: ['RS256', 'ES256'],
      clockTolerance: 30,
    }));
  } catch (err) {
    const detail: Record<string, unknown> = { code: (err as { code?: string }).code ?? 'unknown' };
    if (err instanceof joseErrors.JWTClaimValidationFailed) detail.claim = err.claim;
    throw new SignInFailure('id_token_invalid', detail);
  }
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== clientId) {
    throw new SignInFailure('id_token_invalid', { claim: 'azp' });
  }
  if (typeof claims.nonce !== 'string' || !(await sameText(claims.nonce, flow.nonce))) {
    throw new SignInFailure('id_token_invalid', { claim: 'nonce' });
  }
  if (typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > 255) {
    throw new SignInFailure('id_token_invalid', { claim: 'sub' });
  }
  if (claims.email_verified !== true) throw new SignInFailure('email_not_verified');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new SignInFailure('id_token_invalid', { claim: 'email' });
  }
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) : '';
  return { sub: claims.sub, email, name };
}

/**
 * The account for this Google identity, in one or two D1 round trips: by
 * `google_sub`, else by e-mail (linked now), else a new verified guest.
 */
export async function findOrCreateUser(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL'>,
  identity: { sub: string; email: string; name: string },
): Promise<User> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = await db
      .select()
      .from(users)
      .where(or(eq(users.googleSub, identity.sub), eq(users.email, identity.email)))
      .limit(2)
      .all();
    const bySub = rows.find((u) => u.googleSub === identity.sub);
    if (bySub) return bySub;

    const byEmail = rows.find((u) => u.email === identity.email);
    if (byEmail) {
      if (byEmail.googleSub) throw new SignInFailure('email_linked_to_other_google_account');
      if (byEmail.isDisabled) return byEmail; // refused by the caller; nothing to link
      const linked = await db
        .update(users)
        .set({
          googleSub: identity.sub,
          isVerified: true,
          // A password set on an address nobody had proved to own may be someone
          // else's (pre-registration takeover): the verified owner starts without it.
          ...(!byEmail.isVerified && { passwordHash: null }),
        })
        .where(eq(users.id, byEmail.id))
        .returning()
        .get();
      if (!linked) throw new SignInFailure('link_failed');
      return linked;
    }

    const created = await db
      .insert(users)
      .values({
        fullName: identity.name.length >= 2 ? identity.name : identity.email.split('@')[0]!.slice(0, 100),
        email: identity.email,
        passwordHash: null,
        role: identity.email === env.ADMIN_EMAIL.trim().toLowerCase() ? 'admin' : 'guest',
        isVerified: true,
        googleSub: identity.sub,
      })
      .onConflictDoNothing()
      .returning()
      .get();
    if (created) return created;
    // A concurrent sign-in created it first: read it again.
  }
  throw new SignInFailure('account_race');
}
