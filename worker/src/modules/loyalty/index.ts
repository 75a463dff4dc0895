export { pointTransactionRoutes } from './routes/point-transactions';
export { pointsRoutes } from './routes/points';
export { userPointsRoutes } from './routes/user-points';
export { vip } from './routes/vip-beneficiaries';
