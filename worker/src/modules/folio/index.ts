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
 * - routes: the folio, invoices, the admin's taxes, tax report, invoices and city ledger;
 * - the business date and posting: `lastClosedDateQuery`, `businessDateOf`, `businessDateQuery`,
 *   `chargeLineValues`, `stayNightPrices`, `nightsToPost`, `roomNightStatements`,
 *   `postedNightsQuery`, `postedNightSet`, `postedNightsOfQuery`, `postedNightsJsonSql`;
 * - statement builders for the caller's own D1 batch, each guarded by the caller's condition:
 *   a payment line (`paymentLineStatement`), a refund line (`refundLineStatement`), a
 *   cancellation charge (`cancellationChargeStatement`), a transfer to a company account
 *   (`transferLineStatement`), corrections of kept charges (`correctionStatements`), the row that
 *   closes a day (`dayCloseStatement`);
 * - SQL scalars and conditions for the caller's guards: `paymentLineIdSql`,
 *   `paymentLinePostedSql`, `lineBookingSql`, `paidNetSql`, `lineAmountSql`, `refundedSql`,
 *   `refundLineIdSql`, `dayClosedAtSql`, the day close's report (`dayReportSql`,
 *   `roomsOutOfOrderSql`);
 * - reads: the folio (`readFolio`), payments and refunds summed (`paymentsAndRefundsQuery`),
 *   kept charges, the stored day close, a date's report stored or so far
 *   (`dayReport`, `closedDayReport`), the tax settings, the nights still to come;
 * - moves of its own: `issueInvoice`, `issueCreditNote`; the folio's integrity checks;
 * - a master-billed group's folio (decision 076; its routes, `groupFolioAdmin`; its members' room
 *   nights post there through `roomNightStatements`, `masterGroupIdSql` / `masterGroupQuery` tell
 *   a member's; `groupFolioHasLinesSql` guards a block's change of billing);
 * - `folioRefusal`: the database's refusals of a line (a closed day, a limit) as the API's errors;
 * - `outletFolio`: an outlet's check on a stay's folio (modules/outlets, decision 090): its charge
 *   lines and its void's corrections for the check's batch, its lines, a paid check's tax document,
 *   its series' number and its UBL.
 *
 * Never: hands out its tables (other modules write lines only through these builders, so every
 * line keeps the folio's rules); posts a line outside the caller's batch when the caller has one;
 * changes or deletes a line (a mistake is corrected by a new line).
 * Imports: bookings, companies.
 */
export { folioRoutes } from './routes/folio';
export { bookingInvoiceRoutes, invoicePage, invoiceRoutes } from './routes/invoices';
export { invoicesAdmin, invoicesCsvRoutes } from './routes/admin/invoices';
export { taxesAdmin } from './routes/admin/taxes';
export { taxReportAdmin, taxReportCsvRoutes } from './routes/admin/tax-report';
export { cityLedgerAdmin } from './routes/admin/city-ledger';
export { commissionsAdmin } from './routes/admin/commissions';
export { groupFolioAdmin } from './routes/admin/group-folio';
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
  cancellationChargeStatement,
  folioLineKey,
  lineAmountSql,
  lineBookingSql,
  latestInvoiceIdSql,
  paidNetOfLinesSql,
  paidNetSql,
  paymentLineBookingsSql,
  paymentLineIdSql,
  paymentLinePostedSql,
  paymentLineStatement,
  paymentLineWhere,
  paymentsAndRefundsQuery,
  postedNightsJsonSql,
  postedNightsOfQuery,
  refundedSql,
  refundLineIdSql,
  refundLineStatement,
  transferLineStatement,
  uninvoicedCancellationCharges,
} from './line-statements';
export { dayCloseStatement, dayClosedAtSql, lastClosedDate, storedDayClose } from './day-closes';
export { closedDayReport, dayReport, dayReportSql, roomsOutOfOrderSql } from './day-report';
export { folioIntegrityChecks } from './integrity-checks';
export { groupFolioHasLinesSql } from './group-folio';
export { issueCreditNote } from './credit-notes';
export { issueInvoice } from './invoices';
export { folioRefusal, readFolio } from './folio';
export { outletFolio } from './outlet-lines';
export { expectedBalance, nightsToCome } from './nights-to-come';
export {
  CANCELLATION_CHARGE_DESCRIPTION,
  CHECK_OUT_UNDONE_REASON,
  REINSTATEMENT_REASON,
  correctionStatements,
  keptChargesQuery,
  type KeptCharge,
} from './kept-charges';
