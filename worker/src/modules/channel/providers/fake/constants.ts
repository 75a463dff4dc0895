/**
 * The fake channel manager's fixed development settings: with `CHANNEL_MANAGER=fake` the Channex
 * adapter talks to the fake on the app's own origin with these, as it would to Channex with a
 * property's real ones. Development values only: nothing here is a secret.
 */
export const FAKE_CHANNEX = {
  /** The fake's API on the app's origin (the base URL = origin + basePath). */
  basePath: '/dev/channex/api/v1',
  /** The key every call carries in `user-api-key`, as Channex's. */
  apiKey: 'fake-channex-api-key',
  /** The one property the fake holds. */
  propertyId: 'fake-property',
  /**
   * The webhooks' shared secret. Channex signs nothing: a webhook carries the custom headers it
   * was created with, here `webhookHeader: webhookSecret`.
   */
  webhookSecret: 'fake-channex-webhook-secret',
  webhookHeader: 'x-channex-webhook-secret',
  /** Where the fake sends its webhooks (the app's channel webhook). */
  webhookPath: '/api/channel/webhooks/channex',
  /** Channex's limits: calls a rolling minute, per kind, per property. */
  callsPerMinute: 10,
} as const;

/** The fake's currency: the hotel's (its amounts on the wire are decimal rials, three decimals). */
export const FAKE_CURRENCY = 'OMR';
