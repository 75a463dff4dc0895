export {
  plansByCode,
  priceStay,
  pricedFromRows,
  pricingQueries,
  priced,
  rateNightsAllTypesQuery,
  rateNightsWindowQuery,
  ratePlansQuery,
  sellablePlanChain,
  sellablePlans,
  toRateNight,
  toRatePlan,
  type PricedStay,
  type PricingOptions,
  type StayToPrice,
} from './pricing';
export { ratePlanRoutes } from './routes/rate-plans';
export { ratePlansAdmin } from './routes/admin/rate-plans';
export { ratesAdmin } from './routes/admin/rates';
export { hotelStructuredData, structuredDataScript } from './structured-data';
export { rateNights, ratePlans, type RateNightRow, type RatePlanRow } from './tables';
