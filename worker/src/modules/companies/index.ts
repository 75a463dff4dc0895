/**
 * companies: the companies, travel agents and online travel agencies a stay or a group is booked
 * for, each with its city-ledger account (docs/decisions/077-companies-and-travel-agents.md).
 *
 * Owns: the accounts (tables.ts: `city_ledger_accounts`; its balance is kept by the database's
 * triggers with each folio transfer and company payment, which are the folio's); an account's
 * profile (kind, negotiated plans, an agent's commission, contact); the OTAs' accounts.
 * Offers: the accounts' admin (list, create, change) and the seed's demo accounts; an account as
 * the API shows it (`findCityLedgerAccount`); reads for a caller's batch: an account
 * (`cityLedgerAccountQuery`), the ones a booking names (`tradeAccountsQuery`), the ledger's balance
 * (`cityLedgerBalanceSql`), an OTA's (`otaCityLedgerAccountQuery`), a company's profile, names and
 * invoice details, the travel agents asked for (commissions); the statement that opens an OTA's
 * account in the batch taking its first booking (`openOtaCityLedgerAccountStatement`).
 * Never: hands out its tables; writes an account's balance (the folio's lines and payments move
 * it); imports a module but rates (an account's negotiated plans are the hotel's).
 * Imports: rates.
 */
export {
  cityLedgerAccountQuery,
  createCityLedgerAccount,
  findCityLedgerAccount,
  listCityLedgerAccounts,
  openOtaCityLedgerAccountStatement,
  otaCityLedgerAccountQuery,
  seedCityLedgerAccount,
  tradeAccountsQuery,
  travelAgentsAsked,
  updateCityLedgerAccount,
} from './accounts';
export {
  companyInvoiceDetailsQuery,
  companyNameSql,
  cityLedgerBalanceSql,
  companyNamesQuery,
  companyProfileQuery,
} from './company-reads';
