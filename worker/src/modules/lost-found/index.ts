/**
 * lost-found: items found in the hotel, matched to the stay that had their room, their guests
 * told, handed back or disposed of after the hotel's keeping period
 * (docs/decisions/092-work-orders-and-lost-and-found.md).
 *
 * Owns: the found items, their log and the keeping period (tables.ts); their photos in R2.
 * Offers: the routes the entry mounts; its part of a guest's data (`lostFoundGuestData`); the
 * items as the messages read them (`lostItemMessageRows`).
 * Never: hands out its tables; sends a message itself (it raises `lost_item_found` through
 * platform/notify.ts, whose channels say it: the e-mail today, the guest's WhatsApp later).
 * Imports: bookings, inventory.
 */
export { lostFoundAdmin } from './routes/admin/lost-found';
export { lostFoundGuestData } from './guest-data';
export { lostItemMessageRows } from './guest-notice';
