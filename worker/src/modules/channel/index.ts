/**
 * channel: selling on the online travel agencies through a channel manager (Channex API v1),
 * behind one adapter interface (providers/channel-adapter.ts).
 *
 * Owns: the channel manager's adapters (providers/), the fake channel manager of development
 * (providers/fake/: its HTTP API, its test controls, its webhooks) and its books
 * (fake-channex-tables.ts).
 * Offers: the routes the entry mounts (the fake's API `fakeChannexApi` at /dev/channex/api/v1,
 * its test controls `fakeChannelControls` at /api/dev/channel); `installChannelDispatch` (the
 * entry installs how a request reaches the app); the fake's fixed settings (`FAKE_CHANNEX`) and
 * `fakeChannexFetch` (the Channex adapter's fetch while the fake runs).
 * Never: hands out its tables; changes a booking, a price or a room but through the door of the
 * module that owns it.
 */
export {
  FAKE_CHANNEX,
  fakeChannelControls,
  fakeChannexApi,
  fakeChannexFetch,
  installChannelDispatch,
} from './providers/fake';
