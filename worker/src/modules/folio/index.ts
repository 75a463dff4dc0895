/**
 * The folio (decisions 066 taxes, 067 folio, 068 invoices, 069 day close, city ledger).
 *
 * Owns: each stay's folio lines (charges, corrections, payments, refunds, transfers; append-only,
 * the balance kept by the database with each line), the taxes and the supplier's details, the tax
 * invoices and credit notes with their numbering and the rounding each one books on its folio
 * (`folio_roundings`, decision 068 "One truth"), the city ledger (what company accounts owe: the
 * transfers to them and their payments; the accounts themselves are modules/companies'), and the
 * closed business dates.
 *
 * Offers:
 * - routes: `folioApi`, every resource of the folio, the entry mounting each by its own prefix (a stay's folio and
 *   invoices, the invoices, the admin's taxes, tax report, invoices, city ledger, commissions and
 *   a master-billed group's folio, decision 076), and `invoicePage`, an invoice's printable page;
 * - the business date and posting: `lastClosedDateQuery`, `businessDateOf`, `businessDateQuery`,
 *   `chargeLineValues`, `stayNightPrices`, `nightsToPost`, `ownNightsBaisa`, `roomNightStatements`,
 *   `postedNightsQuery`, `postedNightSet`, `postedNightsOfQuery`, `postedNightsJsonSql`; a member of
 *   a master-billed group posts its room nights on the group's folio (`masterGroupIdSql`,
 *   `masterGroupQuery` tell a member's);
 * - statement builders for the caller's own D1 batch, each guarded by the caller's condition:
 *   a cancellation charge (`cancellationChargeStatement`), a transfer to a company account
 *   (`transferLineStatement`), corrections of kept charges (`correctionStatements`), the row that
 *   closes a day with its report (`dayCloseStatement`; `dayClosedAtSql` tells that batch's close);
 * - `paymentFolio`: the online payments and refunds as modules/payments posts and reads them (a
 *   payment line and a refund line for its batch, the scalars its guards read, a booking's
 *   payments and refunds summed);
 * - reads: a stay's latest invoice and what it was paid (`bookingBillsQuery`), kept charges
 *   (`keptChargesQuery`), a closed day's stored report (`closedDay`), a date's report stored or
 *   so far (`dayReport`), the tax settings, the nights
 *   still to come and the balance with them, the cancellation charges not yet invoiced;
 * - moves of its own: `issueInvoice`, `issueCreditNote`; the folio's integrity checks;
 * - `groupFolioHasLinesSql`: guards a group block's change of billing (modules/groups);
 * - `folioRefusal`: the database's refusals of a line (a closed day, a limit) as the API's errors;
 * - `outletFolio`: an outlet's check on a stay's folio (modules/outlets, decision 090): its charge
 *   lines and its void's corrections for the check's batch, its lines, a paid check's tax document,
 *   its series' number, its UBL and its printable page, the supplier and taxes a receipt names;
 * - `extraFolio`: an extra bought for a stay on its folio (modules/extras, decision 098): its charge
 *   lines for the purchase's batch, and the open ones a cancellation corrects;
 * - `folioLineKey`, for another module's foreign key to a line (the schema only);
 * - `journalFolio`: a closed date's lines, roundings and company payments with their documents, the
 *   balances its folios held before it, and the closed dates of a period (modules/accounting's
 *   journal, decision 100);
 * - `deskPostings`: the desk's charges and payments and a company's payment as staff make them (the
 *   demo seed's closed month, worker/src/seed, goes through them).
 *
 * Never: hands out its tables (other modules write lines only through these builders, so every
 * line keeps the folio's rules); posts a line outside the caller's batch when the caller has one;
 * changes or deletes a line (a mistake is corrected by a new line).
 * Imports: bookings, catalog (a room type's names), companies, inventory (the rooms for sale of a day's report).
 */
export { folioApi } from './routes';
export { invoicePage } from './routes/invoices';
export { fillSupplierIfBlank, readTaxSettings, type TaxSettings } from './tax-settings';
export {
  businessDateOf,
  businessDateQuery,
  chargeLineValues,
  lastClosedDateQuery,
  masterGroupIdSql,
  masterGroupQuery,
  nightsToPost,
  ownNightsBaisa,
  postedNightSet,
  postedNightsQuery,
  roomNightStatements,
  stayNightPrices,
} from './posting';
export {
  bookingBillsQuery,
  cancellationChargeStatement,
  folioLineKey,
  paymentFolio,
  postedNightsJsonSql,
  postedNightsOfQuery,
  transferLineStatement,
  uninvoicedCancellationCharges,
} from './line-statements';
export { dayCloseStatement, dayClosedAtSql } from './day-closes';
export { closedDay, dayReport } from './day-report';
export { folioIntegrityChecks } from './integrity-checks';
export { groupFolioHasLinesSql } from './group-folio';
export { issueCreditNote } from './credit-notes';
export { issueInvoice } from './invoices';
export { folioRefusal } from './folio';
export { deskPostings } from './desk-postings';
export { journalFolio } from './journal-sources';
export { outletFolio } from './outlet-lines';
export { extraFolio } from './extra-lines';
export { expectedBalance, nightsToCome } from './nights-to-come';
export {
  CANCELLATION_CHARGE_DESCRIPTION,
  CHECK_OUT_UNDONE_REASON,
  REINSTATEMENT_REASON,
  correctionStatements,
  keptChargesQuery,
} from './kept-charges';
