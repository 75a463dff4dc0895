import type { ExecutionContext as WorkContext } from 'hono';
import type { Env } from '../../platform/env';
import type { ChannelAdapter } from './providers/channel-adapter';
import { channexAdapter } from './providers/channex';
import { FAKE_CHANNEX } from './providers/fake/constants';
import { fakeChannexFetch } from './providers/fake/dispatch';

/**
 * Which channel manager runs: `CHANNEL_MANAGER` (`fake`, `channex` or `off`); without a setting,
 * `fake` in development and `off` elsewhere. The fake is never used outside development. The
 * Channex adapter serves both: with the fake its base URL is the app's own origin +
 * /dev/channex/api/v1, its key and secret the fake's fixed development values, and its calls go
 * through the app itself (no network).
 */
export type ChannelManager = 'fake' | 'channex' | 'off';

export function configuredChannel(env: Env): ChannelManager {
  const setting = env.CHANNEL_MANAGER;
  if (setting === 'fake') return env.ENVIRONMENT === 'development' ? 'fake' : 'off';
  if (setting === 'channex' || setting === 'off') return setting;
  return env.ENVIRONMENT === 'development' ? 'fake' : 'off';
}

/**
 * Whether the configured provider knows the hotel's room types and plans by the app's own codes
 * where no mapping names them (ChannelAdapter.knowsOwnCodes): the fake does, Channex does not.
 */
export function knowsOwnCodes(env: Env): boolean {
  return configuredChannel(env) === 'fake';
}

/** What is missing for Channex (the settings' names), empty when it can run. */
function missingChannexSettings(env: Env): string[] {
  return (
    ['CHANNEX_BASE_URL', 'CHANNEX_API_KEY', 'CHANNEX_PROPERTY_ID', 'CHANNEX_WEBHOOK_SECRET'] as const
  ).filter((name) => !env[name]);
}

/** The settings the configured provider lacks (their names), empty when it can run or none is configured. */
export function missingSettings(env: Env): string[] {
  return configuredChannel(env) === 'channex' ? missingChannexSettings(env) : [];
}

/**
 * The configured adapter, or null while the link is `off` or Channex lacks a setting.
 * `origin`: the app's (the request's, or APP_ORIGIN outside a request); `ctx`: the request's or
 * the cron's, for what the fake's dispatched requests leave to run.
 */
export function channelAdapter(
  env: Env,
  origin: string,
  deps: { ctx?: WorkContext; fetchImpl?: typeof fetch } = {},
): ChannelAdapter | null {
  const manager = configuredChannel(env);
  if (manager === 'fake') {
    return channexAdapter(
      {
        baseUrl: `${origin.replace(/\/+$/, '')}${FAKE_CHANNEX.basePath}`,
        apiKey: FAKE_CHANNEX.apiKey,
        propertyId: FAKE_CHANNEX.propertyId,
        webhookSecret: FAKE_CHANNEX.webhookSecret,
        webhookHeader: FAKE_CHANNEX.webhookHeader,
        knowsOwnCodes: knowsOwnCodes(env),
      },
      deps.fetchImpl ?? fakeChannexFetch(env, deps.ctx),
      'fake',
    );
  }
  if (manager === 'channex' && missingChannexSettings(env).length === 0) {
    return channexAdapter(
      {
        baseUrl: env.CHANNEX_BASE_URL!,
        apiKey: env.CHANNEX_API_KEY!,
        propertyId: env.CHANNEX_PROPERTY_ID!,
        webhookSecret: env.CHANNEX_WEBHOOK_SECRET!,
        webhookHeader: FAKE_CHANNEX.webhookHeader,
      },
      deps.fetchImpl ?? fetch,
    );
  }
  return null;
}
