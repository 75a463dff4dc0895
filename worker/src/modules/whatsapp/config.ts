import type { ExecutionContext as WorkContext } from 'hono';
import type { Env } from '../../platform/env';

/**
 * Which WhatsApp link runs (`WHATSAPP`): `fake` (the default in development: the Cloud API's
 * stand-in inside the development worker, fake/), `cloud` (graph.facebook.com), or `off` (the
 * default elsewhere: nothing is sent, the webhook refuses). With the fake, the adapter talks to
 * the app's own origin with the fake's fixed development values below, through the app itself
 * (no network), as the payments' and the channel's fakes do.
 */
export type WhatsAppMode = 'fake' | 'cloud' | 'off';

/** The fake's fixed development settings (nothing here is a secret). */
export const FAKE_WHATSAPP = {
  /** The fake Graph API on the app's origin (Meta's `https://graph.facebook.com`). */
  apiPath: '/dev/whatsapp/graph',
  version: 'v21.0',
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '96824000000',
  businessAccountId: '102290129340398',
  token: 'fake-whatsapp-token',
  appSecret: 'change-me-whatsapp-secret',
  verifyToken: 'change-me-whatsapp-verify',
} as const;

export const GRAPH_API_URL = 'https://graph.facebook.com';
export const GRAPH_API_VERSION = 'v21.0';

export type WhatsAppSettings = {
  mode: Exclude<WhatsAppMode, 'off'>;
  /** The Graph API's root with its version, no trailing slash. */
  apiBase: string;
  phoneNumberId: string;
  businessAccountId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
};

export function whatsappMode(env: Env): WhatsAppMode {
  if (env.WHATSAPP === 'fake') return env.ENVIRONMENT === 'development' ? 'fake' : 'off';
  if (env.WHATSAPP === 'cloud') return 'cloud';
  if (env.WHATSAPP === undefined && env.ENVIRONMENT === 'development') return 'fake';
  return 'off';
}

/** The settings in force, or null when the link is off (or `cloud` lacks one of its settings). */
export function whatsappSettings(env: Env): WhatsAppSettings | null {
  const mode = whatsappMode(env);
  if (mode === 'off') return null;
  if (mode === 'fake') {
    return {
      mode,
      apiBase: `${env.APP_ORIGIN.replace(/\/+$/, '')}${FAKE_WHATSAPP.apiPath}/${FAKE_WHATSAPP.version}`,
      // A hotel of a chain may be given a number of its own (decision 103); the fake answers for it.
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || FAKE_WHATSAPP.phoneNumberId,
      businessAccountId: FAKE_WHATSAPP.businessAccountId,
      token: FAKE_WHATSAPP.token,
      appSecret: env.WHATSAPP_APP_SECRET || FAKE_WHATSAPP.appSecret,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN || FAKE_WHATSAPP.verifyToken,
    };
  }
  const { WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } = env;
  if (!WHATSAPP_PHONE_NUMBER_ID || !WHATSAPP_TOKEN || !WHATSAPP_APP_SECRET || !WHATSAPP_VERIFY_TOKEN)
    return null;
  return {
    mode,
    apiBase: `${(env.WHATSAPP_API_URL ?? GRAPH_API_URL).replace(/\/+$/, '').replace(/\/v\d+\.\d+$/, '')}/${GRAPH_API_VERSION}`,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    businessAccountId: env.WHATSAPP_BUSINESS_ACCOUNT_ID ?? '',
    token: WHATSAPP_TOKEN,
    appSecret: WHATSAPP_APP_SECRET,
    verifyToken: WHATSAPP_VERIFY_TOKEN,
  };
}

/**
 * How the fake and the app reach each other without the network: a request through the whole
 * app (its middleware, routing and signature check). The entry installs it once
 * (worker/src/index.ts), since the app is not importable from a module.
 */
export type AppDispatch = (request: Request, env: Env, ctx: WorkContext) => Promise<Response>;

let installed: AppDispatch | null = null;

export function installWhatsAppDispatch(dispatch: AppDispatch): void {
  installed = dispatch;
}

function ownContext(pending: Promise<unknown>[]): WorkContext {
  return {
    waitUntil: (p: Promise<unknown>) => void pending.push(p.catch(() => undefined)),
    passThroughOnException: () => undefined,
    props: {},
  };
}

/**
 * The `fetch` the adapter uses: the network for `cloud`; through the app itself for the fake (and
 * the fake's webhooks), awaiting what the dispatched request leaves to run.
 */
export function whatsappFetch(env: Env, settings: Pick<WhatsAppSettings, 'mode'>): typeof fetch {
  if (settings.mode === 'cloud') return (input, init) => fetch(input, init);
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!installed) throw new Error('No WhatsApp dispatch installed (worker/src/index.ts).');
    const request = new Request(input instanceof URL ? input.toString() : input, init);
    const pending: Promise<unknown>[] = [];
    const res = await installed(request, env, ownContext(pending));
    await Promise.all(pending);
    return res;
  };
}

/** The WhatsApp number (Meta's phone number id) a hotel's env answers for, or null when its link is off. */
export function whatsappNumberOf(env: Env): string | null {
  return whatsappSettings(env)?.phoneNumberId ?? null;
}
