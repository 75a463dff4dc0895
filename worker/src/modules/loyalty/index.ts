/**
 * loyalty: what a guest's points and VIP card buy (docs/decisions/048-worker-modules.md).
 *
 * Owns: the points ledger (points.ts; `point_transactions` the truth, `user_points` the balance
 * kept with it), the free night bought with points, VIP beneficiaries and their use, the points
 * and VIP routes; their tables (tables.ts).
 * Offers: the routes the entry mounts; the ledger's port for the bookings module
 * (`pointsLedgerPort`, installed by the entry: a stay earns and gives back in its status move's
 * batch); the points a stay earns (`pointsEarnedBy`, the desk's check-out); a guest's history
 * (`pointHistory`) and the points' part of a guest's data (`pointsGuestData`); a hotel's side of
 * points moved between the chain's hotels (`pointsMovedStatements`, `storedBalance`).
 * Never: hands out its tables; writes a booking but through the bookings module's door.
 * Imports: bookings, catalog.
 */
export { pointTransactionRoutes } from './routes/point-transactions';
export { pointsRoutes } from './routes/points';
export { userPointsRoutes } from './routes/user-points';
export { vip } from './routes/vip-beneficiaries';
// The points ledger's port for the bookings module (the entry installs it); the points a stay
// earns (the desk's check-out says so); a guest's history (their data's export).
export { pointHistory, pointsEarnedBy, pointsGuestData, pointsLedgerPort } from './points';
// What modules/chain reads and writes of a hotel's ledger when points move between hotels (decision 103).
export { pointsMovedStatements, storedBalance } from './points';
