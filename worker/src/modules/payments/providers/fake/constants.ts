/**
 * The fake payment provider's fixed development settings: with `PAYMENT_PROVIDER=fake` the Thawani
 * adapter talks to the fake on the app's own origin with these, as it would to Thawani with the
 * hotel's real keys. Development values only: nothing here is a secret.
 */
export const FAKE_THAWANI = {
  /** The fake's API on the app's origin (Thawani's `https://uatcheckout.thawani.om/api/v1`). */
  apiPath: '/dev/thawani/api/v1',
  /** Its payment page: the guest goes to `<origin><pagePath>/<session_id>?key=<publishableKey>`. */
  pagePath: '/dev/pay',
  /** The secret key every API call carries in `thawani-api-key`. */
  secretKey: 'fake-thawani-secret-key',
  /** The publishable key the payment page's address carries. */
  publishableKey: 'fake-thawani-publishable-key',
} as const;

/** Thawani's documented limits (its OpenAPI description, "Create Session"). */
export const THAWANI_LIMITS = {
  /** "the sum of the order should always be greater than or equals to 100 baisas". */
  minOrderBaisa: 100,
  /** `products[].unit_amount`: minimum 1, maximum 5000000000. */
  maxUnitAmount: 5_000_000_000,
  /** `products[].name`: maxLength 40. */
  productNameMax: 40,
  /** `products`: "For `payment` mode, maximum of 100 products"; `quantity` 1 to 100. */
  maxProducts: 100,
  maxQuantity: 100,
  /** `expire_in_minutes`: minimum 30, maximum 10080; the default is 24 hours. */
  expireMinutes: { min: 30, max: 10_080, default: 24 * 60 },
} as const;
