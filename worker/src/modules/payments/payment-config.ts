import type { ExecutionContext as WorkContext } from 'hono';
import type { PaymentProvider } from '@shared/payments';
import { ApiError } from '../../platform/api-error';
import type { Db, Env } from '../../platform/env';
import { fakeAdapter, type FakeProviderConfig } from './providers/fake';
import type { PaymentAdapter } from './providers/payment-adapter';
import { thawaniAdapter } from './providers/thawani';

/**
 * Which payment provider runs (decision 071): `PAYMENT_PROVIDER`, `fake` by default in
 * development and never elsewhere; without one the payment routes answer 503
 * `payments_unavailable`. The webhook's key is `PAYMENT_WEBHOOK_SECRET` (`change-me-webhook` in
 * development only). The adapters are in providers/<name>/ (providers/README.md): a new provider
 * is one more branch in `configuredProvider` and `paymentAdapter` below.
 */

/** The development stand-in for the webhook key (never used outside development). */
const DEV_WEBHOOK_SECRET = 'change-me-webhook';

/**
 * How the fake provider sends its webhooks: a real HTTP request through the whole app (its
 * middleware, routing and signature check), without the network. The entry installs it once
 * (worker/src/index.ts), as it installs the notification channels, since the app is not
 * importable from a module.
 */
export type WebhookDispatch = (request: Request, env: Env, ctx: WorkContext) => Promise<Response>;

let installedDispatch: WebhookDispatch | null = null;

/** Sets how a webhook reaches the app (the entry calls it once, before any request). */
export function installWebhookDispatch(dispatch: WebhookDispatch): void {
  installedDispatch = dispatch;
}

/** The provider configured, or null when none is. */
export function configuredProvider(env: Env): PaymentProvider | null {
  if (env.PAYMENT_PROVIDER === 'fake' || env.PAYMENT_PROVIDER === 'thawani') return env.PAYMENT_PROVIDER;
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
 * The fake provider's settings (development only: 503 elsewhere), on the app's own origin.
 * `ctx`: the request's or the cron's, so what the webhook's request leaves to run after its
 * answer (the notices' delivery) is kept; without one it is awaited before the dispatch returns.
 */
export function fakeProviderConfig(
  env: Env,
  origin: string,
  deps: { ctx?: WorkContext },
): FakeProviderConfig {
  if (env.ENVIRONMENT !== 'development') throw new ApiError(503, 'payments_unavailable');
  return {
    origin,
    webhookSecret: webhookSecret(env),
    dispatch: async (request) => {
      const dispatch = installedDispatch;
      if (!dispatch) throw new Error('No webhook dispatch installed (worker/src/index.ts).');
      if (deps.ctx) return dispatch(request, env, deps.ctx);
      const pending: Promise<unknown>[] = [];
      const res = await dispatch(request, env, ownContext(pending));
      await Promise.all(pending);
      return res;
    },
  };
}

/**
 * The configured adapter: the fake (development), Thawani Pay, or 503 `payments_unavailable`.
 * `origin`: the app's (the request's, or APP_ORIGIN outside a request).
 */
export function paymentAdapter(
  env: Env,
  origin: string,
  deps: { db: Db; ctx?: WorkContext; fetchImpl?: typeof fetch },
): PaymentAdapter {
  const provider = configuredProvider(env);
  if (provider === 'fake') return fakeAdapter(deps.db, fakeProviderConfig(env, origin, deps));
  if (provider === 'thawani') return thawaniFromEnv(env, deps.fetchImpl);
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

/** Thawani Pay from its settings (the keys are secrets); 503 while any is missing. */
function thawaniFromEnv(env: Env, fetchImpl?: typeof fetch): PaymentAdapter {
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
  return fetchImpl ? thawaniAdapter(config, fetchImpl) : thawaniAdapter(config);
}
