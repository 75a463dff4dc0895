/**
 * The fake channel manager (development only): a stand-in for Channex inside the development
 * worker that speaks its HTTP API v1 (`/dev/channex/api/v1`, api.ts), keeps its own books
 * (`fake_channex_*`, ../../fake-channex-tables.ts), sends its webhooks through the whole app
 * (webhook.ts), and has test controls (`/api/dev/channel`, controls.ts). The app talks to it with
 * the Channex adapter, on the app's own origin, with the fixed settings of constants.ts.
 */
export { FAKE_CHANNEX } from './constants';
export { fakeChannexApi } from './api';
export { fakeChannelControls } from './controls';
export { fakeChannexFetch, installChannelDispatch } from './dispatch';
export { webhookBody, type FakeWebhookBody } from './webhook';
export { rialsToBaisa } from './ari';
