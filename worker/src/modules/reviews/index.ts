/**
 * reviews: guest reviews and their moderation (docs/decisions/048-worker-modules.md).
 *
 * Owns: reviews (tables.ts), their moderation by staff.
 * Offers: routes only, mounted by the entry.
 * Never: hands out its table; keeps its counts itself (statistics' roll-ups, read through
 * `approvedReviewTotalsQuery` and `reviewCountsByStatusQuery`); sends a message itself (it
 * raises events through platform/notify.ts).
 * Imports: bookings, statistics.
 */
export { adminReviewRoutes } from './routes/admin/reviews';
export { reviewRoutes } from './routes/reviews';
