export { refuseGuestWritesInMaintenance } from './maintenance';
export { sweepOrphanMedia } from './media';
export { offersShownToday, offersShownTodayQuery, todaysOfferNightPrices, withPrices } from './offers';
export { servePage } from './pages';
export { mediaAdmin } from './routes/admin/media';
export { offersAdmin } from './routes/admin/offers';
export { servicesAdmin } from './routes/admin/services';
export { siteSettingsAdmin } from './routes/admin/site-settings';
export { mediaFiles } from './routes/media';
export { offerRoutes } from './routes/offers';
export { roomRoutes } from './routes/rooms';
export { serviceRoutes } from './routes/services';
export { siteSettingsRoutes } from './routes/site-settings';
export { vipCardRoutes } from './routes/vip-cards';
export { readSiteSettings, type SiteSettings } from './site-settings';
export {
  events,
  type LocalizedText,
  offers,
  rooms,
  type ServiceContact,
  services,
  siteSettings,
  vipCardTypes,
} from './tables';
