/**
 * channel: selling on the online travel agencies through a channel manager (Channex API v1),
 * behind one adapter interface (providers/channel-adapter.ts; which provider runs is
 * channel-config.ts, the only file outside providers/ that names one).
 *
 * When an OTA booking arrives: Channex posts a webhook to /api/channel/webhooks/channex
 * (routes/webhooks.ts); the adapter checks its secret header and names the booking revisions,
 * each then read from Channex by its id (the cron's minute reads the feed too, for a webhook
 * lost). revisions.ts applies each once: revision-stays.ts maps every room to our room type and
 * plan, judges it (unmapped, overbooked, not sellable, too many guests, another currency: kept
 * and flagged for staff, never dropped) and hands the bookings module the channel stay port
 * (`RevisionStays implements ChannelStayPort`, declared by bookings), whose
 * `channelStays.commitChannelRevision` writes ONE batch: the revision's row (its key refuses a second
 * delivery), each room's booking made, moved or cancelled with its nights held, the guest's
 * notice, the staff's bell, and the OTA's city-ledger account (folio) when the OTA collects. The
 * revision is then acknowledged. The nights it held change what is for sale: the webhook being a
 * write request, the after-write hook below sends them at once (after a feed read, the next minute).
 *
 * When a price changes (or a booking, a block, an allotment, a room out of order): the module
 * that owns the table writes it through its own door, and the database's trigger on that table
 * queues the type and nights in the channel's outbox in the same statement (outbox-sources.ts
 * lists every one, held to the database by its test). After the write request has answered, the
 * channel's after-write hook (hooks.ts `channelAfterWrite`, which the entry mounts on /api/*)
 * runs the sender (sender.ts): one at a time, it computes the values now in force
 * (ari-values.ts), keeps only those changed since Channex last accepted them (sent-values.ts),
 * packs them into as few calls as Channex's size and 10-calls-a-minute limits allow, pushes them,
 * records what was accepted and what Channex ignored, and deletes the rows sent; on a failure it
 * keeps every row and backs off. The cron's minute (hooks.ts `runChannelMinute`) sends whatever
 * is left and reads the feed.
 *
 * Owns: the adapters (providers/: Channex's, and the fake channel manager of development, a
 * stand-in of Channex's API with its books, fake-channex-tables.ts); the mappings, the outbox,
 * what Channex last accepted and refused, the send record (tables.ts), the revisions received
 * (revision-tables.ts).
 * Offers: the routes the entry mounts (the webhook; the staff API `channelAdmin` at
 * /api/admin/channel: status, on/off, mappings, full sync; the fake's API `fakeChannexApi` at
 * /dev/channex/api/v1 and its test controls `fakeChannelControls` at /api/dev/channel); its hooks
 * (`channelAfterWrite`, `runChannelMinute`); `installChannelDispatch` (how the fake reaches the
 * app); the fake's settings (`FAKE_CHANNEX`, `fakeChannexFetch`); the sender and the feed poll
 * (`sendChannelOutbox`, `pollChannelFeed`) and the revisions received, for the channel's status.
 * Never: hands out its tables; writes a booking, a price or a room but through the door of the
 * module that owns it (bookings through the channel stay port); queues a change in its outbox
 * itself (the triggers do; it queues only a full sync: an admin's, or the mappings changed).
 * Imports: bookings, catalog, companies, inventory, rates.
 */
// Its hooks, which the entry mounts: after each write request, and the cron's every minute.
export { channelAfterWrite, runChannelMinute } from './hooks';
// In: the webhook the entry mounts at /api/channel/webhooks, the feed poll, and the revisions
// received (applied once each, flagged ones kept for staff) for the channel's status.
export { channelWebhookRoutes, pollChannelFeed } from './routes/webhooks';
export { flaggedRevisions, latestRevisions } from './revisions';
// Out: the staff API the entry mounts at /api/admin/channel, and the sender.
export { channelAdmin } from './routes/admin/channel';
export { sendOutbox as sendChannelOutbox } from './sender';
// The fake channel manager of development: its API and test controls, how it reaches the app.
export {
  FAKE_CHANNEX,
  fakeChannelControls,
  fakeChannexApi,
  fakeChannexFetch,
  installChannelDispatch,
} from './providers/fake';
