/**
 * channel: selling on the online travel agencies through a channel manager (Channex API v1),
 * behind one adapter interface (providers/channel-adapter.ts; providers/README.md).
 *
 * Owns: the channel manager's adapters (providers/), the fake channel manager of development
 * (providers/fake/: its HTTP API, its test controls, its webhooks) and its books
 * (fake-channex-tables.ts); the mappings, the outbox, what Channex last accepted and refused, the
 * send record (tables.ts) and the booking revisions received (revision-tables.ts: each applied
 * once).
 * Offers: the routes the entry mounts (the fake's API `fakeChannexApi` at /dev/channex/api/v1,
 * its test controls `fakeChannelControls` at /api/dev/channel); `installChannelDispatch` (the
 * entry installs how a request reaches the app); the fake's fixed settings (`FAKE_CHANNEX`) and
 * `fakeChannexFetch` (the Channex adapter's fetch while the fake runs); the staff API
 * `channelAdmin` at /api/admin/channel; the sender (`sendChannelSoon` after each write request,
 * `sendChannelOutbox` on the cron), whose outbox the database's triggers fill in each change's own
 * statement (migration 0069).
 * Never: hands out its tables; changes a booking, a price or a room but through the door of the
 * module that owns it.
 * Imports: bookings, catalog, companies, rates.
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
// Out: the staff API the entry mounts at /api/admin/channel (status, on/off, mappings, full
// sync), and the sender (after each write request, and on the cron).
export { channelAdmin } from './routes/admin/channel';
export { sendOutbox as sendChannelOutbox, sendSoon as sendChannelSoon } from './sender';
