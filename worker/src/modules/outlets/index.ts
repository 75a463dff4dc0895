/**
 * outlets: the hotel's restaurant, café, spa, laundry, minibar … (docs/decisions/090-outlets.md).
 *
 * Owns: the outlets, their items, staff and outside systems' keys (hashed); the checks rung up at
 * them or posted by an outside point-of-sale system, settled to a room or paid at the outlet (its
 * own tax invoice, series OUT), and their voids (a room check's corrections, a paid one's credit
 * note, series OCN); the orders guests in house send from the app, which an outlet accepts (its
 * check to the room) or refuses (decision 102); their tables (tables.ts).
 * Offers: the routes the entry mounts (/api/admin/outlets, /api/outlets with its public menus,
 * /api/pos, /api/stays/:id/orders) and a check's pages on paper (its A4 tax invoice and its 80 mm
 * receipt, under /invoices/outlet/); `outletFor`, whether a member of staff works at an outlet (the
 * live socket of its tablet, modules/conversations);
 * `chargeMinibar`, the minibar's use a housekeeper reports in a room posted as the minibar
 * outlet's check to the stay, and `minibarMenuQuery`, its menu for the housekeeper's phone;
 * `seedOutlet`, the demo's outlets; for the accountant's journal (decision 100) the outlets'
 * names (`outletNamesQuery`) and a closed date's checks paid at an outlet and their voids
 * (`paidChecksOfDate`).
 * Uses the bookings' stays in house and their guard, and the folio's lines, taxes, business date,
 * documents' rules and UBL; tells the tablets and the guests' apps of an order through the live
 * port (platform/live-events.ts).
 * Never: writes a folio line but through the folio's door, inside the check's own batch; changes
 * or deletes a check (a void is a new row and new lines); keeps an outside system's key itself.
 * Imports: bookings, folio.
 */
export { outletsAdmin } from './routes/admin/outlets';
export { outletRoutes } from './routes/outlets';
export { outletMenuRoutes } from './routes/outlet-menus';
export { stayOrderRoutes } from './routes/stay-orders';
export { outletFor } from './outlet-reads';
export { posRoutes } from './routes/pos';
export { outletInvoicePage, outletReceiptPage } from './check-pages';
export { chargeMinibar, minibarMenuQuery } from './minibar-checks';
// The demo's outlets (worker/src/seed).
export { seedOutlet, type OutletSeed } from './outlet-seed';
export { outletNamesQuery, paidChecksOfDate, type JournalOutletSale } from './journal-checks';
