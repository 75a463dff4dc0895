/**
 * revenue: revenue management: the history, the forecast and its backtest (docs/decisions/094-revenue-history-and-forecast.md).
 *
 * Owns: the hotel's history imported from its old system (a CSV in R2, read in chunks by the minute
 * cron; its lines by reference, the lines refused), each night and room type's booking curve and
 * final (`revenue_nights`, from the history and from the hotel's own stored closes), the Gulf's
 * calendar of events, the forecast of rooms sold for every night ahead with its band and reasons,
 * and its backtest beside three baselines (tables.ts).
 * Offers: the admin routes the entry mounts at /api/admin/revenue (`revenueAdmin`); the minute
 * cron's work (`runRevenueMinute`: imports, then the closes' books); a file queued for the cron
 * without an upload (`queueHistoryFile`: the development seed's demo history); for the price suggestions to come, the method's data
 * and forecast as values (`methodData`, `forecastNights`, `forecast`) and the calendar
 * (`eventsBetween`).
 * Never: makes a stay, a folio line or an invoice of the history (it is read by the forecast
 * only); reads bookings per call (the curves are kept by the import and the closes); writes a
 * price (the suggestions will, through the rates' door).
 * Imports: bookings, catalog, folio, inventory, reports.
 */
export { revenueAdmin } from './routes/admin/revenue';
export { runRevenueMinute } from './minute';
export { queueHistoryFile } from './history-import';
export { forecast, methodData, type MethodData } from './forecast';
export { forecastNights, type NightForecast } from './forecast-method';
export { eventsBetween } from './events';
