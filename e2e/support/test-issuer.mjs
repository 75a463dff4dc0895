// A small local OpenID Connect provider for the e2e run: the issuer is configuration, so the
// tests run Google sign-in against this local one. It serves discovery,
// a JWKS with its own RS256 key (made at start), an authorize page where the test
// picks an e-mail, a name and a mode, and a token endpoint that checks the client,
// the code and PKCE, then signs an ID token as the mode says:
//   ok | wrong-audience | wrong-nonce | bad-signature | expired | unverified-email
// Usage: node e2e/support/test-issuer.mjs  (127.0.0.1:${TEST_ISSUER_PORT ?? 8799})
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const port = Number(process.env.TEST_ISSUER_PORT ?? 8799);
const host = '127.0.0.1';
const issuer = `http://${host}:${port}`;
const clientId = process.env.TEST_ISSUER_CLIENT_ID ?? 'test-client';
const clientSecret = process.env.TEST_ISSUER_CLIENT_SECRET ?? 'test-secret';
const MODES = ['ok', 'wrong-audience', 'wrong-nonce', 'bad-signature', 'expired', 'unverified-email'];
const TTL_MS = 10 * 60_000;

const kid = 'test-issuer-key-1';
const signing = await generateKeyPair('RS256', { extractable: true });
// Signs bad-signature tokens under the same kid: the JWKS never holds this key.
const impostor = await generateKeyPair('RS256');
const publicJwk = { ...(await exportJWK(signing.publicKey)), kid, alg: 'RS256', use: 'sig' };

/** Authorization requests waiting for the form, by request id. */
const pending = new Map();
/** Issued codes, single use, by code. */
const codes = new Map();

const random = (n = 24) => randomBytes(n).toString('base64url');
const s256 = (text) => createHash('sha256').update(text).digest('base64url');
/** A stable subject per e-mail, so a later sign-in is the same Google account. */
const subjectFor = (email) => `test-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch],
  );
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}

function json(res, status, value) {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json' });
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 64_000) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function sweep() {
  const now = Date.now();
  for (const map of [pending, codes]) {
    for (const [key, value] of map) if (value.expiresAt < now) map.delete(key);
  }
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.25rem}label{display:block;margin:.75rem 0 .25rem}
input,select,button{font:inherit;width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.25rem;cursor:pointer}p.note{color:#555;font-size:.875rem}`;

function page(res, status, title, body, formTarget) {
  // Strict: no scripts at all, no inline styles, forms only to us (and, through the
  // redirect that follows, to the client's own origin).
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  send(
    res,
    status,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/issuer.css"></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'referrer-policy': 'no-referrer',
    },
  );
}

function authorize(res, url) {
  const q = url.searchParams;
  const problem =
    q.get('response_type') !== 'code'
      ? 'response_type must be code'
      : q.get('client_id') !== clientId
        ? 'unknown client_id'
        : !/^http:\/\/127\.0\.0\.1:\d+\//.test(q.get('redirect_uri') ?? '')
          ? 'redirect_uri must be on http://127.0.0.1'
          : !(q.get('scope') ?? '').split(' ').includes('openid')
            ? 'scope must include openid'
            : !q.get('state')
              ? 'state is required'
              : !q.get('nonce')
                ? 'nonce is required'
                : q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')
                  ? 'PKCE with S256 is required'
                  : null;
  if (problem) return page(res, 400, 'Test issuer: bad request', `<p>${escapeHtml(problem)}</p>`);

  sweep();
  const requestId = random();
  const redirectUri = q.get('redirect_uri');
  pending.set(requestId, {
    redirectUri,
    state: q.get('state'),
    nonce: q.get('nonce'),
    codeChallenge: q.get('code_challenge'),
    expiresAt: Date.now() + TTL_MS,
  });
  const options = MODES.map((m) => `<option value="${m}">${m}</option>`).join('');
  return page(
    res,
    200,
    'Test sign-in provider',
    `<p class="note">A local OpenID provider for tests. Signing in to <strong>${escapeHtml(
      new URL(redirectUri).origin,
    )}</strong>.</p>
<form method="post" action="/authorize">
<input type="hidden" name="request" value="${requestId}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="off">
<label for="mode">Mode</label><select id="mode" name="mode">${options}</select>
<button type="submit">Continue</button>
</form>`,
    new URL(redirectUri).origin,
  );
}

