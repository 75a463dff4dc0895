/**
 * housekeeping: housekeeping's day (docs/decisions/091-housekeeping-tasks.md).
 *
 * Owns: the tasks per room per day (departure clean, stay-over tidy, inspection, turndown), their
 * assignment, progress and times, the hotel's housekeeping rules; its tables
 * (tables.ts). Which tasks a day has is kept by the database with the room nights (migration 0089).
 * Offers: the routes the entry mounts; the statements that make a day's tasks, for the day close's
 * batch (`makeDayStatements`).
 * Never: sets a room's status but through the bookings' door (a task done); charges the minibar but
 * as the minibar outlet's check (the outlets' door); shows a housekeeper a guest's name or contact.
 * Imports: bookings, extras (an early check-in makes a room a rush by its hour), folio (the last
 * closed day, housekeeping's business day), guests, inventory, outlets.
 */
export { housekeepingTaskRoutes } from './routes/housekeeping-tasks';
export { makeDayStatements } from './tasks';
