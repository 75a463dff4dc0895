/**
 * privacy: a guest's own data (docs/decisions/048-worker-modules.md).
 *
 * Owns: a guest's export and erasure of their data (`/api/account`), ID document retention; no
 * tables of its own.
 * Offers: the routes the entry mounts; the daily clean-up's part (`purgeExpiredIdData`,
 * `sweepOrphanIdDocuments`).
 * Never: is imported by another module. An export or erasure reads and writes a guest's rows in
 * every module by nature (account-data.ts, a recorded exception of the tables rule,
 * .dependency-cruiser.cjs).
 * Imports: accounts, assistant, bookings, catalog, draws, front-desk, guests, loyalty, messaging, reviews.
 */
export { purgeExpiredIdData, sweepOrphanIdDocuments } from './id-retention';
export { accountRoutes } from './routes/account';
