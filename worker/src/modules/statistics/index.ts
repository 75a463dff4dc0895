export { statisticsAccessRoutes } from './routes/admin/statistics';
export { statisticsRoutes } from './routes/statistics';
export { serviceVisitRoutes } from './routes/track-service-visit';
export { countSiteVisit, isGuestPageLoad } from './site-visit-counting';
export { rollupReviews } from './tables';
