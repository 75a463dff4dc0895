/**
 * messaging: what reaches a guest or staff member (docs/decisions/048-worker-modules.md).
 *
 * Owns: the e-mail and Web Push outboxes (the notification channels), e-mail templates, the
 * calendar file, push subscriptions, the in-app notifications list; their tables
 * (email-outbox-tables.ts, push-tables.ts).
 * Offers: the channels the entry installs (`notifyChannels`, see platform/notify.ts); the routes
 * the entry mounts; the daily clean-up's part (`purgeSettledOutboxes`); its part of a guest's
 * data (`messagingGuestData`: notifications, push subscriptions, e-mails to their address).
 * Never: hands out its tables; is imported by the modules that raise events (they notify through
 * platform/notify.ts); names another module's tables: its channels queue rows with INSERT ...
 * SELECT from the rows the raising module offers (`bookingRowsQuery`, `entryMessageRows`,
 * `reviewMessageRows`, `conversationMessageRows`; decision 048).
 * Imports: assistant, bookings, catalog, conversations, draws, folio, inventory, lost-found, payments, rates, revenue, reviews.
 */
export { notifyChannels } from './channels';
export { purgeSettledOutboxes } from './outbox-retention';
export { notificationRoutes } from './routes/notifications';
export { pushRoutes } from './routes/push';
export { bookingCalendarRoutes } from './routes/calendar';
// Its part of a guest's export and erasure (modules/privacy).
export { messagingGuestData } from './guest-data';
