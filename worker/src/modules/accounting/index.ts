/**
 * accounting: the accountant's journal (docs/decisions/100-the-accountants-journal.md).
 *
 * Owns: the hotel's chart of accounts as the journal uses it (each category's account, the
 * defaults from Odoo's Oman chart, the journal's code) and each closed day's journal as kept
 * (tables.ts), balanced to the baisa, in Odoo's import format.
 * Offers: the routes the entry mounts (`accountingAdmin`, /api/admin/accounting); `keepDayJournal`,
 * which the day close calls once a day is closed, so its journal is made from the day as it closed.
 * Never: writes a folio line, a payment or a document (it reads them through their owners' doors);
 * changes or deletes a kept journal (a later correction is in its own day's journal); exports a
 * day that is not closed, or one with a category that has no account.
 * Imports: bookings, catalog, companies, folio, outlets.
 */
export { accountingAdmin } from './routes/admin/accounting';
export { keepDayJournal } from './journal';
