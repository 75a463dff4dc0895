export { closeDueDays } from './day-close';
export { dayCloseAdmin, dayCloseCsvRoutes } from './routes/admin/day-close';
