/**
 * privacy: a guest's own data (docs/decisions/048-worker-modules.md).
 *
 * Owns: a guest's export and erasure of their data (`/api/account`), ID document retention; no
 * tables of its own.
 * Offers: the routes the entry mounts; the daily clean-up's part (`purgeExpiredIdData`,
 * `sweepOrphanIdDocuments`); this hotel's erasure as the chain runs it (`hotelErasurePort`).
 * Never: is imported by another module; names another module's tables (each module offers its part
 * of a guest's data, platform/guest-data.ts; account-data.ts composes them).
 * Imports: accounts, assistant, bookings, catalog, chain, conversations, draws, front-desk, guests,
 * lost-found, loyalty, messaging, reviews, whatsapp.
 */
export { purgeExpiredIdData, sweepOrphanIdDocuments } from './id-retention';
export { accountRoutes } from './routes/account';
export { hotelErasurePort } from './chain-erasure';
