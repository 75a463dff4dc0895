/**
 * extras: what a guest buys for a stay before arriving (docs/decisions/098-stay-extras.md).
 *
 * Owns: the hotel's offers (an upgrade from one room type to another, an early check-in or late
 * check-out with price tiers by the hour and a daily cap, breakfast, an airport transfer, any other
 * extra) with their photos in R2, each stay's purchases (confirmed at once or requested of the desk,
 * declined, expired unanswered at arrival, cancelled with the stay) and the offers each stay was
 * shown by channel; their tables (tables.ts).
 * Offers: the routes the entry mounts (the admin's offers, the desk's requests, a stay's extras and
 * purchases, the offers report, the photos); the cancellation hook the entry installs
 * (`extrasCancellationHook`); the hourly expiry of requests (`expireRequests`); what the desk's day
 * and housekeeping read of a stay's extras (`stayExtras`); whether the hotel has offers on sale
 * (`extrasOnSaleQuery`, the WhatsApp message's).
 * Never: hands out its tables; writes a folio line but through the folio's door, or a stay's type,
 * holds or hour but through the bookings' door, inside the purchase's own batch; takes a payment
 * itself (the payments' door opens the checkout).
 * Imports: bookings, catalog, folio, inventory, payments, rates.
 */
export { extrasAdmin } from './routes/admin/extras';
export { extraPurchasesAdmin } from './routes/admin/extra-purchases';
export { extrasReportAdmin } from './routes/admin/extras-report';
export { bookingExtrasRoutes } from './routes/booking-extras';
export { extraPhotoRoutes } from './routes/extra-photos';
export { extrasCancellationHook } from './cancellation';
export { expireRequests as expireExtraRequests } from './requests';
export { stayExtras, extrasOnSaleQuery } from './stay-extras';
