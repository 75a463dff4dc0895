/**
 * revenue: revenue management: the history, the forecast and its backtest, the price suggestions
 * (docs/decisions/094-revenue-history-and-forecast.md and 101-price-suggestions.md).
 *
 * Owns: the hotel's history imported from its old system (a CSV in R2, read in chunks by the minute
 * cron; its lines by reference, the lines refused), each night and room type's booking curve and
 * final (`revenue_nights`, from the history and from the hotel's own stored closes), the Gulf's
 * calendar of events, the forecast of rooms sold for every night ahead with its band and reasons,
 * and its backtest beside three baselines; the price suggestions' settings, limits and locks, the
 * suggestions applied and the autopilot's runs (tables.ts).
 * Offers: the admin routes the entry mounts at /api/admin/revenue (`revenueAdmin`); the minute
 * cron's work (`runRevenueMinute`: imports, then the closes' books, then the autopilot after a new
 * close); a file queued for the cron without an upload (`queueHistoryFile`: the development seed's
 * demo history); the method's data and forecast as values (`methodData`, `forecastNights`,
 * `forecast`) and the calendar (`eventsBetween`); the autopilot's runs for its e-mail
 * (`autopilotRunMessageRows`).
 * Never: makes a stay, a folio line or an invoice of the history (it is read by the forecast
 * only); reads bookings per call (the curves are kept by the import and the closes); writes a
 * price but through the rates' door (`nightChangeStatements`, in its own batch).
 * Imports: bookings, catalog, folio, inventory, rates, reports.
 */
export { revenueAdmin } from './routes/admin/revenue';
export { runRevenueMinute } from './minute';
export { queueHistoryFile } from './history-import';
export { forecast, methodData, type MethodData } from './forecast';
export { forecastNights, type NightForecast } from './forecast-method';
export { eventsBetween } from './events';
export { autopilotRunMessageRows } from './apply-suggestions';