async function approve(req, res) {
  const form = await readForm(req);
  const request = pending.get(form.get('request') ?? '');
  const email = (form.get('email') ?? '').trim();
  const mode = form.get('mode') ?? 'ok';
  if (!request || request.expiresAt < Date.now()) {
    return page(res, 400, 'Test issuer: bad request', '<p>Unknown or expired request.</p>');
  }
  if (!email.includes('@') || !MODES.includes(mode)) {
    return page(res, 400, 'Test issuer: bad request', '<p>An e-mail and a known mode are required.</p>');
  }
  pending.delete(form.get('request'));
  const code = random(32);
  codes.set(code, {
    ...request,
    email,
    name: (form.get('name') ?? '').trim(),
    mode,
    expiresAt: Date.now() + 60_000,
  });
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('state', request.state);
  return send(res, 303, '', { location: target.toString() });
}

async function token(req, res) {
  const form = await readForm(req);
  if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
    return json(res, 401, { error: 'invalid_client' });
  }
  if (form.get('grant_type') !== 'authorization_code') {
    return json(res, 400, { error: 'unsupported_grant_type' });
  }
  const code = form.get('code') ?? '';
  const grant = codes.get(code);
  codes.delete(code); // single use, even when the rest is wrong
  if (!grant || grant.expiresAt < Date.now()) return json(res, 400, { error: 'invalid_grant' });
  if (form.get('redirect_uri') !== grant.redirectUri) {
    return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
  }
  const verifier = form.get('code_verifier') ?? '';
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== grant.codeChallenge) {
    return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
  }

  const now = Math.floor(Date.now() / 1000);
  const expired = grant.mode === 'expired';
  const claims = {
    nonce: grant.mode === 'wrong-nonce' ? 'not-the-nonce' : grant.nonce,
    email: grant.email,
    email_verified: grant.mode !== 'unverified-email',
    azp: clientId,
    ...(grant.name && { name: grant.name }),
  };
  const idToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(subjectFor(grant.email.toLowerCase()))
    .setAudience(grant.mode === 'wrong-audience' ? 'someone-else' : clientId)
    .setIssuedAt(expired ? now - 7200 : now)
    .setExpirationTime(expired ? now - 3600 : now + 3600)
    .sign(grant.mode === 'bad-signature' ? impostor.privateKey : signing.privateKey);
  return json(res, 200, {
    access_token: random(32),
    token_type: 'Bearer',
    expires_in: 3600,
    scope: 'openid email profile',
    id_token: idToken,
  });
}

/** Answers one request; never rejects (a fault is a 500). */
async function handle(req, res) {
  try {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /.well-known/openid-configuration':
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_post'],
          code_challenge_methods_supported: ['S256'],
          claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name'],
        });
      case 'GET /jwks':
        return json(res, 200, { keys: [publicJwk] });
      case 'GET /issuer.css':
        return send(res, 200, STYLE, { 'content-type': 'text/css; charset=utf-8' });
      case 'GET /favicon.ico':
        return send(res, 204, '');
      case 'GET /authorize':
        return authorize(res, url);
      case 'POST /authorize':
        return await approve(req, res);
      case 'POST /token':
        return await token(req, res);
      default:
        return json(res, 404, { error: 'not_found' });
    }
  } catch (err) {
    console.error('test issuer:', err);
    if (!res.headersSent) json(res, 500, { error: 'server_error' });
    else res.end();
  }
}

const server = createServer((req, res) => void handle(req, res));

server.listen(port, host, () => console.log(`Test OpenID issuer at ${issuer}`));

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
