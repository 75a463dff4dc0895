/**
 * The fake payment provider (development only, decision 071): a stand-in for Thawani Pay inside
 * the development worker that speaks Thawani's E-Commerce API as its OpenAPI description ("Thawani
 * ECommerce API" 1.0) documents it (README.md beside this file quotes its field lists): its API
 * at `/dev/thawani/api/v1` (api.ts), its own books (`fake_thawani_*`, books.ts), its payment page
 * `/dev/pay/:session_id?key=` and test controls `/api/dev/payments` (../../routes/dev-pay.ts), and
 * Thawani's signed webhooks `{ data, event_type }` sent through the whole app (webhook.ts). The
 * app talks to it with the Thawani adapter (../thawani/), on the app's own origin, with the fixed
 * settings of constants.ts: the one adapter production runs is the one every test and journey runs.
 */
export { FAKE_THAWANI, THAWANI_LIMITS } from './constants';
export { fakeThawaniApi, sendWebhooks } from './api';
export {
  attempt,
  expireSession,
  moveRefund,
  paymentResource,
  refundResource,
  sessionById,
  sessionResource,
  setControls,
} from './books';
export { signedWebhook, thawaniSignature, type SignedWebhook, type ThawaniEventType } from './webhook';
