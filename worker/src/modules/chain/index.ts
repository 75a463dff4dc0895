/**
 * chain: several hotels on one deployment (docs/decisions/103-several-hotels.md).
 *
 * Owns: the chain's own database (chain-migrations/: the hotels' registry as the app shows it, the
 * accounts, the guest identity index, the chain's roles, the handoffs, the points moved between
 * hotels, the closed days pushed) and, in each hotel's database, what the hotel keeps for the chain
 * (tables.ts: the outbox its triggers fill, the transfers' keys, the mirrors' versions).
 * Offers: the routes the entry mounts (`/api/hotels`, `/api/chain`, `/api/admin/chain`); the mirror
 * of a chain account before a sign-in (`mirrorChainAccount`) and the push after a write
 * (`pushAfterWrite`); the points port loyalty asks through platform/chain-points.ts
 * (`chainPointsPort`); the chain's cron (`runChainCrons`); a guest's erasure across the chain (its
 * part of the guest's data, `chainGuestData`, and the port privacy asks, `chainErasurePort`).
 * Never: joins a hotel's database with another's or with the chain's in a statement (a call, a push
 * or the index crosses); writes a hotel's tables but through their modules' doors and platform's
 * users; is imported by another module (only the entry, and privacy for the guest's data part).
 * Imports: bookings, catalog, folio, inventory, loyalty.
 */
export { hotelRoutes } from './routes/hotels';
export { chainRoutes } from './routes/chain';
export { chainAdmin } from './routes/admin/chain';
export { mirrorChainAccount, pushAfterWrite } from './account-middleware';
export { chainPointsPort, settleOpenTransfers } from './points';
export { pushAllHotels, pushHotel } from './push';
// A guest's erasure across the chain: its part of the guest's data, and the port privacy asks.
export { chainGuestData } from './guest-data';
export { chainErasurePort } from './erasure';
export { runChainCrons } from './crons';
