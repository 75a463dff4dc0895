/**
 * messaging: what reaches a guest or staff member (docs/decisions/048-worker-modules.md).
 *
 * Owns: the e-mail and Web Push outboxes (the notification channels), e-mail templates, the
 * calendar file, push subscriptions, the in-app notifications list; their tables
 * (email-outbox-tables.ts, push-tables.ts).
 * Offers: the channels the entry installs (`notifyChannels`, see platform/notify.ts); the routes
 * the entry mounts; the daily clean-up's part (`purgeSettledOutboxes`).
 * Never: hands out its tables; is imported by the modules that raise events (they notify through
 * platform/notify.ts). Its channels queue rows with INSERT ... SELECT from the raising module's
 * rows (decision 048), the one place it reads other modules' tables.
 * Imports: assistant, bookings, catalog, draws, folio, payments, rates, reviews.
 */
export { notifyChannels } from './channels';
export { purgeSettledOutboxes } from './outbox-retention';
export { notificationRoutes } from './routes/notifications';
export { pushRoutes } from './routes/push';
export { bookingCalendarRoutes } from './routes/calendar';
