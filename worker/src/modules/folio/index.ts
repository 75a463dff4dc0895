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
