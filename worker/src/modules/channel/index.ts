/**
 * channel: selling on the online travel agencies through a channel manager (Channex API v1),
 * behind one adapter interface (providers/channel-adapter.ts).
 *
 * Owns: the channel manager's adapters (providers/), the fake channel manager of development
 * (providers/fake/: its HTTP API, its test controls, its webhooks) and its books
 * (fake-channex-tables.ts); the booking revisions received (revision-tables.ts: each applied once).
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
// In: the webhook the entry mounts at /api/channel/webhooks, the feed poll (the cron), and the
// revisions received (applied once each, flagged ones kept for staff) for the channel's status.
export { channelWebhookRoutes, pollChannelFeed } from './routes/webhooks';
export { flaggedRevisions, latestRevisions } from './revisions';
