/**
 * rates: what a stay costs (docs/decisions/048-worker-modules.md).
 *
 * Owns: the rate plans and their nightly rates (tables.ts), pricing a stay (pricing.ts: plans,
 * restrictions, offers), the rates admin, the hotel's structured data for search engines.
 * Offers: the routes the entry mounts; pricing a stay (`priceStay`, or `pricingQueries` in a
 * caller's batch then `pricedFromRows`); the plans' and nights' rows as queries for a batch
 * (`ratePlansQuery`, `rateNightsWindowQuery`, `rateNightsAllTypesQuery`) and their readers
 * (`plansByCode`, `toRateNight`, `toRatePlan`, `sellablePlanChain`, `priced`); the plans' terms
 * for e-mails and payments (plan-queries.ts); the structured data script; for revenue's price
 * suggestions, the rate calendar's nights (`readRateCalendar`) and the statements that write
 * nights one by one with their audit line, for the caller's batch (`nightChangeStatements`).
 * Never: hands out its tables; imports a module but the catalogue (offers' prices).
 * Imports: catalog.
 */

// Routes, mounted by the entry (worker/src/index.ts).
export { ratePlanRoutes } from './routes/rate-plans';
export { ratePlansAdmin } from './routes/admin/rate-plans';
export { ratesAdmin } from './routes/admin/rates';
export { structuredDataScript } from './structured-data';

// Pricing, for bookings and the assistant.
export {
  assertFits,
  plansByCode,
  priceStay,
  pricedFromRows,
  pricingQueries,
  priced,
  rateNightsAllTypesQuery,
  rateNightsWindowQuery,
  ratePlansQuery,
  sellablePlanChain,
  sellableType,
  toRateNight,
  toRatePlan,
  type PricedStay,
} from './pricing';
export { type RateNightRow, type RatePlanRow } from './tables';

// The rate calendar read, and nights written one by one (revenue's approved suggestions, decision 101).
export { nightChangeStatements, readRateCalendar, type NightChange, type RateStatement } from './rates-admin';

// A new room type on the standard plan, for the batch creating it (bookings' room types admin).
export { sellOnStandardPlanStatement } from './room-type-plans';

// The plans' terms, for messaging's e-mails and payments' deposits.
export { depositTermsOfPlansQuery, planDepositQuery, ratePlanTermsQuery } from './plan-queries';
