/**
 * reviews: guest reviews and their moderation (docs/decisions/048-worker-modules.md).
 *
 * Owns: reviews (tables.ts), their moderation by staff.
 * Offers: the routes the entry mounts; its part of a guest's data (`reviewsGuestData`); the reviews
 * as messages read them (`reviewMessageRows`).
 * Never: hands out its table; keeps its counts itself (statistics' roll-ups, read through
 * `approvedReviewTotalsQuery` and `reviewCountsByStatusQuery`); sends a message itself (it
 * raises events through platform/notify.ts).
 * Imports: bookings, statistics.
 */
export { adminReviewRoutes } from './routes/admin/reviews';
export { reviewRoutes } from './routes/reviews';
// Its part of a guest's export and erasure (modules/privacy); its reviews as the notification
// channels read them (modules/messaging).
export { reviewsGuestData } from './guest-data';
export { reviewMessageRows } from './message-rows';
