export { adminReviewRoutes } from './routes/admin/reviews';
export { reviewRoutes } from './routes/reviews';
export { reviews } from './tables';
