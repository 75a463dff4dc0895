export { taxesAdmin } from './routes/admin/taxes';
export { readTaxSettings, type TaxSettings } from './tax-settings';
export {
  cityLedgerAccounts,
  cityLedgerPayments,
  dayCloses,
  documentCounters,
  folioLines,
  invoiceLines,
  invoices,
  taxes,
  taxSettings,
} from './tables';
export {
  businessDateOf,
  businessDateQuery,
  chargeLineValues,
  lastClosedDateQuery,
  nightsToPost,
  postedNightSet,
  postedNightsQuery,
  roomNightStatements,
  stayNightPrices,
  type ChargeValues,
} from './posting';
export { cityLedgerAdmin } from './routes/admin/city-ledger';
export { taxReportAdmin, taxReportCsvRoutes } from './routes/admin/tax-report';
export { bookingInvoiceRoutes, invoicePage, invoiceRoutes } from './routes/invoices';
export { invoicesAdmin, invoicesCsvRoutes } from './routes/admin/invoices';
export { issueCreditNote, issueInvoice, readInvoice } from './invoices';
export { folioLineView, folioRefusal, readFolio, type Folio, type FolioLineView } from './folio';
export { folioRoutes } from './routes/folio';
export { expectedBalance, nightsToCome, type NightToCome } from './nights-to-come';
export {
  CANCELLATION_CHARGE_DESCRIPTION,
  CHECK_OUT_UNDONE_REASON,
  REINSTATEMENT_REASON,
  correctionStatements,
  keptChargesQuery,
  type KeptCharge,
} from './kept-charges';
