import type { ExecutionContext as WorkContext } from 'hono';
import type { PaymentProvider } from '@shared/payments';
import { ApiError } from '../../platform/api-error';
import type { Db, Env } from '../../platform/env';
import { FAKE_THAWANI } from './providers/fake/constants';
import type { PaymentAdapter } from './providers/payment-adapter';
import { thawaniAdapter, type ThawaniConfig } from './providers/thawani';

/**
 * Which payment provider runs (decision 071): `PAYMENT_PROVIDER`, `fake` by default in
 * development and never elsewhere; without one the payment routes answer 503
 * `payments_unavailable`. The webhook's key is `PAYMENT_WEBHOOK_SECRET` (`change-me-webhook` in
 * development only). The Thawani adapter serves both: with the fake (providers/fake/, a stand-in
 * for Thawani inside the development worker) its API and page are on the app's own origin, its
 * keys the fake's fixed development values, and its calls go through the app itself (no network).
 * A new provider is one more branch in `configuredProvider` and `paymentAdapter` below
 * (providers/README.md).
 */

/** The development stand-in for the webhook key (never used outside development). */
const DEV_WEBHOOK_SECRET = 'change-me-webhook';

/**
 * How the fake provider and the app reach each other: a real HTTP request through the whole app
 * (its middleware, routing and signature check), without the network. The entry installs it once
 * (worker/src/index.ts), as it installs the notification channels, since the app is not
 * importable from a module.
 */
export type WebhookDispatch = (request: Request, env: Env, ctx: WorkContext) => Promise<Response>;

let installedDispatch: WebhookDispatch | null = null;

/** Sets how a request reaches the app (the entry calls it once, before any request). */
export function installWebhookDispatch(dispatch: WebhookDispatch): void {
  installedDispatch = dispatch;
}

/** The provider configured, or null when none is. */
export function configuredProvider(env: Env): PaymentProvider | null {
  if (env.PAYMENT_PROVIDER === 'fake') return env.ENVIRONMENT === 'development' ? 'fake' : null;
  if (env.PAYMENT_PROVIDER === 'thawani') return 'thawani';
  if (env.PAYMENT_PROVIDER === undefined && env.ENVIRONMENT === 'development') return 'fake';
  return null;
}

/** The webhooks' key; 503 when production has none. */
export function webhookSecret(env: Env): string {
  if (env.PAYMENT_WEBHOOK_SECRET) return env.PAYMENT_WEBHOOK_SECRET;
  if (env.ENVIRONMENT === 'development') return DEV_WEBHOOK_SECRET;
  throw new ApiError(503, 'payments_unavailable');
}

/**
 * An execution context for work outside a request (a refund's delivery): what the dispatched
 * request leaves to run after its answer is awaited before the dispatch returns.
 */
function ownContext(pending: Promise<unknown>[]): WorkContext {
  return {
    waitUntil: (p: Promise<unknown>) => void pending.push(p.catch(() => undefined)),
    passThroughOnException: () => undefined,
    props: {},
  };
}

/**
 * A `fetch` that answers through the app itself: the Thawani adapter's while it talks to the fake
 * (on the app's own origin, which a worker or a test cannot call over the network), and the fake's
 * webhooks. `ctx`: the request's or the cron's, so what the dispatched request leaves to run is
 * kept; without one it is awaited before the answer is returned.
 */
export function appFetch(env: Env, ctx?: WorkContext): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const dispatch = installedDispatch;
    if (!dispatch) throw new Error('No webhook dispatch installed (worker/src/index.ts).');
    const request = new Request(input instanceof URL ? input.toString() : input, init);
    if (ctx) return dispatch(request, env, ctx);
    const pending: Promise<unknown>[] = [];
    const res = await dispatch(request, env, ownContext(pending));
    await Promise.all(pending);
    return res;
  };
}

/** The fake's settings on the app's `origin` (development only: 503 elsewhere). */
export function fakeThawaniConfig(env: Env, origin: string): ThawaniConfig {
  if (env.ENVIRONMENT !== 'development') throw new ApiError(503, 'payments_unavailable');
  const base = origin.replace(/\/+$/, '');
  return {
    apiUrl: `${base}${FAKE_THAWANI.apiPath}`,
    checkoutUrl: `${base}${FAKE_THAWANI.pagePath}`,
    secretKey: FAKE_THAWANI.secretKey,
    publishableKey: FAKE_THAWANI.publishableKey,
    webhookSecret: webhookSecret(env),
    // The fake's page (routes/dev-pay.ts) opens in the guest's language, not the browser's.
    pageLanguageParam: 'lang',
  };
}

/**
 * The configured adapter: Thawani's, against the fake (development) or Thawani Pay, or 503
 * `payments_unavailable`. `origin`: the app's (the request's, or APP_ORIGIN outside a request).
 */
export function paymentAdapter(
  env: Env,
  origin: string,
  deps: { db: Db; ctx?: WorkContext; fetchImpl?: typeof fetch },
): PaymentAdapter {
  const provider = configuredProvider(env);
  if (provider === 'fake') {
    return thawaniAdapter(fakeThawaniConfig(env, origin), deps.fetchImpl ?? appFetch(env, deps.ctx), 'fake');
  }
  if (provider === 'thawani') return thawaniFromEnv(env, origin, deps);
  throw new ApiError(503, 'payments_unavailable');
}

/** The adapter of a provider named by a webhook's path: only the configured one answers. */
export function adapterNamed(
  env: Env,
  provider: PaymentProvider,
  origin: string,
  deps: { db: Db; ctx?: WorkContext },
): PaymentAdapter | null {
  return configuredProvider(env) === provider ? paymentAdapter(env, origin, deps) : null;
}

/**
 * Thawani Pay from its settings (the keys are secrets); 503 while any is missing. In development
 * an API on the app's own origin is the fake's, reached through the app (a worker cannot call its
 * own origin over the network): the production settings' path, tried without Thawani.
 */
function thawaniFromEnv(env: Env, origin: string, deps: { ctx?: WorkContext; fetchImpl?: typeof fetch }) {
  if (!env.THAWANI_SECRET_KEY || !env.THAWANI_PUBLISHABLE_KEY || !env.THAWANI_API_URL) {
    throw new ApiError(503, 'payments_unavailable');
  }
  const config = {
    apiUrl: env.THAWANI_API_URL,
    checkoutUrl: env.THAWANI_CHECKOUT_URL ?? `${new URL(env.THAWANI_API_URL).origin}/pay`,
    secretKey: env.THAWANI_SECRET_KEY,
    publishableKey: env.THAWANI_PUBLISHABLE_KEY,
    webhookSecret: webhookSecret(env),
  };
  const ownOrigin =
    env.ENVIRONMENT === 'development' && new URL(config.apiUrl).origin === new URL(origin).origin;
  return thawaniAdapter(config, deps.fetchImpl ?? (ownOrigin ? appFetch(env, deps.ctx) : fetch));
}
