export { runIntegrityCheck } from './integrity';
export { auditLogCsvRoutes, auditLogRoutes } from './routes/admin/audit-log';
export { integrity } from './routes/admin/integrity';
export { dev } from './routes/dev';
export { health } from './routes/health';
