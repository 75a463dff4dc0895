import { Hono, type Context } from 'hono';
import { landingAfterSignIn } from '@shared/roles';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Env } from '../../../platform/env';
import { startSession } from '../../../platform/session-cookies';
import {
  discover,
  exchangeCode,
  findOrCreateUser,
  FLOW_TTL_SECONDS,
  issuerOf,
  readFlowToken,
  sameText,
  SignInFailure,
  startFlow,
  verifyIdToken,
  type Discovery,
} from '../google-sign-in';
import { effectiveRole } from '../../../platform/sessions';

/**
 * Google sign-in's HTTP side (the rules: modules/accounts/google-sign-in.ts): the flow's token in a
 * short-lived HttpOnly cookie on /auth, the redirects, and the session at the end. Mounted
 * at `/auth/google`: GET /auth/google and GET /auth/google/callback.
 */
export const google = new Hono<AppEnv>();

const FLOW_COOKIE = 'google_oauth';

function flowCookieOptions(env: Env) {
  const production = env.ENVIRONMENT === 'production';
  return {
    path: '/auth',
    secure: production,
    // __Host- needs path=/; __Secure- still forbids setting it over plain http.
    ...(production && { prefix: 'secure' as const }),
  };
}

function clearFlowCookie(c: Context<AppEnv>) {
  deleteCookie(c, FLOW_COOKIE, flowCookieOptions(c.env));
}

/**
 * Where the provider sends the browser back. APP_ORIGIN, except that in
 * development a request on http://127.0.0.1:<port> keeps its own origin, so
 * servers on other ports (the e2e run) work.
 */
function redirectUriFor(c: Context<AppEnv>) {
  const origin = new URL(c.req.url).origin;
  const base =
    c.env.ENVIRONMENT === 'development' && /^http:\/\/127\.0\.0\.1:\d+$/.test(origin)
      ? origin
      : c.env.APP_ORIGIN.replace(/\/+$/, '');
  return `${base}/auth/google/callback`;
}

function logFailure(c: Context<AppEnv>, reason: string, detail?: Record<string, unknown>) {
  console.warn(
    JSON.stringify({ requestId: c.get('requestId'), msg: 'google_sign_in_failed', reason, ...detail }),
  );
}

function fail(c: Context<AppEnv>, reason: string, detail?: Record<string, unknown>) {
  logFailure(c, reason, detail);
  clearFlowCookie(c);
  c.header('Cache-Control', 'no-store');
  return c.redirect('/login?google=failed', 302);
}

google.get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  if (!c.env.GOOGLE_CLIENT_ID?.trim() || !issuerOf(c.env)) {
    return c.redirect('/login?google=unavailable', 302);
  }
  let discovery: Discovery;
  try {
    discovery = await discover(c.env);
  } catch (err) {
    if (err instanceof SignInFailure) return fail(c, err.reason, err.detail);
    throw err;
  }
  const clientId = c.env.GOOGLE_CLIENT_ID;
  const { token, authorizationUrl } = await startFlow(c.env, clientId, discovery, redirectUriFor(c));
  setCookie(c, FLOW_COOKIE, token, {
    ...flowCookieOptions(c.env),
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: FLOW_TTL_SECONDS,
  });
  return c.redirect(authorizationUrl, 302);
});

function readFlow(c: Context<AppEnv>) {
  const raw = getCookie(c, FLOW_COOKIE, c.env.ENVIRONMENT === 'production' ? 'secure' : undefined);
  return readFlowToken(c.env, raw);
}

google.get('/callback', async (c) => {
  if (!c.env.GOOGLE_CLIENT_ID?.trim() || !issuerOf(c.env)) {
    clearFlowCookie(c);
    return c.redirect('/login?google=unavailable', 302);
  }
  try {
    const providerError = c.req.query('error');
    if (providerError) throw new SignInFailure('provider_error', { error: providerError.slice(0, 100) });
    const code = c.req.query('code');
    const state = c.req.query('state');
    if (!code || !state || code.length > 2048 || state.length > 512) {
      throw new SignInFailure('callback_params_missing');
    }
    const flow = await readFlow(c);
    if (!(await sameText(state, flow.state))) throw new SignInFailure('state_mismatch');

    const discovery = await discover(c.env);
    const idToken = await exchangeCode(c.env, discovery, code, flow);
    const identity = await verifyIdToken(c.env, discovery, idToken, flow);
    const user = await findOrCreateUser(c.get('db'), c.env, identity);
    if (user.isDisabled) throw new SignInFailure('account_disabled', { userId: user.id });

    await startSession(c, user.id);
    clearFlowCookie(c);
    c.header('Cache-Control', 'no-store');
    console.log(JSON.stringify({ requestId: c.get('requestId'), msg: 'google_sign_in', userId: user.id }));
    return c.redirect(landingAfterSignIn(effectiveRole(user, c.env)), 302);
  } catch (err) {
    if (err instanceof SignInFailure) return fail(c, err.reason, err.detail);
    return fail(c, 'internal_error', { error: String(err) });
  }
});
