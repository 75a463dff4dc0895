export {
  plansByCode,
  priceStay,
  pricedFromRows,
  pricingQueries,
  priced,
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
export { rateNights, ratePlans, type RateNightRow, type RatePlanRow } from './tables';
