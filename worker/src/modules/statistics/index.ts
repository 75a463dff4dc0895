/**
 * statistics: the dashboard's figures (docs/decisions/048-worker-modules.md).
 *
 * Owns: the dashboard, its roll-up tables (tables.ts, kept by triggers), the statistics gate,
 * site and service visit counting.
 * Offers: the routes the entry mounts; visit counting for the entry; the reviews' counts as
 * queries for a batch (review-rollups.ts).
 * Never: hands out its tables; imports another module.
 * Imports: none.
 */
export { statisticsAccessRoutes } from './routes/admin/statistics';
export { statisticsRoutes } from './routes/statistics';
export { serviceVisitRoutes } from './routes/track-service-visit';
export { countSiteVisit, isGuestPageLoad } from './site-visit-counting';
export { approvedReviewTotalsQuery, reviewCountsByStatusQuery } from './review-rollups';
