/**
 * day-close: the hotel's business day and its closing (docs/decisions/069-day-close.md).
 *
 * Owns: closing a business date (its missed arrivals become no-shows; in one batch the nights of
 * the stays in house are posted and the day's report stored) and the admin report; no tables of
 * its own (the closed days' rows are the folio's); the close makes the next day's housekeeping tasks
 * and has the day's journal kept (modules/accounting).
 * Offers: the routes the entry mounts; `closeDueDays`, run by the cron at 03:00 Asia/Muscat.
 * Never: posts to the folio but through the folio's door; is imported by another module (only
 * the entry calls it).
 * Imports: accounting, bookings, folio, groups, housekeeping, reports.
 */
export { closeDueDays } from './day-close';
export { dayCloseAdmin, dayCloseCsvRoutes } from './routes/admin/day-close';
