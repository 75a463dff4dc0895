/**
 * catalog: what the hotel offers and says about itself (docs/decisions/048-worker-modules.md).
 *
 * Owns: room types, offers (and their prices), services, VIP card types, hotel events, the site
 * settings, staff photos (media), page serving, maintenance mode; their tables (tables.ts,
 * media-tables.ts).
 * Offers: the routes the entry mounts; the site settings (`readSiteSettings`, the one read of
 * them); today's offers as a query for a batch; queries of rooms, services, VIP cards and the
 * settings' row for a caller's batch, a room type's or the settings' field as a scalar of the
 * caller's statement (catalog-queries.ts); the maintenance guard; the clean-up's
 * orphan photo sweep.
 * Never: hands out its tables; imports another module (every module may read it).
 * Imports: none.
 */

// Routes, mounted by the entry (worker/src/index.ts).
export { mediaAdmin } from './routes/admin/media';
export { offersAdmin } from './routes/admin/offers';
export { servicesAdmin } from './routes/admin/services';
export { siteSettingsAdmin } from './routes/admin/site-settings';
export { mediaFiles } from './routes/media';
export { offerRoutes } from './routes/offers';
export { roomRoutes } from './routes/rooms';
export { roomTypeRoutes } from './routes/room-types';
export { serviceRoutes } from './routes/services';
export { siteSettingsRoutes } from './routes/site-settings';
export { vipCardRoutes } from './routes/vip-cards';
export { servePage } from './pages';
export { refuseGuestWritesInMaintenance } from './maintenance';

// The hotel's settings, offers and catalogue, read by other modules.
export { readSiteSettings, type SiteSettings } from './site-settings';
export { offersShownToday, offersShownTodayQuery, withPrices } from './offers';
export {
  activeServicesQuery,
  roomRowsQuery,
  roomTypeFieldSql,
  roomTypeQuery,
  roomTypesQuery,
  siteSettingFieldSql,
  siteSettingsRowQuery,
  vipCardTypesQuery,
} from './catalog-queries';
export { type LocalizedText, type ServiceContact } from './tables';

// Room types, the hotel's own data: their views, and the statements that write them (the
// bookings module's admin routes put them in one batch with the inventory and the audit line).
export {
  findRoomType,
  listRoomTypes,
  newRoomTypeStatement,
  refuseRoomTypeWriteIf,
  roomTypeView,
  updateRoomTypeStatement,
} from './room-types';
// A JSON body's room type checked against the table (400 invalid_room_type, as a malformed one).

// The daily clean-up (worker/src/cleanup.ts).
export { sweepOrphanMedia } from './media';
