/**
 * loyalty: what a guest's points and VIP card buy (docs/decisions/048-worker-modules.md).
 *
 * Owns: the free night bought with points, VIP beneficiaries and their use, the points and VIP
 * routes; its tables (tables.ts). The points ledger itself is the bookings module's (a stay
 * earns points in the same batch as its completion).
 * Offers: routes only, mounted by the entry.
 * Never: hands out its tables; writes the points ledger but through the bookings module's
 * statements (`redeemStatement`, `recomputeBalance`).
 */
export { pointTransactionRoutes } from './routes/point-transactions';
export { pointsRoutes } from './routes/points';
export { userPointsRoutes } from './routes/user-points';
export { vip } from './routes/vip-beneficiaries';
